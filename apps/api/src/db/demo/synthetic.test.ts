import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { generateSyntheticListings } from '../synthetic.js';

// How fast it is belongs to `npm run bench` (which seeds with it), not here.
describe.each(DB_KINDS)('synthetic listings for benchmarks (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('bulk-inserts N listings spread over governorates, types and prices, searchable like real ones', async () => {
    expect(await generateSyntheticListings(t.db, 3000, { batchSize: 1000, rates: t.config.EXCHANGE_RATES })).toBe(3000);
    const rows = await t.db.selectFrom('listings').select(['governorate_id', 'property_type', 'status', 'price_usd', 'location']).execute();
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => r.governorate_id)).size).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.property_type)).size).toBe(6);
    const approved = rows.filter((r) => r.status === 'approved').length;
    expect(approved).toBeGreaterThan(2600);
    expect(approved).toBeLessThan(3000);
    expect(rows.every((r) => r.location != null && (r.price_usd ?? 0) > 0)).toBe(true);
    const res = await http(t.url, 'POST', '/api/v1/listings/search', { body: { governorate_id: 3, listing_type: 'FOR_RENT', limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(50);
  });
});
