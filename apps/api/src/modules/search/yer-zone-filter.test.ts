/**
 * A search's price bounds in rials (price_currency YER) convert at the rate zone of the place the filter names
 * (issue 29): the district's exception first, else the governorate's zone; with no place, at EXCHANGE_RATES' YER
 * as before. Over HTTP on each database, and the saved-search alerts matching exactly what search finds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBody } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { MatchCache, matchingSearches } from '../alerts/match.js';

/** 53,000,000 rials: 100,000 USD at the old notes' 530 (Sana'a), 32,776.75 USD at the new notes' 1,617 (Aden). */
const PRICE = 53_000_000;
/** The national default of this test's EXCHANGE_RATES, apart from both zones' rates so each can be told. */
const DEFAULT_YER = 600;

describe.each(DB_KINDS)('search: YER price bounds at the zone of the filter\'s place (%s)', (kind) => {
  let t: TestApp;
  let aden: number;
  let sanaa: number;
  /** Taiz (new notes) but its district Shar'ab As-Salam (199) is an old-note exception. */
  let sharab: number;
  let ours: number[];

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false', EXCHANGE_RATES: `USD=1,SAR=3.75,YER=${DEFAULT_YER}` } });
    const owner = await createUser(t);
    const yer = { price: PRICE, currency: 'YER' as const };
    aden = await insertListing(t.db, owner.user.id, { ...yer, governorate_id: 3, district_id: 34, latitude: 12.79, longitude: 45.02 });
    sanaa = await insertListing(t.db, owner.user.id, { ...yer, governorate_id: 1 });
    sharab = await insertListing(t.db, owner.user.id, { ...yer, governorate_id: 12, district_id: 199 });
    ours = [aden, sanaa, sharab];
  });
  afterAll(async () => t?.close());

  const usd = async (id: number) => (await t.db.selectFrom('listings').select('price_usd').where('id', '=', id).executeTakeFirstOrThrow()).price_usd;
  /** Which of our three listings a search finds. */
  const found = async (filters: Record<string, unknown>) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { ...filters, limit: 100 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.items as { id: number }[]).map((i) => i.id).filter((id) => ours.includes(id)).sort((a, b) => a - b);
  };
  const exactly = (price: number) => ({ min_price: price, max_price: price, price_currency: 'YER' });

  it('the listings are stored at their zones\' rates', async () => {
    expect([await usd(aden), await usd(sanaa), await usd(sharab)]).toEqual([32_776.75, 100_000, 100_000]);
  });

  it("a YER filter on Aden's governorate finds the Aden listing at the new notes' rate; on Sana'a's, the Sana'a one at the old notes'", async () => {
    expect(await found({ ...exactly(PRICE), governorate_id: 3 })).toEqual([aden]);
    expect(await found({ ...exactly(PRICE), governorate_id: 1 })).toEqual([sanaa]);
    expect(await found({ min_price: PRICE - 1_000_000, price_currency: 'YER', governorate_id: 3 })).toEqual([aden]);
    expect(await found({ max_price: PRICE - 1_000_000, price_currency: 'YER', governorate_id: 3 })).toEqual([]);
    // Sana'a the city as the footer links it: both governorates, one zone.
    expect(await found({ ...exactly(PRICE), governorate_id: [1, 2] })).toEqual([sanaa]);
  });

  it('a bound too small to divide by the rate (5e-324 rials: an underflow to PostgreSQL) is a bound of 0, not a 500', async () => {
    expect(await found({ max_price: 5e-324, price_currency: 'YER', governorate_id: 3, sort: 'price_desc' })).toEqual([]);
    expect(await found({ min_price: 5e-324, price_currency: 'YER', governorate_id: 3 })).toEqual([aden]);
  });

  it("a district's exception comes first; a district alone takes its governorate's zone", async () => {
    expect(await found({ ...exactly(PRICE), governorate_id: 12, district_id: 199 })).toEqual([sharab]);
    expect(await found({ ...exactly(PRICE), district_id: 199 })).toEqual([sharab]);
    expect(await found({ ...exactly(PRICE), city_id: 199 })).toEqual([sharab]);
    // Taiz as a whole is in the new-note zone: 53,000,000 rials there is 32,776.75 USD, not Shar'ab's 100,000.
    expect(await found({ ...exactly(PRICE), governorate_id: 12 })).toEqual([]);
    expect(await found({ ...exactly(PRICE), district_id: 34 })).toEqual([aden]);
  });

  it('with no place, or governorates at different rates, the bound converts at EXCHANGE_RATES\' YER as before', async () => {
    // 60,000,000 rials at 600 is 100,000 USD: the Sana'a and Shar'ab listings' value.
    expect(await found(exactly(60_000_000))).toEqual([sanaa, sharab]);
    expect(await found(exactly(PRICE))).toEqual([]);
    expect(await found({ ...exactly(60_000_000), governorate_id: [1, 3] })).toEqual([sanaa]);
    // USD bounds are unchanged by the place.
    expect(await found({ min_price: 32_776.75, max_price: 32_776.75, price_currency: 'USD', governorate_id: 3 })).toEqual([aden]);
  });

  it('saved-search alerts match exactly what search finds for the same YER filters', async () => {
    const { user } = await createUser(t);
    const filterSets: Record<string, unknown>[] = [
      { ...exactly(PRICE), governorate_id: 3 },
      { ...exactly(PRICE), governorate_id: 1 },
      { ...exactly(PRICE), governorate_id: 12, district_id: 199 },
      { ...exactly(PRICE), governorate_id: 12 },
      { ...exactly(PRICE), district_id: 34 },
      exactly(60_000_000),
      exactly(PRICE),
    ];
    const ids: number[] = [];
    for (const f of filterSets) {
      const parsed = searchBody.parse(f) as Record<string, unknown>;
      for (const k of ['skip', 'limit', 'view']) delete parsed[k];
      for (const k of Object.keys(parsed)) if (parsed[k] === undefined) delete parsed[k];
      const row = await t.db.insertInto('saved_searches').values({ user_id: user.id, name: 'x', filters: JSON.stringify(parsed), frequency: 'instant' }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const cache = new MatchCache(t.config.EXCHANGE_RATES);
    let matched = 0;
    for (const listing of ours) {
      const expected: number[] = [];
      for (const [i, f] of filterSets.entries()) if ((await found(f)).includes(listing)) expected.push(ids[i]!);
      const got = await matchingSearches(t.db, listing, cache);
      expect(got.sort((a, b) => a - b), `listing ${listing}`).toEqual(expected.sort((a, b) => a - b));
      matched += got.length;
    }
    expect(matched).toBe(6);
  });
});
