import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticListings } from '../../db/synthetic.js';
import { createTestApp, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { countCap } from './service.js';

describe('countCap', () => {
  it('is the next thousand at least 500 past the page', () => {
    expect(countCap(0, 12)).toBe(1000);
    expect(countCap(480, 12)).toBe(1000);
    expect(countCap(492, 12)).toBe(2000);
    expect(countCap(5000, 12)).toBe(6000);
    expect(countCap(0, 100)).toBe(1000);
  });
});

// The total is exact below the cap, capped (and flagged) above it, and the cap follows the page so the
// pager can always reach the next pages (issue 8: the count never costs much more than the page).
describe.each(DB_KINDS)('search total with more matches than the cap (%s)', (kind) => {
  let t: TestApp;
  let matches = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await generateSyntheticListings(t.db, 2600, { seed: 7 });
    matches = (await sql<{ n: number }>`select count(*)::int as n from listings where status = 'approved' and is_active`.execute(t.db)).rows[0]!.n;
  }, 120_000);
  afterAll(() => t?.close());

  const search = async (body: object) => {
    const res = await http(t.url, 'POST', '/api/v1/listings/search', { body });
    expect(res.status).toBe(200);
    return res.body as { items: { id: number }[]; total: number; total_capped: boolean };
  };

  it('caps the first pages at 1,000 and says so', async () => {
    expect(matches).toBeGreaterThan(2000);
    const r = await search({ skip: 0, limit: 12 });
    expect(r).toMatchObject({ total: 1000, total_capped: true });
    expect(r.items).toHaveLength(12);
  });

  it('moves the cap along with the page', async () => {
    const r = await search({ skip: 996, limit: 12 });
    expect(r).toMatchObject({ total: 2000, total_capped: true });
    expect(r.items).toHaveLength(12);
  });

  it('pages a dense area the same whichever index finds it (first request: GiST; once counted: newest first)', async () => {
    const yemen = { min_lat: 12, max_lat: 19, min_lon: 42, max_lon: 54 };
    const polygon = [[12, 42], [19, 42], [19, 54], [12, 54]];
    for (const area of [yemen, { polygon_coordinates: polygon }]) {
      for (const skip of [0, 24]) {
        const first = await search({ skip, limit: 12, ...area });
        const again = await search({ skip, limit: 12, ...area });
        expect(first.total).toBe(1000);
        expect(first.items).toHaveLength(12);
        expect(again.items.map((x) => x.id)).toEqual(first.items.map((x) => x.id));
        expect(again.total).toBe(first.total);
      }
    }
    // Newest first: the same order as the whole country without an area.
    const all = await search({ skip: 0, limit: 12 });
    expect((await search({ skip: 0, limit: 12, ...yemen })).items.map((x) => x.id)).toEqual(all.items.map((x) => x.id));
  });

  it('is exact once the cap passes the last match', async () => {
    const r = await search({ skip: 2004, limit: 12 });
    expect(r).toMatchObject({ total: matches, total_capped: false });
    // A narrow filter stays exact from the first page.
    const rare = await search({ skip: 0, limit: 12, property_type: 'VILLA', listing_type: 'FOR_RENT', min_bedrooms: 7 });
    expect(rare.total_capped).toBe(false);
    expect(rare.total).toBe(
      (await sql<{ n: number }>`select count(*)::int as n from listings where status = 'approved' and is_active
        and property_type = 'VILLA' and listing_type = 'FOR_RENT' and bedrooms >= 7`.execute(t.db)).rows[0]!.n,
    );
  });
});
