/**
 * How owners are reached (issue 28) over HTTP on a real database: the WhatsApp number and the ways to be reached
 * in PATCH /users/me (stored as international digits, +967 assumed for a Yemeni mobile typed locally, refused when
 * it cannot be placed in a country, and never leaving a visitor without a way that works); cards and details carry
 * them; clicks on Call and WhatsApp are counted per channel for public listings only, limited per address, and the
 * owner sees them with views, messages and favourites in their list, nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('reaching owners (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: User;
  let listing: number;
  let pending: number;

  const patchMe = (token: string, body: object) => http(t.url, 'PATCH', '/api/v1/users/me', { token, body });
  const click = (id: number, channel: string, token?: string) =>
    http(t.url, 'POST', `/api/v1/listings/${id}/contact-clicks`, { token, body: { channel } });
  const mine = async (token: string) => (await http(t.url, 'GET', '/api/v1/listings/my-listings', { token })).body.items;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, other, admin] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' })];
    listing = await insertListing(t.db, owner.user.id);
    pending = await insertListing(t.db, owner.user.id, { status: 'pending' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('keeps a WhatsApp number as international digits, +967 for a local mobile, and clears it with null', async () => {
    let r = await patchMe(owner.token, { whatsapp_number: '777 123 456' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.whatsapp_number).toBe('967777123456');
    expect(r.body.contact_methods).toEqual(['call', 'whatsapp', 'email']);
    r = await patchMe(owner.token, { whatsapp_number: '+966 50 123 4567' });
    expect(r.body.whatsapp_number).toBe('966501234567');
    // Arabic-Indic digits as typed on an Arabic keyboard.
    r = await patchMe(owner.token, { whatsapp_number: '٠٧٧١٢٣٤٥٦٧' });
    expect(r.body.whatsapp_number).toBe('967771234567');
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: owner.token })).body.whatsapp_number).toBe('967771234567');
    r = await patchMe(owner.token, { whatsapp_number: null });
    expect(r.body.whatsapp_number).toBeNull();
    r = await patchMe(owner.token, { whatsapp_number: '+967 771 234 567' });
    expect(r.body.whatsapp_number).toBe('967771234567');
  });

  it('refuses a number that cannot be placed in a country, or that breaks the phone rule, and changes nothing', async () => {
    for (const bad of ['01 234 567', 'abc', '+1']) {
      const r = await patchMe(owner.token, { whatsapp_number: bad });
      expect(r.status, bad).toBe(422);
    }
    const r = await patchMe(owner.token, { whatsapp_number: '01 234 567' });
    expect(JSON.stringify(r.body)).toContain('WhatsApp number with its country code');
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: owner.token })).body.whatsapp_number).toBe('967771234567');
  });

  it('keeps the chosen ways in one order, needs at least one, and one that works', async () => {
    let r = await patchMe(owner.token, { contact_methods: ['whatsapp', 'call'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.contact_methods).toEqual(['call', 'whatsapp']);
    expect((await patchMe(owner.token, { contact_methods: [] })).status).toBe(422);
    expect((await patchMe(owner.token, { contact_methods: ['fax'] })).status).toBe(422);
    expect((await patchMe(owner.token, { contact_methods: ['call', 'call'] })).status).toBe(422);
    // WhatsApp only, then the number removed: nobody could reach the owner.
    expect((await patchMe(owner.token, { contact_methods: ['whatsapp'] })).status).toBe(200);
    r = await patchMe(owner.token, { whatsapp_number: null });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/Visitors need a way to reach you/);
    // A Google account has no phone: Call alone does not work for it.
    const google = await createUser(t);
    await t.db.updateTable('users').set({ phone_number: null }).where('id', '=', google.user.id).execute();
    expect((await patchMe(google.token, { contact_methods: ['call'] })).status).toBe(400);
    expect((await patchMe(google.token, { contact_methods: ['email'] })).status).toBe(200);
    expect((await patchMe(owner.token, { contact_methods: ['call', 'whatsapp', 'email'] })).status).toBe(200);
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { body: { contact_methods: ['call'] } })).status).toBe(401);
  });

  it("puts the owner's WhatsApp number and chosen ways on the details page and the cards, at once", async () => {
    await patchMe(owner.token, { contact_methods: ['whatsapp', 'email'] });
    const details = (await http(t.url, 'GET', `/api/v1/listings/${listing}`)).body;
    expect(details.owner).toMatchObject({ whatsapp_number: '967771234567', contact_methods: ['whatsapp', 'email'] });
    const search = (await http(t.url, 'POST', '/api/v1/listings/search', { body: {} })).body;
    const card = search.items.find((i: { id: number }) => i.id === listing);
    expect(card.owner).toMatchObject({ whatsapp_number: '967771234567', contact_methods: ['whatsapp', 'email'] });
    await patchMe(owner.token, { contact_methods: ['call', 'whatsapp', 'email'] });
    const again = (await http(t.url, 'POST', '/api/v1/listings/search', { body: {} })).body;
    expect(again.items.find((i: { id: number }) => i.id === listing).owner.contact_methods).toEqual(['call', 'whatsapp', 'email']);
  });

  it('counts clicks per channel for anyone, only on public listings, and shows them to the owner alone', async () => {
    expect((await click(listing, 'whatsapp')).status).toBe(204);
    expect((await click(listing, 'whatsapp', other.token)).status).toBe(204);
    expect((await click(listing, 'call', admin.token)).status).toBe(204);
    expect((await click(listing, 'email')).status).toBe(422);
    expect((await click(pending, 'call')).status).toBe(404);
    expect((await click(999_999, 'call')).status).toBe(404);
    await http(t.url, 'PUT', `/api/v1/favorites/${listing}`, { token: other.token });
    const row = (await mine(owner.token)).find((l: { id: number }) => l.id === listing);
    expect(row).toMatchObject({ whatsapp_clicks: 2, call_clicks: 1, favorites: 1, message_count: 0 });
    expect((await mine(owner.token)).find((l: { id: number }) => l.id === pending)).toMatchObject({ whatsapp_clicks: 0, call_clicks: 0, favorites: 0 });
    // Nobody else's list holds the listing.
    expect((await mine(other.token)).some((l: { id: number }) => l.id === listing)).toBe(false);
    // A click changes no revision: the listing's row is untouched.
    const rev = async () => (await t.db.selectFrom('listings').select('rev').where('id', '=', listing).executeTakeFirstOrThrow()).rev;
    const before = await rev();
    await click(listing, 'call');
    expect(await rev()).toBe(before);
  });
});

describe('contact clicks are limited per address', () => {
  let t: TestApp;
  afterAll(async () => t?.close());
  it('answers 429 past 30 a minute from one address', async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMITS: 'true' } });
    const owner = await createUser(t);
    const id = await insertListing(t.db, owner.user.id);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await http(t.url, 'POST', `/api/v1/listings/${id}/contact-clicks`, { body: { channel: 'call' } })).status);
    expect(codes.slice(0, 30).every((c) => c === 204)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
