/**
 * Search pages are written once and kept (page-cache.ts), yet every answer shows the listings as they are now:
 * a change made by any server (here, straight in the database), an owner's new phone, a photo added or removed.
 * A view counted is not a change: the page stays as written. Compressed answers are the same bytes for the same page and new ones after a change.
 */
import { request } from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResult } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { compileSerializer } from '../../lib/serialize.js';

/** POST a search over HTTP and keep the bytes as sent (fetch would decompress them). */
function rawSearch(base: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}/api/v1/listings/search`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe.each(DB_KINDS)('search pages kept between requests (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const ids: number[] = [];
  const aden = { governorate_id: 3, limit: 12 };

  beforeAll(async () => {
    // No views timer: a flush of its own between a read and the test's flush took the view counted (CI, once).
    t = await createTestApp(kind, { compress: true, env: { VIEWS_FLUSH_MS: '0' } });
    owner = await createUser(t, { first_name: 'Huda', last_name: 'Owner', phone_number: '+967 777 000 222' });
    for (let i = 0; i < 5; i++) ids.push(await insertListing(t.db, owner.user.id, { governorate_id: 3, title_en: `Flat ${i}`, created_at: new Date(Date.UTC(2025, 0, 1 + i)) }));
    await insertMedia(t.db, ids[4]!, 0);
  });
  afterAll(() => t?.close());

  type Card = { id: number; title_en: string; views: number; media: unknown[]; owner: { phone: string | null; full_name: string } };
  const page = async (body: object = aden) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { items: Card[]; total: number; total_capped: boolean };
  };
  const card = async (id: number) => (await page()).items.find((x) => x.id === id)!;

  it('writes a page exactly as the schema does, and the same page again byte for byte', async () => {
    const first = await rawSearch(t.url, aden);
    const again = await rawSearch(t.url, aden);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const text = first.body.toString();
    expect(again.body.toString()).toBe(text);
    const parsed = JSON.parse(text);
    expect(parsed.items.map((x: { id: number }) => x.id)).toEqual([...ids].reverse());
    expect(text).toBe(compileSerializer(searchResult)(parsed));
    expect(text).not.toContain('"email":');
  });

  it('shows a change made by another server on the next search (straight in the database)', async () => {
    await page();
    await sql`update listings set title_en = 'Flat with a new title' where id = ${ids[2]}`.execute(t.db);
    expect((await card(ids[2]!)).title_en).toBe('Flat with a new title');
    expect((await card(ids[1]!)).title_en).toBe('Flat 1');
  });

  it('keeps the page when a view of the details page is counted (views leave the revision alone, migration 017)', async () => {
    const before = await rawSearch(t.url, aden);
    const rev = async () => (await sql<{ rev: string }>`select rev::text from listings where id = ${ids[3]}`.execute(t.db)).rows[0]!.rev;
    const revBefore = await rev();
    expect((await http(t.url, 'GET', `/api/v1/listings/${ids[3]}`)).status).toBe(200);
    expect(await t.app.deps.views.flush()).toBe(1);
    expect(await rev()).toBe(revBefore);
    expect((await rawSearch(t.url, aden)).body.equals(before.body)).toBe(true);
    // The next change of the listing shows the views counted meanwhile.
    const views = (await t.db.selectFrom('listings').select('views').where('id', '=', ids[3]!).executeTakeFirstOrThrow()).views;
    await sql`update listings set price = price + 1 where id = ${ids[3]}`.execute(t.db);
    expect((await card(ids[3]!)).views).toBe(views);
    expect(await rev()).not.toBe(revBefore);
  });

  it("shows the owner's new phone and name on every card of theirs", async () => {
    await page();
    const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token: owner.token, body: { phone_number: '+967 711 999 888', full_name: 'Huda Saleh' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = (await page()).items;
    expect(items).toHaveLength(5);
    for (const it of items) expect(it.owner).toMatchObject({ phone: '+967 711 999 888', full_name: 'Huda Saleh' });
  });

  it('shows photos added and removed', async () => {
    expect((await card(ids[0]!)).media).toHaveLength(0);
    const photo = await insertMedia(t.db, ids[0]!, 0);
    expect((await card(ids[0]!)).media).toHaveLength(1);
    await sql`delete from listing_media where id = ${photo}`.execute(t.db);
    expect((await card(ids[0]!)).media).toHaveLength(0);
    expect((await card(ids[4]!)).media).toHaveLength(1);
  });

  it('drops a listing hidden meanwhile and counts again', async () => {
    expect((await page()).total).toBe(5);
    await sql`update listings set is_active = false where id = ${ids[1]}`.execute(t.db);
    const p = await page();
    expect(p.items.map((x) => x.id)).not.toContain(ids[1]);
    expect(p.total).toBe(4);
    await sql`update listings set is_active = true where id = ${ids[1]}`.execute(t.db);
    expect((await page()).total).toBe(5);
  });

  it('sends the same compressed bytes for the same page, new ones after a change, the same JSON in every encoding', async () => {
    const br = await rawSearch(t.url, aden, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const again = await rawSearch(t.url, aden, { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(br.body)).toBe(true);
    const gz = await rawSearch(t.url, aden, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawSearch(t.url, aden);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body.toString();
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(json);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(json);

    await sql`update listings set price = price + 1 where id = ${ids[4]}`.execute(t.db);
    const changed = await rawSearch(t.url, aden, { 'accept-encoding': 'br' });
    expect(changed.body.equals(br.body)).toBe(false);
    const fresh = JSON.parse(zlib.brotliDecompressSync(changed.body).toString());
    const old = JSON.parse(json);
    expect(fresh.items[0].price).toBe(old.items[0].price + 1);
  });
});
