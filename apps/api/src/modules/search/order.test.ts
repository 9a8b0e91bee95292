/**
 * The orders of search over HTTP (issue 24): each sort holds across pages, listings sold or rented come after
 * the available ones in every order, and the home's latest (availability 'available') never shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTS, DEFAULT_EXCHANGE_RATES, type SearchSort } from '@manzil/shared';
import { priceUsd } from '../listings/search-text.js';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

interface Row {
  id: number;
  price_usd: number | null;
  area: number | null;
  created: number;
  availability: string;
}

const available = (r: Row) => r.availability === 'available';

/** The order the API promises, computed here from what was inserted. */
function expected(rows: Row[], sort: SearchSort): number[] {
  const key = (r: Row): number | null => (sort === 'price_asc' || sort === 'price_desc' ? r.price_usd : sort === 'area_desc' ? r.area : r.created);
  const desc = sort !== 'price_asc';
  return [...rows]
    .sort((a, b) => {
      if (available(a) !== available(b)) return available(a) ? -1 : 1;
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) {
        if (ka === null) return 1; // nulls last either way
        if (kb === null) return -1;
        return desc ? kb - ka : ka - kb;
      }
      return b.id - a.id;
    })
    .map((r) => r.id);
}

describe.each(DB_KINDS)('search order (%s)', (kind) => {
  let t: TestApp;
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { user } = await createUser(t);
    // 27 public listings: prices and areas that tie now and then (the id breaks ties), some without a price or
    // an area, every fifth one sold or rented, the newest of all among them.
    for (let i = 0; i < 27; i++) {
      const availability = i % 5 === 1 ? (i % 2 ? 'rented' : 'sold') : 'available';
      const price = i % 9 === 3 ? null : 1000 * ((i * 7) % 11) + 500;
      const currency = i % 3 === 0 ? 'YER' : 'USD';
      const area = i % 8 === 5 ? null : 50 + ((i * 13) % 17) * 10;
      const created = Date.UTC(2025, 0, 1 + i);
      const id = await insertListing(t.db, user.id, {
        listing_type: i % 2 ? 'FOR_RENT' : 'FOR_SALE', price, currency, area_sqm: area, availability,
        created_at: new Date(created), governorate_id: 3, district_id: 34,
      });
      rows.push({ id, price_usd: priceUsd(price, currency, DEFAULT_EXCHANGE_RATES), area, created, availability });
    }
    // Not public: never in any order.
    await insertListing(t.db, user.id, { status: 'pending', availability: 'available', created_at: new Date(Date.UTC(2026, 0, 1)) });
  });
  afterAll(() => t.close());

  const search = (body: Record<string, unknown>) => http(t.url, 'POST', '/api/v1/listings/search', { body });
  const pageIds = async (body: Record<string, unknown>) => {
    const r = await search(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.items as { id: number; availability: string }[];
  };

  it.each(SORTS)('%s: page 1 then page 2 follow one order, no listing twice or missing, sold and rented last', async (sort) => {
    const want = expected(rows, sort);
    const p1 = await pageIds({ sort, limit: 12, skip: 0 });
    const p2 = await pageIds({ sort, limit: 12, skip: 12 });
    const p3 = await pageIds({ sort, limit: 12, skip: 24 });
    const got = [...p1, ...p2, ...p3];
    expect(got.map((x) => x.id)).toEqual(want);
    expect(new Set(got.map((x) => x.id)).size).toBe(rows.length);
    // Every available listing before every sold or rented one.
    const firstGone = got.findIndex((x) => x.availability !== 'available');
    expect(firstGone).toBe(rows.filter(available).length);
    expect(got.slice(firstGone).every((x) => x.availability !== 'available')).toBe(true);
    // The map's pins keep the same order and say which are gone.
    const pins = await search({ sort, limit: 1000, min_lat: -90, view: 'map' });
    expect(pins.body.items.map((x: { id: number }) => x.id)).toEqual(want);
    expect(pins.body.items.filter((x: { availability: string }) => x.availability !== 'available').length).toBe(rows.filter((r) => !available(r)).length);
  });

  it('with a filter, the sold and rented of that filter come last too', async () => {
    const rent = rows.filter((_, i) => i % 2 === 1);
    const items = await pageIds({ listing_type: 'FOR_RENT', sort: 'price_desc', limit: 100 });
    expect(items.map((x) => x.id)).toEqual(expected(rent, 'price_desc'));
  });

  it("the home's latest (availability 'available') never includes a listing sold or rented", async () => {
    const newest = [...rows].sort((a, b) => b.created - a.created);
    // The newest listing of all is sold or rented: without the filter it would be on the home page.
    expect(available(newest[0]!)).toBe(false);
    const latest = await search({ skip: 0, limit: 4, sort: 'newest', availability: 'available' });
    expect(latest.status).toBe(200);
    expect(latest.body.items.map((x: { id: number }) => x.id)).toEqual(newest.filter(available).slice(0, 4).map((r) => r.id));
    expect(latest.body.total).toBe(rows.filter(available).length);
    const gone = await search({ limit: 100, availability: 'sold' });
    expect(gone.body.items.every((x: { availability: string }) => x.availability === 'sold')).toBe(true);
    expect(gone.body.items.length).toBeGreaterThan(0);
    expect((await search({ availability: 'gone' })).status).toBe(422);
  });

  it('sold or rented alone, in every order and with its total', async () => {
    for (const availability of ['sold', 'rented']) {
      const these = rows.filter((r) => r.availability === availability);
      for (const sort of SORTS) {
        const r = await search({ limit: 100, sort, availability });
        expect(r.body.items.map((x: { id: number }) => x.id)).toEqual(expected(these, sort));
        expect(r.body.total).toBe(these.length);
      }
    }
  });
});
