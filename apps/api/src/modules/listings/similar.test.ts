/**
 * GET /listings/{id}/similar (issue 28) over HTTP on a real database: only public listings of the same listing
 * and property type within ±35% of the price, never the listing itself; its district first, then its
 * governorate, then the rest by distance, listings without a point last in each; at most 8; the cards are
 * search's; 404 as the details page answers it, as anonymous, another user, the owner and an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing, insertMedia, type ListingInput } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('similar listings (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: User;
  let d1: number;
  let d2: number;
  /** The listing asked about and what must come back for it, in order. */
  let base: number;
  let expected: number[];
  const excluded: Record<string, number> = {};

  const similar = (id: number, token?: string) => http(t.url, 'GET', `/api/v1/listings/${id}/similar`, { token });
  const ids = (r: { body: { items: { id: number }[] } }) => r.body.items.map((i) => i.id);
  // Points north of the base listing's (15.3694, 44.191), `deg` degrees away.
  const at = (deg: number) => ({ latitude: 15.3694 + deg, longitude: 44.191 });
  const add = (over: ListingInput) => insertListing(t.db, owner.user.id, { price: 100_000, currency: 'USD', ...over });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, other, admin] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' })];
    const ds = await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').limit(2).execute();
    [d1, d2] = [ds[0]!.id, ds[1]!.id];
    const inD1 = { governorate_id: 1, district_id: d1 };
    base = await add({ ...inD1, ...at(0), title_en: 'The listing itself' });
    // Created oldest first, so "newest first" cannot explain the order asked for.
    const otherGovNoPoint = await add({ governorate_id: 3, latitude: null, longitude: null });
    const otherGovFar = await add({ governorate_id: 3, ...at(3) });
    const otherGovNear = await add({ governorate_id: 3, ...at(1) });
    // Nearer than the district's far one, yet after every listing of the district.
    const sameGov = await add({ governorate_id: 1, district_id: d2, ...at(0.02) });
    const sameDistNoPoint = await add({ ...inD1, latitude: null, longitude: null });
    const sameDistFar = await add({ ...inD1, ...at(0.05), price: 65_000 });
    const sameDistNear = await add({ ...inD1, ...at(0.01), price: 135_000 });
    expected = [sameDistNear, sameDistFar, sameDistNoPoint, sameGov, otherGovNear, otherGovFar, otherGovNoPoint];
    await insertMedia(t.db, sameDistNear);

    excluded.pending = await add({ ...inD1, ...at(0.001), status: 'pending' });
    excluded.rejected = await add({ ...inD1, ...at(0.001), status: 'rejected' });
    excluded.inactive = await add({ ...inD1, ...at(0.001), is_active: false });
    excluded.expired = await add({ ...inD1, ...at(0.001) });
    excluded.hidden = await add({ ...inD1, ...at(0.001) });
    await t.db.updateTable('listings').set({ withheld: ['expired'] }).where('id', '=', excluded.expired).execute();
    await t.db.updateTable('listings').set({ withheld: ['hidden', 'reported'] }).where('id', '=', excluded.hidden).execute();
    excluded.forRent = await add({ ...inD1, ...at(0.001), listing_type: 'FOR_RENT' });
    excluded.villa = await add({ ...inD1, ...at(0.001), property_type: 'VILLA' });
    excluded.tooDear = await add({ ...inD1, ...at(0.001), price: 135_100 });
    excluded.tooCheap = await add({ ...inD1, ...at(0.001), price: 64_900 });
    excluded.noPrice = await add({ ...inD1, ...at(0.001), price: null });
    // 100,000 in Yemeni rials is about 190 USD: prices are compared in USD, which every listing has.
    excluded.rials = await add({ ...inD1, ...at(0.001), price: 100_000, currency: 'YER' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists public listings of the same types within ±35% of the price: district, governorate, then by distance, pointless last', async () => {
    const r = await similar(base);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(expected);
    expect(ids(r)).not.toContain(base);
    for (const id of Object.values(excluded)) expect(ids(r)).not.toContain(id);
    for (const it of r.body.items) expect(it).toMatchObject({ listing_type: 'FOR_SALE', status: 'approved', is_active: true, withheld: [], property: { property_type: 'APARTMENT' } });
  });

  it('sends each listing exactly as a search result card (owner phone, no e-mail, images)', async () => {
    const r = await similar(base);
    const s = await http(t.url, 'POST', '/api/v1/listings/search', { body: { listing_type: 'FOR_SALE', property_type: 'APARTMENT', limit: 50 } });
    expect(s.status).toBe(200);
    const cards = new Map(s.body.items.map((i: { id: number }) => [i.id, i]));
    for (const it of r.body.items) expect(it).toEqual(cards.get(it.id));
    const withImage = r.body.items.find((i: { id: number }) => i.id === expected[0]);
    expect(withImage.media).toHaveLength(1);
    expect(withImage.owner.phone).toBe('+967 777 123 456');
    expect(withImage.owner).not.toHaveProperty('email');
  });

  it('lists the listing among its neighbours\' similar homes, never theirs among their own', async () => {
    const r = await similar(expected[0]!);
    expect(r.status).toBe(200);
    expect(ids(r)).toContain(base);
    expect(ids(r)).not.toContain(expected[0]);
  });

  it('answers at most 8, the nearest of the district first', async () => {
    const near = [] as number[];
    const far = await add({ property_type: 'HOUSE', listing_type: 'FOR_RENT', price: 500, governorate_id: 3, ...at(0.5) });
    const house = await add({ property_type: 'HOUSE', listing_type: 'FOR_RENT', price: 500, governorate_id: 1, district_id: d1, ...at(0) });
    for (let i = 1; i <= 9; i++) near.push(await add({ property_type: 'HOUSE', listing_type: 'FOR_RENT', price: 480 + i, governorate_id: 1, district_id: d1, ...at(i / 1000) }));
    const r = await similar(house);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(near.slice(0, 8));
    expect(ids(r)).not.toContain(far);
  });

  it('takes any price when the listing has none, and orders newest first when it has no point', async () => {
    const land = await add({ property_type: 'LAND', price: null, governorate_id: 4, latitude: null, longitude: null, bedrooms: null, bathrooms: null });
    const older = await add({ property_type: 'LAND', price: 5_000_000, governorate_id: 4, ...at(-1) });
    const newer = await add({ property_type: 'LAND', price: 10, governorate_id: 4, latitude: null, longitude: null });
    const r = await similar(land);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([newer, older]);
  });

  it('answers an empty list when nothing is like it', async () => {
    const lone = await add({ property_type: 'COMMERCIAL_SPACE', price: 1, governorate_id: 5, bedrooms: null, bathrooms: null });
    const r = await similar(lone);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [] });
  });

  it('is a public, cacheable answer about a public listing, for anyone', async () => {
    for (const token of [undefined, other.token, owner.token, admin.token]) {
      const r = await similar(base, token);
      expect(r.status).toBe(200);
      expect(ids(r)).toEqual(expected);
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it('is never stale: a card edited, a listing gone from public view or a new one shows on the next request', async () => {
    const shop = await add({ property_type: 'OFFICE', price: 20_000, governorate_id: 6, ...at(2) });
    const [a, b] = [await add({ property_type: 'OFFICE', price: 21_000, governorate_id: 6, ...at(2.01), title_en: 'Shop before' }), await add({ property_type: 'OFFICE', price: 19_000, governorate_id: 6, ...at(2.02) })];
    const first = await similar(shop);
    expect(ids(first)).toEqual([a, b]);
    // The same answer again (kept by the server), then changes made behind its back, straight in the database.
    expect((await similar(shop)).body).toEqual(first.body);
    await t.db.updateTable('listings').set({ title_en: 'Shop after', price: 20_500, price_usd: 20_500 }).where('id', '=', a).execute();
    const edited = await similar(shop);
    expect(edited.body.items[0]).toMatchObject({ id: a, title_en: 'Shop after', price: 20_500 });
    expect(edited.body.items[1]).toEqual(first.body.items[1]);
    await insertMedia(t.db, b);
    expect((await similar(shop)).body.items[1].media).toHaveLength(1);
    await t.db.updateTable('listings').set({ withheld: ['hidden'] }).where('id', '=', a).execute();
    const c = await add({ property_type: 'OFFICE', price: 20_000, governorate_id: 6, ...at(2.005) });
    expect(ids(await similar(shop))).toEqual([c, b]);
  });

  it('answers 404 about a missing listing to everyone', async () => {
    for (const token of [undefined, other.token, owner.token, admin.token]) expect((await similar(99_999_999, token)).status).toBe(404);
  });

  it('answers 404 about a non-public listing to the public and other users; its owner and admins get its similar ones, not stored', async () => {
    for (const hidden of [excluded.pending!, excluded.inactive!, excluded.expired!]) {
      expect((await similar(hidden)).status).toBe(404);
      expect((await similar(hidden, other.token)).status).toBe(404);
      for (const token of [owner.token, admin.token]) {
        const r = await similar(hidden, token);
        expect(r.status).toBe(200);
        expect(r.headers.get('cache-control')).toBe('private, no-store');
        expect(ids(r)).not.toContain(hidden);
        expect(ids(r)).toContain(base);
      }
    }
  });
});
