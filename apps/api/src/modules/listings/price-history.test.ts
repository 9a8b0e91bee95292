/**
 * Price history (issue 29) over HTTP: each change of price or currency by the owner's edit is kept, newest first;
 * a lowering sets old_price to the previous price, a raise or a new currency clears it, an old price the owner
 * types stands, an edit that leaves the price alone changes neither; the same edit still flags the favourites'
 * price-drop mail. The history is read as the listing is: public listings by anyone, hidden ones by their owner
 * and admins only, 404 otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { oldPriceAfter } from './price-history.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe('oldPriceAfter', () => {
  const was = { price: 100, old_price: null, currency: 'USD' as const };
  it('a lowering makes the previous price the old one; a raise, a new currency, a price taken away clear it', () => {
    expect(oldPriceAfter(was, { ...was, price: 90 }, undefined, true)).toBe(100);
    expect(oldPriceAfter({ ...was, old_price: 120 }, { ...was, old_price: 120, price: 110 }, undefined, true)).toBeNull();
    expect(oldPriceAfter(was, { ...was, price: 90, currency: 'SAR' }, undefined, true)).toBeNull();
    expect(oldPriceAfter(was, { ...was, price: null }, undefined, true)).toBeNull();
    expect(oldPriceAfter({ ...was, price: null }, { ...was, price: 90 }, undefined, true)).toBeNull();
  });
  it('an old price typed in the edit stands; the one already kept, sent back unchanged, does not', () => {
    expect(oldPriceAfter(was, { ...was, price: 110 }, 150, true)).toBe(150);
    expect(oldPriceAfter({ ...was, old_price: 120 }, { ...was, old_price: 120, price: 90 }, 120, true)).toBe(100);
    expect(oldPriceAfter({ ...was, old_price: 120 }, { ...was, old_price: 120 }, undefined, true)).toBe(120);
  });
  it('a listing never published has no reduced price: its lowering clears old_price; a typed one stands', () => {
    expect(oldPriceAfter(was, { ...was, price: 90 }, undefined, false)).toBeNull();
    expect(oldPriceAfter({ ...was, old_price: 120 }, { ...was, old_price: 120, price: 90 }, 120, false)).toBeNull();
    expect(oldPriceAfter(was, { ...was, price: 90 }, 150, false)).toBe(150);
    expect(oldPriceAfter({ ...was, old_price: 120 }, { ...was, old_price: 120 }, undefined, false)).toBe(120);
  });
});

describe.each(DB_KINDS)('price history (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: User;
  let keeper: User;
  let id: number;
  let place: { governorate_id: number; district_id: number };

  const history = (u: User | null, listing = id) =>
    http(t.url, 'GET', `/api/v1/listings/${listing}/price-history`, u ? { token: u.token } : {});
  const edit = async (body: Record<string, unknown>) => {
    const r = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const approve = async () => {
    const r = await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, other, admin, keeper] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' }), await createUser(t)];
    const district = (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    place = { governorate_id: 1, district_id: district };
    id = await insertListing(t.db, owner.user.id, { ...place, price: 100_000, currency: 'USD' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a new public listing has an empty history for everyone; a missing one is 404', async () => {
    for (const u of [null, other, owner, admin]) {
      const r = await history(u);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ items: [] });
    }
    expect((await history(null, 999_999)).status).toBe(404);
  });

  it('a lowering is kept, sets old_price and still flags the favourites’ price-drop mail', async () => {
    const kept = await http(t.url, 'PUT', `/api/v1/favorites/${id}`, { token: keeper.token });
    expect(kept.status).toBe(204);
    const before = Date.now();
    // The edit form sends the old price it loaded (here none) with the new price: that is no typed old price.
    const body = await edit({ price: 90_000, old_price: null });
    expect(body.price).toBe(90_000);
    expect(body.old_price).toBe(100_000);
    // A price alone: still public, its history with it.
    expect(body.status).toBe('approved');
    expect((await history(null)).body.items).toHaveLength(1);
    const fav = await t.db.selectFrom('favorites').select('price_drop_at').where('listing_id', '=', id).where('user_id', '=', keeper.user.id).executeTakeFirstOrThrow();
    expect(fav.price_drop_at).not.toBeNull();
    const r = await history(owner);
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(1);
    expect(r.body.items[0]).toMatchObject({ old_price: 100_000, old_currency: 'USD', new_price: 90_000, currency: 'USD' });
    expect(Date.parse(r.body.items[0].changed_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(r.body.items[0].changed_at).toMatch(/Z$/);
  });

  it('back in review, the history is the owner’s and admins’ only; approved, everyone’s', async () => {
    expect((await edit({ description_en: 'Now with a view of the sea.' })).status).toBe('pending');
    expect((await history(null)).status).toBe(404);
    expect((await history(other)).status).toBe(404);
    expect((await history(owner)).status).toBe(200);
    expect((await history(admin)).status).toBe(200);
    await approve();
    const r = await history(null);
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(1);
    expect((await history(other)).status).toBe(200);
  });

  it('an edit that leaves the price alone keeps old_price and adds nothing', async () => {
    const body = await edit({ title_en: 'Renamed flat' });
    expect(body.old_price).toBe(100_000);
    expect((await history(owner)).body.items).toHaveLength(1);
  });

  it('a raise clears old_price; the newest change comes first', async () => {
    const body = await edit({ price: 95_000, old_price: 100_000 });
    expect(body.old_price).toBeNull();
    const items = (await history(owner)).body.items;
    expect(items.map((c: { new_price: number }) => c.new_price)).toEqual([95_000, 90_000]);
  });

  it('an old price the owner types stands; a new currency clears it and is kept with both currencies', async () => {
    let body = await edit({ price: 80_000, old_price: 120_000 });
    expect(body.old_price).toBe(120_000);
    body = await edit({ price: 300_000, currency: 'SAR' });
    expect(body.old_price).toBeNull();
    const items = (await history(owner)).body.items;
    expect(items[0]).toMatchObject({ old_price: 80_000, old_currency: 'USD', new_price: 300_000, currency: 'SAR' });
    expect(items).toHaveLength(4);
  });

  it.each(['pending', 'rejected'] as const)(
    'a %s listing never published: a lowering sets no old_price, and its change stays the owner’s once it is public',
    async (status) => {
      const fresh = await insertListing(t.db, owner.user.id, { ...place, status, price: 50_000, currency: 'USD' });
      const kept = await t.db.selectFrom('listings').select('posted_at').where('id', '=', fresh).executeTakeFirstOrThrow();
      expect(kept.posted_at).toBeNull();
      const r = await http(t.url, 'PATCH', `/api/v1/listings/${fresh}`, { token: owner.token, body: { price: 45_000, old_price: null } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ price: 45_000, old_price: null, status: 'pending' });
      expect((await history(owner, fresh)).body.items).toMatchObject([{ old_price: 50_000, new_price: 45_000 }]);

      const approved = await http(t.url, 'POST', `/api/v1/admin/listings/${fresh}/approve`, { token: admin.token, body: {} });
      expect(approved.status).toBe(200);
      // The public sees its first price, not reduced, and no change before it was published.
      const read = await http(t.url, 'GET', `/api/v1/listings/${fresh}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ price: 45_000, old_price: null });
      expect((await history(null, fresh)).body).toEqual({ items: [] });
      expect((await history(other, fresh)).body).toEqual({ items: [] });
      expect((await history(owner, fresh)).body.items).toHaveLength(1);
      expect((await history(admin, fresh)).body.items).toHaveLength(1);

      // Published now: the next lowering is one the public saw, so it shows as before.
      const kept2 = await http(t.url, 'PUT', `/api/v1/favorites/${fresh}`, { token: keeper.token });
      expect(kept2.status).toBe(204);
      const lower = await http(t.url, 'PATCH', `/api/v1/listings/${fresh}`, { token: owner.token, body: { price: 40_000, old_price: null } });
      expect(lower.body).toMatchObject({ price: 40_000, old_price: 45_000 });
      const fav = await t.db.selectFrom('favorites').select('price_drop_at').where('listing_id', '=', fresh).where('user_id', '=', keeper.user.id).executeTakeFirstOrThrow();
      expect(fav.price_drop_at).not.toBeNull();
      await http(t.url, 'POST', `/api/v1/admin/listings/${fresh}/approve`, { token: admin.token, body: {} });
      expect((await history(null, fresh)).body.items).toMatchObject([{ old_price: 45_000, new_price: 40_000 }]);
      expect((await history(owner, fresh)).body.items).toHaveLength(2);
    },
  );

  it('another user cannot change the price; a deleted listing takes its history with it', async () => {
    const r = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: other.token, body: { price: 1 } });
    expect(r.status).toBe(403);
    expect((await history(owner)).body.items).toHaveLength(4);
    const del = await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: owner.token });
    expect(del.status).toBe(204);
    const left = await t.db.selectFrom('listing_price_changes').select('id').where('listing_id', '=', id).execute();
    expect(left).toHaveLength(0);
    expect((await history(admin)).status).toBe(404);
  });
});
