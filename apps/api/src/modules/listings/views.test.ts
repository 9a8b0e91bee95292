/**
 * Views of a listing (views.ts, issue 26), over HTTP on a real database: once per visitor and listing per day,
 * not the owner's or an admin's, written by a flush (the timer, an explicit one, the app's close) without moving
 * the listing's revision or updated_at. With TEST_REDIS_URL: two servers on one Redis count a visitor once and
 * write every increment exactly once.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DbHandle } from '../../db/client.js';
import { createTestApp, createTestDatabase, createUser, createWebTestApp, DB_KINDS, http, testConfig, testIndexHtml, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { ViewCounter } from './views.js';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** A client of its own: an address (TRUST_PROXY is on) and a browser. */
const visitor = (n: number, ua = 'Mozilla/5.0 test') => ({ 'x-forwarded-for': `198.51.100.${n}`, 'user-agent': ua });

async function stored(db: TestApp['db'], id: number) {
  return (await sql<{ views: number; rev: string; updated_at: string }>`select views, rev::text, updated_at::text from listings where id = ${id}`.execute(db)).rows[0]!;
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

describe.each(DB_KINDS)('views counted once per visitor and day (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let reader: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    // No timer: the tests flush when they mean to.
    t = await createTestApp(kind, { env: { TRUST_PROXY: 'true', VIEWS_FLUSH_MS: '0' } });
    owner = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
    reader = await createUser(t);
  });
  afterAll(() => t?.close());

  const read = (id: number, headers: Record<string, string> = visitor(1), token?: string) => http(t.url, 'GET', `/api/v1/listings/${id}`, { headers, token });

  it('counts a visitor once, two visitors twice, neither the owner nor an admin, and only after a flush', async () => {
    const id = await insertListing(t.db, owner.user.id);
    const before = await stored(t.db, id);
    expect((await read(id, visitor(1))).status).toBe(200);
    expect((await read(id, visitor(1))).status).toBe(200);
    // Another browser at the same address is another visitor; so is another address.
    await read(id, visitor(1, 'Other browser/1.0'));
    await read(id, visitor(2));
    // A signed-in reader is one visitor from any address.
    await read(id, visitor(3), reader.token);
    await read(id, visitor(4), reader.token);
    await read(id, visitor(5), owner.token);
    await read(id, visitor(6), admin.token);
    expect((await stored(t.db, id)).views).toBe(0);
    expect(await t.app.deps.views.flush()).toBe(4);
    const after = await stored(t.db, id);
    expect(after.views).toBe(4);
    // Not a change of the listing: search pages keep it (migration 017), and its edit time stays.
    expect(after.rev).toBe(before.rev);
    expect(after.updated_at).toBe(before.updated_at);
    expect((await read(id, visitor(1))).body.views).toBe(4);
    expect((await read(id, visitor(5), owner.token)).body.views).toBe(4);
    expect(await t.app.deps.views.flush()).toBe(0);
    // An owner's list shows the views written.
    const mine = await http(t.url, 'GET', '/api/v1/listings/my-listings', { token: owner.token });
    expect(mine.body.items.find((x: { id: number }) => x.id === id).views).toBe(4);
  });

  it('keeps a hidden listing 404 to the public and counts nothing for it', async () => {
    const pending = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const inactive = await insertListing(t.db, owner.user.id, { is_active: false });
    for (const id of [pending, inactive]) {
      expect((await read(id)).status).toBe(404);
      expect((await read(id, visitor(1), reader.token)).status).toBe(404);
      expect((await read(id, visitor(1), owner.token)).status).toBe(200);
      expect((await read(id, visitor(1), admin.token)).status).toBe(200);
    }
    expect((await read(99_999_999)).status).toBe(404);
    expect(await t.app.deps.views.flush()).toBe(0);
    expect((await stored(t.db, pending)).views).toBe(0);
  });

  it('writes the views of many listings in one flush, and drops those of a listing deleted meanwhile', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertListing(t.db, owner.user.id));
    for (const [i, id] of ids.entries()) for (let v = 0; v <= i; v++) await read(id, visitor(10 + v));
    await t.db.deleteFrom('listings').where('id', '=', ids[0]!).execute();
    expect(await t.app.deps.views.flush()).toBe(15);
    for (const [i, id] of ids.slice(1).entries()) expect((await stored(t.db, id)).views).toBe(i + 2);
  });

  it('counts the same visitor again the next day', async () => {
    const id = await insertListing(t.db, owner.user.id);
    let now = new Date('2026-11-25T23:59:00Z');
    const views = new ViewCounter(t.db, null, { flushMs: 0, now: () => now });
    const me = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0' };
    views.record(id, me);
    views.record(id, me);
    views.record(id, { userId: 42 });
    expect(await views.flush()).toBe(2);
    now = new Date('2026-11-26T00:01:00Z');
    views.record(id, me);
    views.record(id, { userId: 42 });
    await views.close();
    expect((await stored(t.db, id)).views).toBe(4);
  });

  it('writes on its timer and when the app closes', async () => {
    const id = await insertListing(t.db, owner.user.id);
    const config = testConfig({ TRUST_PROXY: 'true', VIEWS_FLUSH_MS: '50' });
    const timed = await buildApp({ config, database: { db: t.db, kind, close: async () => {} }, logger: false });
    const url = await listen(timed);
    try {
      await http(url, 'GET', `/api/v1/listings/${id}`, { headers: visitor(1) });
      const until = Date.now() + 5000;
      while ((await stored(t.db, id)).views === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect((await stored(t.db, id)).views).toBe(1);
    } finally {
      await timed.close();
    }
    const closing = await buildApp({ config: testConfig({ TRUST_PROXY: 'true', VIEWS_FLUSH_MS: '0' }), database: { db: t.db, kind, close: async () => {} }, logger: false });
    const url2 = await listen(closing);
    await http(url2, 'GET', `/api/v1/listings/${id}`, { headers: visitor(2) });
    await closing.close();
    expect((await stored(t.db, id)).views).toBe(2);
  });
});

/** A stand-in for the server renderer: a details page reads its listing through the API, as the real one does. */
const RENDERER = `
export const APP_STATE_ID = 'app-state';
let api;
export function setApiTransport(fetch) { api = fetch; }
export async function render({ url }) {
  const id = /property-details\\/(\\d+)/.exec(url)?.[1];
  const res = await api('/api/v1/listings/' + id, { method: 'GET', headers: { accept: 'application/json' } });
  const body = '<main>' + res.status + '</main>';
  return { kind: 'page', status: res.status, title: null, pages: [], state: '{}', pipe(d) { d.write(body); d.end(); return d; }, abort() {} };
}`;

describe('views of a details page rendered by the server', () => {
  it('are the same visitor as the browser that asked for the page', async () => {
    const web = await createWebTestApp({ 'index.html': testIndexHtml(), 'server/entry-server.mjs': RENDERER });
    try {
      const { user } = await createUser({ app: web.app, db: web.db });
      const id = await insertListing(web.db, user.id);
      const browser = { 'user-agent': 'Mozilla/5.0 (the visitor)' };
      const page = await fetch(`${web.url}/property-details/${id}`, { headers: browser });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<main>200</main>');
      // The browser's own read after the page: the same address and user agent, the same visitor.
      expect((await fetch(`${web.url}/api/v1/listings/${id}`, { headers: browser })).status).toBe(200);
      expect(await web.app.deps.views.flush()).toBe(1);
      expect((await fetch(`${web.url}/api/v1/listings/${id}`, { headers: { 'user-agent': 'Another browser' } })).status).toBe(200);
      expect(await web.app.deps.views.flush()).toBe(1);
      expect((await stored(web.db, id)).views).toBe(2);
    } finally {
      await web.close();
    }
  });
});

describe.runIf(TEST_REDIS_URL).each(DB_KINDS)('views counted by servers sharing one Redis (%s)', (kind) => {
  let database: DbHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urls: string[];
  let redis: Redis;
  // Keys of this test only: other test files use the same Redis with other databases.
  const prefix = `manzil-test:views:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const env = { REDIS_URL: TEST_REDIS_URL!, TRUST_PROXY: 'true', VIEWS_FLUSH_MS: '0' };
    const shared = { db: database.db, kind, close: async () => {} };
    a = await buildApp({ config: testConfig(env), database: shared, logger: false, viewsKeyPrefix: prefix });
    b = await buildApp({ config: testConfig(env), database: shared, logger: false, viewsKeyPrefix: prefix });
    urls = [await listen(a), await listen(b)];
    redis = new Redis(TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await database?.close();
  });

  it('counts a visitor once whichever server they reach, and keeps no address', async () => {
    const owner = await createUser({ app: a, db: database.db });
    const id = await insertListing(database.db, owner.user.id);
    for (let i = 0; i < 6; i++) expect((await http(urls[i % 2]!, 'GET', `/api/v1/listings/${id}`, { headers: visitor(77) })).status).toBe(200);
    await http(urls[1]!, 'GET', `/api/v1/listings/${id}`, { headers: visitor(78) });
    await http(urls[0]!, 'GET', `/api/v1/listings/${id}`, { headers: visitor(79), token: owner.token });
    expect(await a.deps.views.flush()).toBe(2);
    expect(await b.deps.views.flush()).toBe(0);
    expect((await stored(database.db, id)).views).toBe(2);
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.some((k) => k.includes(`:seen:`))).toBe(true);
    for (const k of keys.filter((k) => k.includes(':seen:'))) {
      expect(await redis.ttl(k)).toBeGreaterThan(24 * 3600);
      for (const m of await redis.smembers(k)) expect(m).not.toContain('198.51.100');
    }
  });

  it('writes every increment exactly once while both servers count and flush at the same time', async () => {
    const owner = await createUser({ app: a, db: database.db });
    const ids = [await insertListing(database.db, owner.user.id), await insertListing(database.db, owner.user.id)];
    const visitors = 60;
    let flushed = 0;
    let reading = true;
    // Both servers flush over and over while the reads come in.
    const flushers = [a, b].map(async (s) => {
      while (reading) {
        const n = await s.deps.views.flush();
        flushed += n;
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    await Promise.all(
      Array.from({ length: visitors }, async (_, v) => {
        for (const id of ids) {
          // Each visitor reads each listing three times, through both servers.
          for (let k = 0; k < 3; k++) {
            const r = await http(urls[(v + k) % 2]!, 'GET', `/api/v1/listings/${id}`, { headers: { ...visitor(v % 250), 'user-agent': `ua-${v}` } });
            expect(r.status).toBe(200);
          }
        }
      }),
    );
    reading = false;
    await Promise.all(flushers);
    flushed += (await a.deps.views.flush()) + (await b.deps.views.flush());
    expect(flushed).toBe(visitors * ids.length);
    for (const id of ids) expect((await stored(database.db, id)).views).toBe(visitors);
    expect(await redis.exists(`${prefix}:pending`)).toBe(0);
  });
});
