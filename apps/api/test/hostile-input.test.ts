/**
 * Input no field takes (issue 21): NUL and other control characters, halves of surrogate pairs, numbers past
 * the database's integers, and the router's own refusals. Each answers a 4xx with {"detail": ...}, never a
 * 5xx, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from './helpers.js';
import { insertListing } from './fixtures.js';

const msgs = (body: { detail: unknown }) => (Array.isArray(body.detail) ? body.detail.map((d: { msg: string }) => d.msg) : [body.detail]);

describe.each(DB_KINDS)('hostile input (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let place: { id: number; governorate_id: number };
  let listingId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
    owner = await createUser(t);
    place = await t.db.selectFrom('districts').select(['id', 'governorate_id']).orderBy('id').executeTakeFirstOrThrow();
    listingId = await insertListing(t.db, owner.user.id);
  });
  afterAll(async () => t?.close());

  const listing = (over: Record<string, unknown> = {}, prop: Record<string, unknown> = {}) => ({
    listing_type: 'FOR_SALE',
    title_ar: 'شقة',
    description_ar: 'شقة جميلة\nقريبة من السوق',
    price: 1000,
    currency: 'USD',
    ...over,
    property_details: { property_type: 'APARTMENT', area_sqm: 90, governorate_id: place.governorate_id, district_id: place.id, ...prop },
  });
  const count = async (table: 'listings' | 'users' | 'contact_messages') =>
    Number((await t.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['search text', 'POST', '/api/v1/listings/search', { body: { search: 'شقة\u0000' } }],
    ['location search', 'GET', `/api/v1/locations/search?q=${encodeURIComponent('صنع\u0000اء')}`, {}],
    ['a name at registration', 'POST', '/api/v1/users/', { body: { email: 'nul@example.test', password: 'secret1', first_name: 'A\u0000', last_name: 'B', phone_number: '777123456' } }],
    ['the login e-mail', 'POST', '/api/v1/login/token', { form: { username: 'a\u0000b@example.test', password: 'secret1' } }],
    ['the login password', 'POST', '/api/v1/login/token', { form: { username: 'ab@example.test', password: 'sec\u0000ret' } }],
    ['a contact message', 'POST', '/api/v1/contact/platform', { body: { sender_name: 'Ali', sender_email: 'ali@example.test', message: 'Hello\u0000 there' } }],
    ['a reset address', 'POST', '/api/v1/auth/password-reset', { body: { email: 'x\u0000@example.test' } }],
  ])('a NUL byte in %s answers 422 with the text rule\'s message', async (_name, method, path, opts) => {
    const r = await http(t.url, method, path, opts as never);
    expect(r.status).toBe(422);
    expect(msgs(r.body)).toContain(MESSAGES.invalidCharacters);
  });

  it('titles refuse halves of surrogate pairs and line breaks; descriptions take line breaks but no other control character', async () => {
    const before = await count('listings');
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
    for (const bad of [listing({ title_ar: 'شقة \ud800' }), listing({ title_en: 'Flat\udc00' }), listing({ title_ar: 'شقة\nجميلة' }), listing({ description_ar: 'وصف\u0007' }), listing({}, { address_details_en: 'Street\r\n1' })]) {
      const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: bad });
      expect(r.status, JSON.stringify(bad)).toBe(422);
      expect(msgs(r.body)).toContain(MESSAGES.invalidCharacters);
    }
    const edit = await http(t.url, 'PATCH', `/api/v1/listings/${listingId}`, { token: owner.token, body: { title_ar: 'عنوان\u2028جديد' } });
    expect(edit.status).toBe(422);
    expect(await count('listings')).toBe(before);
    // A whole pair (an emoji) and line breaks in a description are fine.
    const ok = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: listing({ title_ar: 'شقة 🏠', description_en: 'Two rooms.\r\n\tNear the market.' }) });
    expect(ok.status).toBe(201);
    expect(ok.body.title_ar).toBe('شقة 🏠');
  });

  it('a phone takes spaces but no tab, carriage return or vertical tab; a name takes no line break', async () => {
    const before = await count('users');
    const person = (over: Record<string, string>) => ({ email: `p${Date.now()}${Math.random()}@example.test`, password: 'secret1', first_name: 'Huda', last_name: 'Ali', phone_number: '777 123 456', ...over });
    for (const phone of ['777\r123456', '777\t123456', '777\u000b123456', '777\n123456']) {
      const r = await http(t.url, 'POST', '/api/v1/users/', { body: person({ phone_number: phone }) });
      expect(r.status, JSON.stringify(phone)).toBe(422);
    }
    expect((await http(t.url, 'POST', '/api/v1/users/', { body: person({ first_name: 'Huda\nAli' }) })).status).toBe(422);
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: owner.token, body: { full_name: 'Huda\r\nAli' } })).status).toBe(422);
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: owner.token, body: { phone_number: '777\t123456' } })).status).toBe(422);
    expect(await count('users')).toBe(before);
  });

  it('location ids past PostgreSQL\'s integer answer 422 on create and edit, and change nothing', async () => {
    const before = await count('listings');
    for (const field of ['governorate_id', 'district_id', 'uzlah_id', 'village_id']) {
      const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: listing({}, { [field]: 2_147_483_648 }) });
      expect(r.status, field).toBe(422);
      const e = await http(t.url, 'PATCH', `/api/v1/listings/${listingId}`, { token: owner.token, body: { property_details: { [field]: 2 ** 53 } } });
      expect(e.status, field).toBe(422);
    }
    expect(await count('listings')).toBe(before);
    const search = await http(t.url, 'POST', '/api/v1/listings/search', { body: { district_id: 2_147_483_648 } });
    expect(search.status).toBe(422);
  });

  it('the router\'s own refusals keep the error contract', async () => {
    const long = await http(t.url, 'GET', `/api/v1/listings/${'9'.repeat(400)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ detail: expect.any(String) });
    const escape = await http(t.url, 'GET', '/api/v1/listings/%E0%A4%A');
    expect(escape.status).toBe(400);
    expect(escape.body).toEqual({ detail: MESSAGES.badRequest });
  });
});
