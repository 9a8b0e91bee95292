import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';

/** A valid create payload in a real location chain (the first district/uzlah/village of governorate 1). */
async function chainOf(t: TestApp) {
  const d = await t.db.selectFrom('districts').select(['id', 'governorate_id']).where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const u = await t.db.selectFrom('uzaal').select('id').where('district_id', '=', d.id).orderBy('id').executeTakeFirst();
  const v = u ? await t.db.selectFrom('villages').select('id').where('uzlah_id', '=', u.id).orderBy('id').executeTakeFirst() : undefined;
  const other = await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 3).orderBy('id').executeTakeFirstOrThrow();
  return { governorate_id: 1, district_id: d.id, uzlah_id: u?.id ?? null, village_id: v?.id ?? null, foreignDistrict: other.id };
}

describe.each(DB_KINDS)('listings API on %s', (kind) => {
  let t: TestApp;
  let owner: { token: string; user: { id: number } };
  let other: { token: string; user: { id: number } };
  let admin: { token: string; user: { id: number } };
  let chain: Awaited<ReturnType<typeof chainOf>>;

  const payload = (over: Record<string, unknown> = {}, prop: Record<string, unknown> = {}) => ({
    listing_type: 'FOR_SALE',
    title_ar: 'شقة واسعة في حدة',
    title_en: 'Spacious flat in Hadda',
    description_ar: 'شقة من ثلاث غرف قريبة من الخدمات',
    description_en: 'Three-room flat close to services',
    price: 5_300_000,
    currency: 'YER',
    is_active: true,
    ...over,
    property_details: {
      property_type: 'APARTMENT',
      area_sqm: 140,
      governorate_id: chain.governorate_id,
      district_id: chain.district_id,
      uzlah_id: chain.uzlah_id,
      village_id: chain.village_id,
      address_details_ar: 'شارع حدة',
      address_details_en: 'Hadda Street',
      latitude: 15.312345,
      longitude: 44.198765,
      bedrooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      build_year: 2015,
      ...prop,
    },
  });
  const create = async (over: Record<string, unknown> = {}, prop: Record<string, unknown> = {}, token = owner.token) =>
    http(t.url, 'POST', '/api/v1/listings/', { token, body: payload(over, prop) });
  const approve = (id: number) => t.db.updateTable('listings').set({ status: 'approved', posted_at: new Date() }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
    other = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
    chain = await chainOf(t);
  });
  afterAll(async () => t?.close());

  it('creates a pending listing with the spec §3 shape, USD price, point and search text', async () => {
    const r = await create();
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'pending',
      availability: 'available',
      owner_id: owner.user.id,
      title_en: 'Spacious flat in Hadda',
      views: 0,
      media: [],
      property: { property_type: 'APARTMENT', bedrooms: 3, bathrooms: 2, build_year: 2015, latitude: 15.312345, longitude: 44.198765 },
    });
    expect(r.body.property.governorate).toMatchObject({ id: 1 });
    const row = await t.db
      .selectFrom('listings')
      .select(['price_usd', 'search_text', 'status'])
      .select([sql<number>`location[0]`.as('x'), sql<number>`location[1]`.as('y')])
      .where('id', '=', r.body.id)
      .executeTakeFirstOrThrow();
    expect(row.price_usd).toBe(10_000); // 5,300,000 YER at 530 per USD
    expect(row.search_text).toContain('شقه واسعه'); // Arabic-normalised
    expect(row.search_text).toContain('amanat al asimah sanaa city'); // place names in English, as people write them…
    expect(row.search_text).toContain('امانه العاصمه'); // …and Arabic
    expect([row.x, row.y]).toEqual([44.198765, 15.312345]); // x = lon, y = lat
  });

  it('strips lat, lng and coordinates keys and ignores a client-sent status', async () => {
    const body = { ...payload(), lat: 1, lng: 2, latitude: 3, longitude: 4, coordinates: [5, 6], status: 'approved', views: 999, owner_id: other.user.id };
    (body.property_details as Record<string, unknown>).coordinates = { lat: 1, lng: 2 };
    const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'pending', views: 0, owner_id: owner.user.id });
    expect(r.body.property).toMatchObject({ latitude: 15.312345, longitude: 44.198765 });
  });

  it('LAND forces bedrooms, bathrooms and build_year to null, on create and on edit', async () => {
    const r = await create({}, { property_type: 'LAND', bedrooms: 4, bathrooms: 2, build_year: 2001 });
    expect(r.status).toBe(201);
    expect(r.body.property).toMatchObject({ property_type: 'LAND', bedrooms: null, bathrooms: null, build_year: null });
    // Sending rooms to a LAND listing later changes nothing.
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { property_details: { bedrooms: 5 } } });
    expect(p.status).toBe(200);
    expect(p.body.property.bedrooms).toBeNull();
    // Turning an apartment into land clears its rooms.
    const a = await create();
    const q = await http(t.url, 'PATCH', `/api/v1/listings/${a.body.id}`, { token: owner.token, body: { property_details: { property_type: 'LAND' } } });
    expect(q.body.property).toMatchObject({ property_type: 'LAND', bedrooms: null, bathrooms: null, build_year: null, parking_spaces: 1 });
  });

  it('English title and description fall back to the Arabic ones when empty (spec §5)', async () => {
    const r = await create({ title_en: '', description_en: '   ' });
    expect(r.status).toBe(201);
    expect(r.body.title_en).toBe('شقة واسعة في حدة');
    expect(r.body.description_en).toBe('شقة من ثلاث غرف قريبة من الخدمات');
    const missing = await create({ title_en: undefined, description_en: null });
    expect(missing.body.title_en).toBe('شقة واسعة في حدة');
    // A copied English title follows the Arabic title when the owner changes it.
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { title_ar: 'عنوان جديد' } });
    expect(p.body).toMatchObject({ title_ar: 'عنوان جديد', title_en: 'عنوان جديد' });
    // Clearing the English description on edit falls back again.
    const q = await http(t.url, 'PATCH', `/api/v1/listings/${missing.body.id}`, { token: owner.token, body: { description_en: '' } });
    expect(q.body.description_en).toBe('شقة من ثلاث غرف قريبة من الخدمات');
  });

  it('requires title_ar, description_ar, area_sqm, price, governorate and district (spec §5)', async () => {
    const before = await t.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [over, prop] of [
      [{ title_ar: '' }, {}],
      [{ title_ar: '   ' }, {}],
      [{ description_ar: undefined }, {}],
      [{ price: undefined }, {}],
      [{ price: -1 }, {}],
      [{ price: '1000' }, {}],
      [{}, { area_sqm: undefined }],
      [{}, { area_sqm: 0 }],
      [{}, { area_sqm: 12.5 }],
      [{}, { governorate_id: null, district_id: null, uzlah_id: null, village_id: null }],
      [{}, { district_id: null, uzlah_id: null, village_id: null }],
      [{ listing_type: 'FOR_LEASE' }, {}],
      [{ currency: 'EUR' }, {}],
      [{}, { property_type: 'CASTLE' }],
      [{}, { latitude: 91 }],
      [{}, { bedrooms: -1 }],
      [{}, { bedrooms: 1000 }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const r = await create(over, prop);
      expect(r.status, JSON.stringify([over, prop])).toBe(422);
      expect(r.body.detail).toBeTruthy();
    }
    const after = await t.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('validates the location chain', async () => {
    expect((await create({}, { district_id: chain.foreignDistrict, uzlah_id: null, village_id: null })).status).toBe(422);
    expect((await create({}, { governorate_id: 99999 })).status).toBe(422);
    if (chain.village_id) expect((await create({}, { uzlah_id: null })).status).toBe(422);
    // Uzlah and village are optional.
    expect((await create({}, { uzlah_id: null, village_id: null })).status).toBe(201);
  });

  it('uses the currency defaults and converts other currencies to USD', async () => {
    const r = await create({ currency: 'SAR', price: 375_000 });
    const row = await t.db.selectFrom('listings').select('price_usd').where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.price_usd).toBe(100_000);
    const body = payload();
    delete (body as Record<string, unknown>).currency;
    delete (body as Record<string, unknown>).listing_type;
    const d = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body });
    expect(d.body).toMatchObject({ currency: 'YER', listing_type: 'FOR_SALE', is_active: true });
  });

  it('keeps hostile text as inert text and refuses oversized input', async () => {
    const html = '<img src=x onerror=alert(1)>';
    const sqlish = "'; drop table listings; --";
    const r = await create({ title_ar: html, description_ar: sqlish });
    expect(r.status).toBe(201);
    expect(r.body.title_ar).toBe(html);
    expect(r.body.description_ar).toBe(sqlish);
    expect((await create({ title_ar: 'x'.repeat(201) })).status).toBe(422);
    expect((await create({ description_ar: 'x'.repeat(5001) })).status).toBe(422);
    const huge = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: { ...payload(), padding: 'x'.repeat(2_000_000) } });
    expect(huge.status).toBe(413);
    const malformed = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, raw: '{"title_ar":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const arr = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: [payload()] });
    expect(arr.status).toBe(422);
  });

  it('anonymous writes answer 401', async () => {
    const r = await create();
    expect((await http(t.url, 'POST', '/api/v1/listings/', { body: payload() })).status).toBe(401);
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { body: { price: 1 } })).status).toBe(401);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${r.body.id}`)).status).toBe(401);
    expect((await http(t.url, 'GET', '/api/v1/listings/my-listings')).status).toBe(401);
    expect((await http(t.url, 'POST', '/api/v1/listings/', { body: payload(), token: 'not-a-token' })).status).toBe(401);
  });

  it("another user's PATCH and DELETE answer 403 and change nothing; an admin may delete but not edit", async () => {
    const r = await create();
    const id = r.body.id;
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: other.token, body: { price: 1 } });
    expect(p.status).toBe(403);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: other.token })).status).toBe(403);
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: admin.token, body: { price: 1 } })).status).toBe(403);
    const row = await t.db.selectFrom('listings').select('price').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.price).toBe(5_300_000);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: admin.token })).status).toBe(204);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token })).status).toBe(404);
    expect((await http(t.url, 'PATCH', '/api/v1/listings/99999999', { token: owner.token, body: { price: 1 } })).status).toBe(404);
    expect((await http(t.url, 'DELETE', '/api/v1/listings/abc', { token: owner.token })).status).toBe(422);
  });

  it('PATCH keeps fields left out, and an owner edit of an approved listing returns it to pending', async () => {
    const r = await create();
    const id = r.body.id;
    await approve(id);
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body: { price: 6_000_000, property_details: { bedrooms: 4 } } });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      status: 'pending',
      price: 6_000_000,
      title_ar: 'شقة واسعة في حدة',
      property: { bedrooms: 4, bathrooms: 2, area_sqm: 140, latitude: 15.312345 },
    });
    const events = await t.db.selectFrom('moderation_events').selectAll().where('listing_id', '=', id).execute();
    expect(events.map((e) => e.action)).toEqual(['resubmit']);
    const row = await t.db.selectFrom('listings').select('price_usd').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.price_usd).toBeCloseTo(11_320.75, 2);
  });

  it('a new price alone keeps an approved listing public, unless it is cut to under half; a new currency is reviewed', async () => {
    const statusAfter = async (id: number, body: Record<string, unknown>) => {
      const p = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      return p.body.status as string;
    };
    const listing = async () => {
      const r = await create({ price: 100_000, currency: 'USD' });
      await approve(r.body.id);
      return r.body.id as number;
    };
    const id = await listing();
    expect(await statusAfter(id, { price: 90_000 })).toBe('approved');
    expect(await statusAfter(id, { price: 95_000 })).toBe('approved');
    expect(await statusAfter(id, { price: 60_000 })).toBe('approved');
    expect(await statusAfter(id, { price: 50_000 })).toBe('approved');
    // The public sees the new price at once; no moderation event was written.
    const pub = await http(t.url, 'GET', `/api/v1/listings/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.price).toBe(50_000);
    expect(await t.db.selectFrom('moderation_events').select('action').where('listing_id', '=', id).where('action', '=', 'resubmit').execute()).toEqual([]);
    // Under half of the price it was approved at, if only a little under the last one: reviewed again.
    expect(await statusAfter(id, { price: 49_000 })).toBe('pending');
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`)).status).toBe(404);

    expect(await statusAfter(await listing(), { currency: 'YER' })).toBe('pending');
    expect(await statusAfter(await listing(), { price: 90_000, title_en: 'A new title' })).toBe('pending');
    // A rejected listing goes back to review whatever changed.
    const rejected = (await create({ price: 100_000, currency: 'USD' })).body.id as number;
    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${rejected}/reject`, { token: admin.token, body: { reason: 'Blurry photos' } })).status).toBe(200);
    expect(await statusAfter(rejected, { price: 95_000 })).toBe('pending');
  });

  it('an owner marks an approved listing sold or rented without sending it back to review', async () => {
    const r = await create({ listing_type: 'FOR_RENT', price: 100_000 });
    await approve(r.body.id);
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { availability: 'rented' } });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ availability: 'rented', status: 'approved' });
    // Sending the unchanged form back is not a content change either.
    const same = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { ...payload({ listing_type: 'FOR_RENT', price: 100_000 }), availability: 'sold' } });
    expect(same.body).toMatchObject({ availability: 'sold', status: 'approved' });
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { availability: 'gone' } })).status).toBe(422);
  });

  it('a rejected listing edited by its owner goes back to review with the reason cleared', async () => {
    const r = await create();
    await t.db.updateTable('listings').set({ status: 'rejected', rejection_reason: 'Blurry photos' }).where('id', '=', r.body.id).execute();
    const p = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { description_ar: 'وصف أوضح للشقة' } });
    expect(p.body).toMatchObject({ status: 'pending', rejection_reason: null });
  });

  it('changing the governorate without a district is refused; a full new chain is accepted', async () => {
    const r = await create();
    const bad = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { property_details: { governorate_id: 3 } } });
    expect(bad.status).toBe(422);
    const ok = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, {
      token: owner.token,
      body: { property_details: { governorate_id: 3, district_id: chain.foreignDistrict, uzlah_id: null, village_id: null } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.property).toMatchObject({ governorate_id: 3, district_id: chain.foreignDistrict, uzlah_id: null, village_id: null });
  });

  it('reads: public only when approved and active, counting views except the owner and admins', async () => {
    const r = await create();
    const id = r.body.id;
    // Pending: hidden from the public and other users, readable by owner and admin.
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`)).status).toBe(404);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: other.token })).status).toBe(404);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token })).status).toBe(200);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: admin.token })).status).toBe(200);
    await approve(id);
    const a = await http(t.url, 'GET', `/api/v1/listings/${id}`);
    expect(a.status).toBe(200);
    // Views are written in batches (views.ts): the first read shows those written so far.
    expect(a.body.views).toBe(0);
    // Contact details as the details page shows them: the phone; the e-mail only when its owner chose to show it.
    expect(a.body.owner).toMatchObject({ email: null, phone_number: '+967 777 123 456' });
    await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: other.token });
    await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: admin.token });
    await t.app.deps.views.flush();
    const row = await t.db.selectFrom('listings').select('views').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.views).toBe(2);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token })).body.views).toBe(2);
    // Inactive: hidden again, not counted.
    await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body: { is_active: false } });
    expect((await http(t.url, 'GET', `/api/v1/listings/${id}`)).status).toBe(404);
    await t.app.deps.views.flush();
    expect((await t.db.selectFrom('listings').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views).toBe(2);
    expect((await http(t.url, 'GET', '/api/v1/listings/0')).status).toBe(422);
    expect((await http(t.url, 'GET', '/api/v1/listings/99999999')).status).toBe(404);
  });

  it('my-listings lists only the owner’s own listings of every status, with total and paging', async () => {
    const me = await createUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ title_ar: `إعلان ${i}` }, {}, me.token)).body.id);
    await approve(ids[0]!);
    await t.db.updateTable('listings').set({ status: 'rejected', rejection_reason: 'Missing photos' }).where('id', '=', ids[1]!).execute();
    await create({}, {}, other.token);
    const r = await http(t.url, 'GET', '/api/v1/listings/my-listings?skip=0&limit=10', { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    expect(r.body.items.map((l: { id: number }) => l.id)).toEqual([...ids].reverse());
    expect(r.body.items.map((l: { status: string }) => l.status)).toEqual(['pending', 'rejected', 'approved']);
    expect(r.body.items[1].rejection_reason).toBe('Missing photos');
    const page = await http(t.url, 'GET', '/api/v1/listings/my-listings?skip=1&limit=1', { token: me.token });
    expect(page.body).toMatchObject({ total: 3, items: [{ id: ids[1] }] });
    expect((await http(t.url, 'GET', '/api/v1/listings/my-listings?limit=1000', { token: me.token })).status).toBe(422);
    expect((await http(t.url, 'GET', '/api/v1/listings/my-listings?skip=-1', { token: me.token })).status).toBe(422);
  });

  it("shows the owner's e-mail on a listing only once they chose to (PATCH /users/me show_email); the phone always", async () => {
    const o = await createUser(t, { first_name: 'Private', phone_number: '777123456' });
    const id = (await create({ title_en: `Private owner ${Date.now()}` }, {}, o.token)).body.id as number;
    await approve(id);
    const owner = async (token?: string) => (await http(t.url, 'GET', `/api/v1/listings/${id}`, { token })).body.owner;
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: o.token })).body.show_email).toBe(false);
    for (const token of [undefined, o.token]) expect(await owner(token)).toMatchObject({ email: null, phone_number: '777123456' });
    const on = await http(t.url, 'PATCH', '/api/v1/users/me', { token: o.token, body: { show_email: true } });
    expect(on.status).toBe(200);
    expect(on.body.show_email).toBe(true);
    expect((await owner()).email).toBe(o.user.email);
    // Search cards never carry it.
    const found = await http(t.url, 'POST', '/api/v1/listings/search', { body: { search: 'Private owner', limit: 5 } });
    expect(found.body.items.find((l: { id: number }) => l.id === id).owner.email).toBeUndefined();
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: o.token, body: { show_email: false } })).status).toBe(200);
    expect((await owner()).email).toBeNull();
    // Not a string, and nobody else's switch.
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: o.token, body: { show_email: 'yes' } })).status).toBe(422);
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { body: { show_email: true } })).status).toBe(401);
  });

  it("every read carries the owner's email_verified, and search sees a change of it at once", async () => {
    const verified = await createUser(t, { first_name: 'Verified' });
    const plain = await createUser(t, { first_name: 'Plain' });
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', verified.user.id).execute();
    const mark = `VerifiedMark${Date.now()}`;
    const vId = (await create({ title_en: `${mark} verified` }, {}, verified.token)).body.id as number;
    const pId = (await create({ title_en: `${mark} plain` }, {}, plain.token)).body.id as number;
    // The owner's own read, before approval.
    expect((await http(t.url, 'GET', `/api/v1/listings/${vId}`, { token: verified.token })).body.owner.email_verified).toBe(true);
    await approve(vId);
    await approve(pId);

    const details = async (id: number) => (await http(t.url, 'GET', `/api/v1/listings/${id}`)).body.owner.email_verified;
    const searched = async () => {
      const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { search: mark, skip: 0, limit: 10 } });
      expect(r.status).toBe(200);
      return Object.fromEntries(r.body.items.map((l: { id: number; owner: { email_verified: boolean } }) => [l.id, l.owner.email_verified]));
    };
    expect(await details(vId)).toBe(true);
    expect(await details(pId)).toBe(false);
    expect(await searched()).toEqual({ [vId]: true, [pId]: false });
    const mine = await http(t.url, 'GET', '/api/v1/listings/my-listings', { token: plain.token });
    expect(mine.body.items[0].owner.email_verified).toBe(false);

    // The search page just read is cached on the listings' revisions: a change of the owner's mark moves them.
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', plain.user.id).execute();
    await t.db.updateTable('users').set({ email_verified: false }).where('id', '=', verified.user.id).execute();
    expect(await searched()).toEqual({ [vId]: false, [pId]: true });
    expect(await details(vId)).toBe(false);
    expect(await details(pId)).toBe(true);
  });

  it('documents the listing routes in OpenAPI', async () => {
    const r = await http(t.url, 'GET', '/api/docs/json');
    const paths = Object.keys(r.body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/listings/', '/api/v1/listings/{id}', '/api/v1/listings/my-listings', '/api/v1/listings/{id}/upload-image/', '/api/v1/listings/{id}/images/{imageId}']));
  });
});
