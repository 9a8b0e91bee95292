/**
 * District medians (issue 29) over HTTP on a real database: GET /market/insights never shows a figure backed by
 * fewer than 5 listings (4 → absent, 5 → present with the right median), counts public listings with a price and
 * an area only, never mixes sale and rent, and filters by governorate, district, listing and property type;
 * bad parameters answer 422 (the API's validation status, DESIGN §4); anonymous, users and admins read the same.
 * GET /listings/{id}/market-position: the listing beside its district's median, null under 5, 404 as the
 * details page answers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing, type ListingInput } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('market insights (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: User;
  /** Three districts of Amanat Al-Asimah (1) and one of Aden (3). */
  let d1: number;
  let d2: number;
  let d3: number;
  let aden: number;
  /** A public flat for sale in d1 at 1,000 USD/m², the cheapest of its district's five. */
  let cheapFlat: number;
  const hidden: Record<string, number> = {};
  let noArea: number;

  const insights = (query: string, token?: string) => http(t.url, 'GET', `/api/v1/market/insights${query}`, { token });
  const position = (id: number, token?: string) => http(t.url, 'GET', `/api/v1/listings/${id}/market-position`, { token });
  /** A listing of 100 m² at `perSqm` USD a m² (USD: its price_usd is its price whatever the rial's rate). */
  const add = (perSqm: number, over: ListingInput = {}) =>
    insertListing(t.db, owner.user.id, { price: perSqm * 100, currency: 'USD', area_sqm: 100, governorate_id: 1, district_id: d1, ...over });
  const rows = (r: { body: { districts: { district_id: number; property_type: string; median_usd_per_sqm: number; listings: number }[] } }) =>
    r.body.districts.map((d) => [d.district_id, d.property_type, d.median_usd_per_sqm, d.listings]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, other, admin] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' })];
    const ds = await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').limit(3).execute();
    [d1, d2, d3] = ds.map((d) => d.id) as [number, number, number];
    aden = (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 3).orderBy('id').executeTakeFirstOrThrow()).id;

    // d1, flats for sale: 1,000 … 1,300 and one dear outlier; the median is 1,200 however dear the outlier.
    cheapFlat = await add(1000);
    for (const v of [1100, 1200, 1300, 9000]) await add(v);
    // Never counted: not public, or no price or area. Counted, they would pull d1's median down to 1,000 or lower.
    hidden.pending = await add(10, { status: 'pending' });
    hidden.rejected = await add(10, { status: 'rejected' });
    hidden.inactive = await add(10, { is_active: false });
    hidden.expired = await add(10);
    hidden.reported = await add(10);
    await t.db.updateTable('listings').set({ withheld: ['expired'] }).where('id', '=', hidden.expired).execute();
    await t.db.updateTable('listings').set({ withheld: ['hidden', 'reported'] }).where('id', '=', hidden.reported).execute();
    noArea = await add(10, { area_sqm: null });
    await add(10, { price: null });
    // d1, flats for rent (USD a m² a month): 5 … 9, median 7; never mixed with the sale figures.
    for (const v of [5, 6, 7, 8, 9]) await add(v, { listing_type: 'FOR_RENT' });
    // d1, villas for sale: 500 … 900, median 700.
    for (const v of [500, 600, 700, 800, 900]) await add(v, { property_type: 'VILLA', bedrooms: 5 });
    // d2, flats for sale: only 4 so far.
    for (const v of [2000, 2100, 2200, 2300]) await add(v, { district_id: d2 });
    // d3, flats for sale: six, so the median falls between two (percentile_cont interpolates): 350.
    for (const v of [100, 200, 300, 400, 500, 600]) await add(v, { district_id: d3 });
    // Aden, flats for sale: 5, median 3.
    for (const v of [1, 2, 3, 4, 5]) await add(v, { governorate_id: 3, district_id: aden, latitude: 12.8, longitude: 45.03 });
  }, 60_000);
  afterAll(async () => t?.close());

  it('gives a figure only where at least 5 listings back it: 4 listings → absent, the 5th → present with the right median', async () => {
    const before = await insights('?governorate_id=1&listing_type=FOR_SALE&property_type=APARTMENT');
    expect(before.status).toBe(200);
    expect(rows(before)).toEqual([
      [d1, 'APARTMENT', 1200, 5],
      [d3, 'APARTMENT', 350, 6],
    ]);
    expect(before.body).toMatchObject({ listing_type: 'FOR_SALE', governorate_id: 1, district_id: null, currency: 'USD', price_period: 'total', min_listings: 5 });
    expect(JSON.stringify(before.body)).not.toContain(`"district_id":${d2},`);

    const fifth = await add(2400, { district_id: d2 });
    try {
      const after = await insights('?governorate_id=1&listing_type=FOR_SALE&property_type=APARTMENT');
      expect(rows(after)).toEqual([
        [d2, 'APARTMENT', 2200, 5],
        [d1, 'APARTMENT', 1200, 5],
        [d3, 'APARTMENT', 350, 6],
      ]);
    } finally {
      await t.db.deleteFrom('listings').where('id', '=', fifth).execute();
    }
  });

  it('counts public listings only: a listing leaving public view takes its district under 5 and out', async () => {
    await t.db.updateTable('listings').set({ withheld: ['off_market'] }).where('id', '=', cheapFlat).execute();
    try {
      const r = await insights('?governorate_id=1&property_type=APARTMENT');
      expect(rows(r)).toEqual([[d3, 'APARTMENT', 350, 6]]);
    } finally {
      await t.db.updateTable('listings').set({ withheld: [] }).where('id', '=', cheapFlat).execute();
    }
  });

  it('never mixes sale and rent: sale by default, rent per month on its own', async () => {
    const sale = await insights('?district_id=' + d1);
    expect(sale.body).toMatchObject({ listing_type: 'FOR_SALE', price_period: 'total', district_id: d1 });
    expect(rows(sale)).toEqual([
      [d1, 'APARTMENT', 1200, 5],
      [d1, 'VILLA', 700, 5],
    ]);
    const rent = await insights(`?district_id=${d1}&listing_type=FOR_RENT`);
    expect(rent.body).toMatchObject({ listing_type: 'FOR_RENT', price_period: 'month' });
    expect(rows(rent)).toEqual([[d1, 'APARTMENT', 7, 5]]);
  });

  it('filters by governorate, district and property type, and names each district in both languages', async () => {
    const all = await insights('');
    expect(rows(all)).toEqual([
      [d1, 'APARTMENT', 1200, 5],
      [d1, 'VILLA', 700, 5],
      [d3, 'APARTMENT', 350, 6],
      [aden, 'APARTMENT', 3, 5],
    ]);
    const names = await t.db.selectFrom('districts').select(['name_en', 'name_ar']).where('id', '=', aden).executeTakeFirstOrThrow();
    expect(all.body.districts[3]).toMatchObject({ governorate_id: 3, name_en: names.name_en });
    expect(all.body.districts[3].name_ar).toBeTruthy();
    expect(rows(await insights('?governorate_id=3'))).toEqual([[aden, 'APARTMENT', 3, 5]]);
    expect(rows(await insights('?property_type=VILLA'))).toEqual([[d1, 'VILLA', 700, 5]]);
    expect(rows(await insights(`?district_id=${d3}`))).toEqual([[d3, 'APARTMENT', 350, 6]]);
    // A district outside the governorate asked about: nothing, rather than another governorate's figures.
    expect(rows(await insights(`?governorate_id=1&district_id=${aden}`))).toEqual([]);
    expect(rows(await insights('?governorate_id=5'))).toEqual([]);
    expect(rows(await insights('?listing_type=FOR_RENT&property_type=HOUSE'))).toEqual([]);
  });

  it('answers 422 with the field to bad parameters', async () => {
    for (const q of ['?listing_type=SALE', '?property_type=CASTLE', '?governorate_id=abc', '?governorate_id=0', '?district_id=-3', '?district_id=1.5', '?governorate_id=99999999999']) {
      const r = await insights(q);
      expect(r.status, q).toBe(422);
      expect(r.body.detail[0].loc[0]).toBe('querystring');
    }
  });

  it('is the same public, cacheable answer for anonymous visitors, users and admins', async () => {
    const first = await insights('?governorate_id=1');
    for (const token of [undefined, other.token, admin.token]) {
      const r = await insights('?governorate_id=1', token);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(first.body);
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it("places a listing against its district's median, for anyone", async () => {
    for (const token of [undefined, other.token, owner.token, admin.token]) {
      const r = await position(cheapFlat, token);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
      expect(r.body).toEqual({
        listing_id: cheapFlat,
        comparison: {
          listing_type: 'FOR_SALE',
          property_type: 'APARTMENT',
          district_id: d1,
          governorate_id: 1,
          name_en: expect.any(String),
          name_ar: expect.any(String),
          usd_per_sqm: 1000,
          median_usd_per_sqm: 1200,
          listings: 5,
          difference_pct: -17,
          price_period: 'total',
        },
      });
    }
    const rent = await t.db.selectFrom('listings').select('id').where('listing_type', '=', 'FOR_RENT').where('price', '=', 900).executeTakeFirstOrThrow();
    expect((await position(rent.id)).body.comparison).toMatchObject({ usd_per_sqm: 9, median_usd_per_sqm: 7, difference_pct: 29, price_period: 'month' });
  });

  it('gives no comparison under 5 listings or without an area', async () => {
    const inD2 = await t.db.selectFrom('listings').select('id').where('district_id', '=', d2).executeTakeFirstOrThrow();
    expect((await position(inD2.id)).body).toEqual({ listing_id: inD2.id, comparison: null });
    expect((await position(noArea)).body).toEqual({ listing_id: noArea, comparison: null });
  });

  it('answers 404 about a non-public listing to the public and other users; its owner and admins get it, not stored', async () => {
    for (const id of [hidden.pending!, hidden.inactive!, hidden.expired!]) {
      expect((await position(id)).status).toBe(404);
      expect((await position(id, other.token)).status).toBe(404);
      for (const token of [owner.token, admin.token]) {
        const r = await position(id, token);
        expect(r.status).toBe(200);
        expect(r.headers.get('cache-control')).toBe('private, no-store');
        // Compared with the public listings of its district; not one of them itself.
        expect(r.body.comparison).toMatchObject({ median_usd_per_sqm: 1200, listings: 5, usd_per_sqm: 10, difference_pct: -99 });
      }
    }
    for (const token of [undefined, other.token, admin.token]) expect((await position(99_999_999, token)).status).toBe(404);
  });
});
