/**
 * Favourites (issue 27) over HTTP on a real database: anonymous 401; each user reads only their own; the owner
 * of a listing and an administrator keep listings like anyone; a listing the public cannot see answers 404;
 * PUT is idempotent (the first price stays) and DELETE answers 204 either way; the list is newest kept first
 * with its total and tells a price drop or rise, sold, rented, and "unavailable" for a hidden listing (kept in the
 * list with its id and titles). A deleted listing's favourite stays as "deleted", named by the titles, type and
 * price it was kept with, until its keeper removes it, also when the listing goes with its owner's account; the
 * keeper's account deletion removes their favourites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { changeOf } from './service.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('favorites (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let alice: User;
  let bob: User;
  let admin: User;
  let a: number;
  let b: number;
  let c: number;
  let hidden: number;

  const put = (id: number, token?: string) => http(t.url, 'PUT', `/api/v1/favorites/${id}`, { token });
  const del = (id: number, token?: string) => http(t.url, 'DELETE', `/api/v1/favorites/${id}`, { token });
  const list = (token?: string, query = '') => http(t.url, 'GET', `/api/v1/favorites${query}`, { token });
  const ids = (r: { body: { items: { listing_id: number }[] } }) => r.body.items.map((i) => i.listing_id);
  /** Each favourite is kept at its own moment, so "newest first" is an order and not a tie. */
  const keep = async (id: number, token: string) => {
    const r = await put(id, token);
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    await new Promise((res) => setTimeout(res, 5));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, alice, bob, admin] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' })];
    a = await insertListing(t.db, owner.user.id, { price: 100_000, currency: 'USD' });
    b = await insertListing(t.db, owner.user.id, { price: 50_000, currency: 'USD' });
    c = await insertListing(t.db, owner.user.id, { price: 300, currency: 'USD', listing_type: 'FOR_RENT' });
    hidden = await insertListing(t.db, owner.user.id, { is_active: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers 401 to anonymous callers on every route', async () => {
    expect((await put(a)).status).toBe(401);
    expect((await del(a)).status).toBe(401);
    expect((await list()).status).toBe(401);
    expect((await list('not-a-token')).status).toBe(401);
  });

  it('answers 404 for a listing the public cannot see (hidden, pending, missing) and keeps nothing', async () => {
    const pending = await insertListing(t.db, owner.user.id, { status: 'pending' });
    expect((await put(hidden, alice.token)).status).toBe(404);
    expect((await put(pending, alice.token)).status).toBe(404);
    expect((await put(999_999, alice.token)).status).toBe(404);
    // Not even its owner or an administrator keeps a listing the public cannot see.
    expect((await put(hidden, owner.token)).status).toBe(404);
    expect((await put(hidden, admin.token)).status).toBe(404);
    expect((await list(alice.token)).body).toEqual({ items: [], total: 0 });
    expect((await put(0, alice.token)).status).toBe(422);
  });

  it('keeps idempotently, lists newest first with the total, and DELETE answers 204 either way', async () => {
    await keep(a, alice.token);
    await keep(b, alice.token);
    await keep(c, alice.token);
    // Again: nothing changes, the order stays the order of first keeping.
    await keep(a, alice.token);
    const r = await list(alice.token);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([c, b, a]);
    expect(r.body.total).toBe(3);
    const first = r.body.items[2];
    expect(first).toMatchObject({ listing_id: a, saved_price: 100_000, saved_currency: 'USD', change: 'none' });
    // The listing is the read model of search results: the card's phone, never the e-mail.
    expect(first.listing).toMatchObject({ id: a, status: 'approved', is_active: true, price: 100_000 });
    expect(first.listing.owner.email).toBeUndefined();
    expect(new Date(first.saved_at).toISOString()).toBe(first.saved_at);

    const paged = await list(alice.token, '?skip=1&limit=1');
    expect(ids(paged)).toEqual([b]);
    expect(paged.body.total).toBe(3);
    expect((await list(alice.token, '?limit=0')).status).toBe(422);

    expect((await del(b, alice.token)).status).toBe(204);
    expect((await del(b, alice.token)).status).toBe(204);
    expect((await del(999_999, alice.token)).status).toBe(204);
    expect(ids(await list(alice.token))).toEqual([c, a]);
  });

  it("lets nobody read or remove another user's favourites", async () => {
    expect((await list(bob.token)).body).toEqual({ items: [], total: 0 });
    // Bob's DELETE of a listing Alice keeps removes nothing of hers.
    expect((await del(a, bob.token)).status).toBe(204);
    expect(ids(await list(alice.token))).toEqual([c, a]);
    await keep(b, bob.token);
    expect(ids(await list(bob.token))).toEqual([b]);
    expect(ids(await list(alice.token))).toEqual([c, a]);
  });

  it("lets the listing's owner and an administrator keep listings like any user", async () => {
    await keep(a, owner.token);
    await keep(b, admin.token);
    expect(ids(await list(owner.token))).toEqual([a]);
    expect(ids(await list(admin.token))).toEqual([b]);
  });

  it('tells a price drop or rise, sold, rented, and keeps a hidden listing as unavailable (not shown at the moment)', async () => {
    const d = await insertListing(t.db, owner.user.id, { price: 80_000, currency: 'USD' });
    const e = await insertListing(t.db, owner.user.id, { price: 70_000, currency: 'USD' });
    await keep(d, alice.token);
    await keep(e, alice.token);
    await t.db.updateTable('listings').set({ price: 90_000, price_usd: 90_000 }).where('id', '=', a).execute();
    await t.db.updateTable('listings').set({ price: 350, price_usd: 350 }).where('id', '=', c).execute();
    await t.db.updateTable('listings').set({ availability: 'sold' }).where('id', '=', d).execute();
    await t.db.updateTable('listings').set({ is_active: false }).where('id', '=', e).execute();
    const r = await list(alice.token);
    const by = new Map(r.body.items.map((i: { listing_id: number }) => [i.listing_id, i]));
    expect(by.get(a)).toMatchObject({ change: 'price_down', saved_price: 100_000 });
    expect((by.get(a) as { listing: { price: number } }).listing.price).toBe(90_000);
    expect(by.get(c)).toMatchObject({ change: 'price_up', saved_price: 300 });
    expect(by.get(d)).toMatchObject({ change: 'sold' });
    // Still in the list, with its id and titles, without the listing itself.
    expect(by.get(e)).toMatchObject({ change: 'unavailable', listing: null, saved_price: 70_000 });
    expect((by.get(e) as { title_en: string }).title_en).toMatch(/^Test apartment/);
    expect(r.body.total).toBe(4);

    await t.db.updateTable('listings').set({ price: 110_000, price_usd: 110_000 }).where('id', '=', a).execute();
    await t.db.updateTable('listings').set({ availability: 'rented' }).where('id', '=', c).execute();
    await t.db.updateTable('listings').set({ status: 'rejected' }).where('id', '=', d).execute();
    const by2 = new Map((await list(alice.token)).body.items.map((i: { listing_id: number; change: string }) => [i.listing_id, i.change]));
    expect(Object.fromEntries(by2)).toEqual({ [a]: 'price_up', [c]: 'rented', [d]: 'unavailable', [e]: 'unavailable' });
    await t.db.updateTable('listings').set({ price: 100_000, price_usd: 100_000 }).where('id', '=', a).execute();
    expect((await list(alice.token)).body.items.find((i: { listing_id: number }) => i.listing_id === a).change).toBe('none');
  });

  it('keeps a deleted listing as deleted, named as it was kept, until its keeper removes it', async () => {
    const f = await insertListing(t.db, owner.user.id, { title_en: 'Garden flat in Hadda', title_ar: 'شقة بحديقة في حدة', price: 200_000, currency: 'YER', listing_type: 'FOR_RENT' });
    await keep(f, bob.token);
    expect(ids(await list(bob.token))).toEqual([f, b]);
    expect((await list(bob.token)).body.items[0]).toMatchObject({ listing_id: f, listing_type: 'FOR_RENT', change: 'none' });
    const gone = await http(t.url, 'DELETE', `/api/v1/listings/${f}`, { token: owner.token });
    expect(gone.status).toBe(204);
    const r = await list(bob.token);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([f, b]);
    expect(r.body.total).toBe(2);
    expect(r.body.items[0]).toEqual({
      listing_id: f,
      title_en: 'Garden flat in Hadda',
      title_ar: 'شقة بحديقة في حدة',
      listing_type: 'FOR_RENT',
      listing: null,
      saved_at: expect.any(String),
      saved_price: 200_000,
      saved_currency: 'YER',
      change: 'deleted',
    });
    // Not public, so it cannot be kept again; the keeper removes it like any favourite.
    expect((await put(f, bob.token)).status).toBe(404);
    expect((await del(f, bob.token)).status).toBe(204);
    expect(ids(await list(bob.token))).toEqual([b]);
    expect((await list(bob.token)).body.total).toBe(1);
  });

  it("keeps the favourites of a listing deleted with its owner's account, and deletes the keeper's with theirs", async () => {
    const seller = await createUser(t);
    const keeper = await createUser(t);
    const g = await insertListing(t.db, seller.user.id, { title_en: 'Stone house in Old Sanaa', title_ar: 'بيت حجري في صنعاء القديمة' });
    const h = await insertListing(t.db, owner.user.id);
    await keep(g, keeper.token);
    await keep(h, keeper.token);
    await keep(g, seller.token);
    const closed = await http(t.url, 'DELETE', '/api/v1/users/me', { token: seller.token, body: { email: seller.user.email } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(204);
    expect(await t.db.selectFrom('listings').select('id').where('id', '=', g).execute()).toEqual([]);
    const r = await list(keeper.token);
    expect(ids(r)).toEqual([h, g]);
    expect(r.body.items[1]).toMatchObject({ listing_id: g, listing: null, change: 'deleted', title_en: 'Stone house in Old Sanaa', title_ar: 'بيت حجري في صنعاء القديمة' });
    // The seller's own favourites went with their account.
    expect(await t.db.selectFrom('favorites').select('listing_id').where('user_id', '=', seller.user.id).execute()).toEqual([]);

    const left = await http(t.url, 'DELETE', '/api/v1/users/me', { token: keeper.token, body: { email: keeper.user.email } });
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect(await t.db.selectFrom('favorites').select('listing_id').where('user_id', '=', keeper.user.id).execute()).toEqual([]);
    // The listing the keeper kept is untouched.
    expect(await t.db.selectFrom('listings').select('id').where('id', '=', h).execute()).toEqual([{ id: h }]);
  });
});

describe('changeOf', () => {
  const rates = { USD: 1, SAR: 3.75, YER: 530 };
  const base = { public: true, availability: 'available' as const, price: 100, currency: 'USD' as const, saved_price: 100, saved_currency: 'USD' as const };
  it('names the strongest news and compares across currencies in dollars', () => {
    expect(changeOf(base, rates)).toBe('none');
    expect(changeOf({ ...base, public: false, availability: 'sold' }, rates)).toBe('unavailable');
    expect(changeOf({ ...base, public: false, deleted: true, availability: null, price: null }, rates)).toBe('deleted');
    expect(changeOf({ ...base, availability: 'sold', price: 50 }, rates)).toBe('sold');
    expect(changeOf({ ...base, price: 90 }, rates)).toBe('price_down');
    expect(changeOf({ ...base, price: null }, rates)).toBe('none');
    expect(changeOf({ ...base, currency: 'SAR', price: 375 }, rates)).toBe('none');
    expect(changeOf({ ...base, currency: 'SAR', price: 400 }, rates)).toBe('price_up');
  });
});
