import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';

// Search's counts and pages are read from partial indexes of the public listings. Each must carry the whole public
// condition, or every row it yields is read from the table to check `withheld` (migration 037).
describe.each(DB_KINDS)('the public listings indexes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t?.close());

  it('each holds only public listings, withheld ones left out, so its scans need no table row', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'listings' and indexname like 'listings_public%' order by indexname`.execute(t.db);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const lacking = rows.filter((r) => !/status = 'approved'.*is_active.*withheld = '\{\}'/.test(r.indexdef)).map((r) => r.indexname);
    expect(lacking).toEqual([]);
    // Text goes through the words' GIN (migration 038); a trigram GIN beside it would cost every write for nothing.
    expect(rows.map((r) => r.indexname)).toContain('listings_public_words');
    expect(rows.map((r) => r.indexname)).not.toContain('listings_public_text_trgm');
  });
});
