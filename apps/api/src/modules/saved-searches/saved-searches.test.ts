/**
 * Saved searches (issue 27) over HTTP on a real database: anonymous 401; each user reads and changes only their
 * own (others' ids 404, admins included); filters are validated by the search's own schema and stored without
 * the page (skip, limit, view); at most 50; rename, frequency and "seen"; the new count counts matches of
 * listings still public since the search was last opened; deleting the user removes their searches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('saved searches (%s)', (kind) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let admin: User;

  const create = (body: unknown, token?: string) => http(t.url, 'POST', '/api/v1/saved-searches', { token, body });
  const list = (token?: string) => http(t.url, 'GET', '/api/v1/saved-searches', { token });
  const patch = (id: number, body: unknown, token?: string) => http(t.url, 'PATCH', `/api/v1/saved-searches/${id}`, { token, body });
  const del = (id: number, token?: string) => http(t.url, 'DELETE', `/api/v1/saved-searches/${id}`, { token });

  const flatsInSanaa = {
    name: 'Flats for rent in Sanaa',
    filters: { listing_type: 'rent', property_type: 'APARTMENT', governorate_id: [1, 2], min_bedrooms: 2, skip: 40, limit: 20, view: 'map' },
    frequency: 'instant',
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, bob, admin] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN' })];
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers 401 to anonymous callers on every route', async () => {
    expect((await create(flatsInSanaa)).status).toBe(401);
    expect((await list()).status).toBe(401);
    expect((await patch(1, { name: 'x' })).status).toBe(401);
    expect((await del(1)).status).toBe(401);
  });

  it('saves a search with its filters parsed by the search schema, without the page, and lists it', async () => {
    const r = await create(flatsInSanaa, alice.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: 'Flats for rent in Sanaa', frequency: 'instant', new_count: 0 });
    // The spelling "rent" is stored as the API names it; the page's skip, limit and view are not kept.
    expect(r.body.filters).toMatchObject({ listing_type: 'FOR_RENT', property_type: 'APARTMENT', governorate_id: [1, 2], min_bedrooms: 2 });
    expect(r.body.filters).not.toHaveProperty('skip');
    expect(r.body.filters).not.toHaveProperty('limit');
    expect(r.body.filters).not.toHaveProperty('view');
    // What is stored searches as it is: POST /listings/search takes it and answers 200.
    expect((await http(t.url, 'POST', '/api/v1/listings/search', { body: r.body.filters })).status).toBe(200);
    const l = await list(alice.token);
    expect(l.status).toBe(200);
    expect(l.body.total).toBe(1);
    expect(l.body.items[0]).toEqual(r.body);
    expect((await list(bob.token)).body).toEqual({ items: [], total: 0 });
  });

  it('keeps a drawn polygon, and defaults the frequency to daily', async () => {
    const polygon = [[15.3, 44.1], [15.4, 44.2], [15.3, 44.3]];
    const r = await create({ name: 'Drawn', filters: { polygon_coordinates: polygon } }, alice.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.frequency).toBe('daily');
    expect(r.body.filters.polygon_coordinates).toEqual(polygon);
    await del(r.body.id, alice.token);
  });

  it('writes alerts in the language the search was saved in, and the one a later change was made in', async () => {
    const langOf = async (id: number) => (await sql<{ lang: string }>`select lang from saved_searches where id = ${id}`.execute(t.db)).rows[0]!.lang;
    const en = await http(t.url, 'POST', '/api/v1/saved-searches', { token: alice.token, body: { name: 'English', filters: {} }, headers: { 'accept-language': 'en-GB,en;q=0.9,ar;q=0.5' } });
    expect(en.status).toBe(201);
    expect(await langOf(en.body.id)).toBe('en');
    const ar = await create({ name: 'Arabic', filters: {} }, alice.token);
    expect(await langOf(ar.body.id)).toBe('ar');
    await http(t.url, 'PATCH', `/api/v1/saved-searches/${ar.body.id}`, { token: alice.token, body: { frequency: 'weekly' }, headers: { 'accept-language': 'en' } });
    expect(await langOf(ar.body.id)).toBe('en');
    await del(en.body.id, alice.token);
    await del(ar.body.id, alice.token);
  });

  it('refuses what the search schema refuses, a blank name and unknown keys, with 422', async () => {
    for (const body of [
      { ...flatsInSanaa, name: '   ' },
      { ...flatsInSanaa, frequency: 'hourly' },
      { ...flatsInSanaa, filters: { min_bedrooms: -1 } },
      { ...flatsInSanaa, filters: { polygon_coordinates: [[15, 44]] } },
      { ...flatsInSanaa, owner: 3 },
      { name: 'x'.repeat(101), filters: {} },
      { name: 'No filters' },
    ]) {
      const r = await create(body, alice.token);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(typeof r.body.detail[0].msg).toBe('string');
    }
    expect((await create({ ...flatsInSanaa, name: '   ' }, alice.token)).body.detail[0].msg).toBe('Give this search a name');
  });

  it("renames, changes the frequency, and answers 404 for another user's search, admins included", async () => {
    const { body: s } = await create(flatsInSanaa, alice.token);
    const r = await patch(s.id, { name: '  Near work ', frequency: 'weekly' }, alice.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: s.id, name: 'Near work', frequency: 'weekly' });
    for (const token of [bob.token, admin.token]) {
      expect((await patch(s.id, { name: 'mine now' }, token)).status).toBe(404);
      expect((await del(s.id, token)).status).toBe(404);
    }
    expect((await patch(999_999, { name: 'x' }, alice.token)).status).toBe(404);
    expect((await patch(s.id, { frequency: 'hourly' }, alice.token)).status).toBe(422);
    expect((await patch(s.id, { filters: {} }, alice.token)).status).toBe(422);
    expect((await list(alice.token)).body.items.find((i: { id: number }) => i.id === s.id)).toMatchObject({ name: 'Near work', frequency: 'weekly' });
    expect((await del(s.id, alice.token)).status).toBe(204);
    expect((await del(s.id, alice.token)).status).toBe(404);
  });

  it('counts new matches of listings still public until the search is opened (seen)', async () => {
    const { body: s } = await create({ name: 'Counted', filters: {} }, alice.token);
    const owner = await createUser(t);
    const shown = await insertListing(t.db, owner.user.id, {});
    const hidden = await insertListing(t.db, owner.user.id, { is_active: false });
    await sql`insert into alert_matches (listing_id, search_ids, matched_at) values (${shown}, array[${s.id}::int], now() + interval '1 second'), (${hidden}, array[${s.id}::int], now() + interval '1 second')`.execute(t.db);
    const before = (await list(alice.token)).body.items.find((i: { id: number }) => i.id === s.id);
    expect(before.new_count).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    const seen = await patch(s.id, { seen: true }, alice.token);
    expect(seen.status).toBe(200);
    expect(seen.body.new_count).toBe(0);
    expect(Date.parse(seen.body.last_seen_at)).toBeGreaterThan(Date.parse(before.last_seen_at));
    await del(s.id, alice.token);
  });

  it('keeps at most 50 per user (409), and the others stay free to save', async () => {
    const u = await createUser(t);
    const made = await Promise.all(Array.from({ length: 52 }, (_, i) => create({ name: `S${i}`, filters: { min_bedrooms: i % 10 } }, u.token)));
    expect(made.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = made.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.detail).toBe('You can keep at most 50 saved searches. Delete one to save another.');
    expect((await list(u.token)).body.total).toBe(50);
    expect((await create({ name: 'Another user', filters: {} }, bob.token)).status).toBe(201);
  });

  it('removes the searches of a deleted account', async () => {
    const u = await createUser(t);
    await create({ name: 'Gone', filters: {} }, u.token);
    await sql`delete from users where id = ${u.user.id}`.execute(t.db);
    const left = await sql<{ n: number }>`select count(*)::int as n from saved_searches where user_id = ${u.user.id}`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
