/**
 * Two API servers behind nginx (scripts/cluster.mjs, what `npm run cluster` starts) on one PostgreSQL database of
 * this run's own, one Redis and one s3rver bucket, with mail to a local SMTP server. The journeys cross servers:
 * each step is sent to server A, server B (addressed directly, to know which one answers) or nginx. Needs
 * TEST_DATABASE_URL and TEST_REDIS_URL; nginx is installed when missing (as root on Debian).
 */
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import type { DbHandle } from '../apps/api/src/db/client';
import { createTestDatabase, HAS_LOCATIONS, LOCATIONS_FILE } from '../apps/api/test/helpers';
import { startS3, type TestS3 } from '../apps/api/test/s3';
import { startCluster } from '../scripts/cluster.mjs';
import { linkIn, nthMailTo, startMailbox, type Mailbox } from './mail';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const ready = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!ready) console.log('[cluster test] skipped: set TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis) to run several servers behind nginx');

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * This run's client addresses: loopback addresses of their own (all of 127/8 is the loopback), so the per-address
 * limits counted in the shared Redis start from zero on every run and never meet another test's.
 */
const randomLoopback = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
const CLIENT = randomLoopback();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: any;
}

/** One HTTP request from `from` (default CLIENT), without keep-alive: each request is its own connection. */
async function call(
  base: string,
  method: string,
  pathname: string,
  opts: { json?: unknown; form?: Record<string, string>; multipart?: FormData; token?: string; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.form) {
    body = Buffer.from(new URLSearchParams(opts.form).toString());
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.multipart) {
    // The platform's own multipart encoder, read back into bytes.
    const req = new Request('http://x/', { method: 'POST', body: opts.multipart });
    body = Buffer.from(await req.arrayBuffer());
    headers['content-type'] = req.headers.get('content-type')!;
  }
  if (body) headers['content-length'] = String(body.length);
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const u = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, localAddress: opts.from ?? CLIENT, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json: any;
          try {
            json = buf.length && /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(buf.toString('utf8')) : undefined;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, headers: res.headers, body: buf, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const COUNT_TTL = 2;
const ADMIN = { email: `admin.${Date.now()}@cluster.test`, password: 'admin-secret-1' };

describe.skipIf(!ready)('several API servers behind nginx', () => {
  let database: DbHandle;
  let dataDir = '';
  let s3: TestS3;
  let box: Mailbox;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  /** Server A, server B (each addressed directly) and the balancer. */
  let A: string, B: string, LB: string;
  const owner = { email: `owner.${Date.now()}@cluster.test`, password: 'secret123', token: '' };
  let adminToken = '';
  /** The listing of the photo journey (pending until the stale-read journey approves it). */
  let photoListing = 0;

  beforeAll(async () => {
    // A database of this run's own, from the API tests' migrated template (dropped at the end).
    database = await createTestDatabase('postgres');
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(database.db)).rows[0]!.n;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    s3 = await startS3();
    box = await startMailbox();
    // Unused with a bucket and a JWT_SECRET, but a server's own folder all the same, never the repository's.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-cluster-'));
    cluster = await startCluster({
      size: 2,
      debug: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: '4',
        REDIS_URL: TEST_REDIS_URL!,
        ...s3.env,
        SMTP_URL: box.url,
        // The one secret every server must share, or a token from one is refused by the other.
        JWT_SECRET: randomBytes(32).toString('base64url'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        // Search totals of full pages are kept this long; servers other than the one that made a change catch up within it.
        SEARCH_COUNT_TTL_SECONDS: String(COUNT_TTL),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        LOCATIONS_SOURCE: HAS_LOCATIONS ? LOCATIONS_FILE : '/nonexistent/locations.json',
        // A private build can be tested while another is being written (npm test builds apps/web/dist).
        WEB_DIST_DIR: process.env.WEB_DIST_DIR || path.join(ROOT, 'apps/web/dist'),
      },
    });
    [A, B] = cluster.servers.map((s: { url: string }) => s.url) as [string, string];
    LB = cluster.url;
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await box?.close();
    await s3?.stop();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('nginx sends requests to every server in turn', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await call(LB, 'GET', '/api/v1/health');
      expect(r.status).toBe(200);
      seen.add(String(r.headers['x-upstream']));
    }
    expect([...seen].sort()).toEqual(cluster.servers.map((s: { port: number }) => `127.0.0.1:${s.port}`).sort());
  });

  it('registers and verifies an e-mail through the balancer; a token from one server works on the other', async () => {
    const reg = await call(LB, 'POST', '/api/v1/users/', {
      json: { email: owner.email, password: owner.password, first_name: 'Salem', last_name: 'Ahmed', phone_number: '+967 777 000 111' },
    });
    expect(reg.status).toBe(201);
    const mail = await nthMailTo(box, owner.email, '/verify-email');
    const link = linkIn(mail, '/verify-email');
    // Links come from PUBLIC_URL (the balancer's address), never from whichever server sent the mail.
    expect(link.origin).toBe(new URL(cluster.publicUrl).origin);
    expect((await call(LB, 'POST', '/api/v1/auth/verify-email', { json: { token: link.searchParams.get('token') } })).status).toBe(204);

    const login = await call(A, 'POST', '/api/v1/login/token', { form: { username: owner.email, password: owner.password } });
    expect(login.status).toBe(200);
    owner.token = login.json.access_token;
    const me = await call(B, 'GET', '/api/v1/users/me', { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: owner.email, email_verified: true });
    // The link is single use on every server.
    expect((await call(B, 'POST', '/api/v1/auth/verify-email', { json: { token: link.searchParams.get('token') } })).status).toBe(400);
    adminToken = (await call(B, 'POST', '/api/v1/login/token', { form: { username: ADMIN.email, password: ADMIN.password } })).json.access_token;
    expect((await call(A, 'GET', '/api/v1/admin/stats', { token: adminToken })).status).toBe(200);
  });

  it('a photo uploaded through one server is read from the other and deleted through it', async () => {
    const listing = await call(A, 'POST', '/api/v1/listings/', { token: owner.token, json: newListing('Photo flat') });
    expect(listing.status).toBe(201);
    const id = listing.json.id as number;
    photoListing = id;

    // Through nginx, a photo past nginx's default 1 MB body limit (client_max_body_size).
    const noise = await sharp(randomBytes(1200 * 1000 * 3), { raw: { width: 1200, height: 1000, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const big = await upload(LB, id, noise, owner.token);
    expect(big.status).toBe(201);

    const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 90 } } }).jpeg().toBuffer();
    const up = await upload(A, id, small, owner.token);
    expect(up.status).toBe(201);
    const fileUrl: string = up.json.file_url;
    expect(fileUrl).toMatch(/^\/uploads\/listings\//);
    const keys = [fileUrl, ...up.json.variants.map((v: { url: string }) => v.url)].map((u: string) => u.replace(/^\/uploads\//, ''));
    // In the bucket, not on server A's disk.
    for (const k of keys) expect(await s3.storage.exists(k)).toBe(true);

    const fromA = await call(A, 'GET', fileUrl);
    const fromB = await call(B, 'GET', fileUrl);
    const viaLB = await call(LB, 'GET', fileUrl);
    for (const r of [fromA, fromB, viaLB]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
    }
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(viaLB.body.equals(fromA.body)).toBe(true);

    expect((await call(B, 'DELETE', `/api/v1/listings/${id}/images/${up.json.id}`, { token: owner.token })).status).toBe(204);
    for (const k of keys) expect(await s3.storage.exists(k)).toBe(false);
    expect((await call(A, 'GET', fileUrl)).status).toBe(404);
    expect((await call(LB, 'GET', fileUrl)).status).toBe(404);
    const read = await call(A, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(read.json.media.map((m: { id: number }) => m.id)).toEqual([big.json.id]);
  });

  it('a limit reached through one server holds on the other and through nginx', async () => {
    // Sign-in: 10 a minute per client address. A fresh address of its own, so the owner's sign-ins stay apart.
    const from = randomLoopback();
    const attempt = (base: string) => call(base, 'POST', '/api/v1/login/token', { from, form: { username: `nobody.${Date.now()}@cluster.test`, password: 'wrong-guess' } });
    for (let i = 0; i < 10; i++) expect((await attempt(A)).status).toBe(401);
    const onB = await attempt(B);
    expect(onB.status).toBe(429);
    expect(onB.headers['retry-after']).toBeTruthy();
    // nginx passes this client's address on (X-Forwarded-For), so the count follows the client, not nginx.
    expect((await attempt(LB)).status).toBe(429);
    // Another address is not held back.
    expect((await call(LB, 'POST', '/api/v1/login/token', { form: { username: owner.email, password: owner.password } })).status).toBe(200);

    // Per account: 10 failed sign-ins, alternating servers, each from an address of its own, lock the account everywhere.
    const victim = `victim.${Date.now()}@cluster.test`;
    for (let i = 0; i < 10; i++) {
      const r = await call(i % 2 ? B : A, 'POST', '/api/v1/login/token', { from: randomLoopback(), form: { username: victim, password: 'wrong-guess' } });
      expect(r.status).toBe(401);
    }
    for (const base of [A, B, LB]) {
      const r = await call(base, 'POST', '/api/v1/login/token', { from: randomLoopback(), form: { username: victim, password: 'any-password' } });
      expect(r.status).toBe(429);
      expect(r.json).toEqual({ detail: MESSAGES.accountLocked });
    }
  });

  it('a listing approved or edited on server A is never served stale by server B', async () => {
    expect((await call(A, 'POST', `/api/v1/admin/listings/${photoListing}/approve`, { token: adminToken, json: {} })).status).toBe(200);
    const created = await call(A, 'POST', '/api/v1/listings/', { token: owner.token, json: newListing('Fresh flat', 350) });
    const id = created.json.id as number;
    const search = async (base: string, limit = 20) => (await call(base, 'POST', '/api/v1/listings/search', { json: { limit } })).json;
    const find = (page: { items: { id: number }[] }) => page.items.find((it) => it.id === id) as any;

    // B's search pages and totals are warm, without the pending listing: a page of 20 (not full) and of 1 (full).
    for (let i = 0; i < 2; i++) {
      expect(find(await search(B))).toBeUndefined();
      expect((await search(B, 1)).items.map((it: { id: number }) => it.id)).toEqual([photoListing]);
    }
    const before = (await search(B)).total as number;
    expect(before).toBe(1);

    expect((await call(A, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: adminToken, json: {} })).status).toBe(200);
    // A full page (first, before a page that ends the results makes B count again): its listings are fresh at
    // once; its total may be B's count from before, for at most SEARCH_COUNT_TTL_SECONDS.
    expect((await search(B, 1)).items.map((it: { id: number }) => it.id)).toEqual([id]);
    const deadline = Date.now() + (COUNT_TTL + 2) * 1000;
    while ((await search(B, 1)).total !== before + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await search(B, 1)).total).toBe(before + 1);
    let page = await search(B);
    expect(find(page)).toMatchObject({ title_en: 'Fresh flat', price: 350, status: 'approved' });
    expect(page.total).toBe(before + 1);
    expect((await call(B, 'GET', `/api/v1/listings/${id}`)).json).toMatchObject({ title_en: 'Fresh flat', price: 350 });
    expect((await call(B, 'GET', `/property-details/${id}?lang=en`)).body.toString()).toContain('Fresh flat');

    // An edit on A: B's next answers show it (or, while it waits for review again, no longer show the listing).
    const edit = await call(A, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, json: { title_en: 'Fresh flat, repainted', price: 420 } });
    expect(edit.status).toBe(200);
    page = await search(B);
    const shown = find(page);
    if (edit.json.status === 'approved') expect(shown).toMatchObject({ title_en: 'Fresh flat, repainted', price: 420 });
    else {
      expect(shown).toBeUndefined();
      expect(page.total).toBe(before);
      expect((await call(B, 'GET', `/api/v1/listings/${id}`)).status).toBe(404);
      expect((await call(B, 'GET', `/api/v1/listings/${id}`, { token: owner.token })).json).toMatchObject({ title_en: 'Fresh flat, repainted', price: 420 });
      expect((await call(A, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: adminToken, json: {} })).status).toBe(200);
      page = await search(B);
      expect(find(page)).toMatchObject({ title_en: 'Fresh flat, repainted', price: 420 });
      expect(page.total).toBe(before + 1);
    }
    expect((await call(B, 'GET', `/api/v1/listings/${id}`)).json).toMatchObject({ title_en: 'Fresh flat, repainted', price: 420 });
    const html = (await call(B, 'GET', `/property-details/${id}?lang=en`)).body.toString();
    expect(html).toContain('Fresh flat, repainted');
    expect(html).not.toContain('>Fresh flat<');
  });

  it('each mail is sent once, by one server', async () => {
    // Both servers poll the outbox (every 5 s): a full round after the last mail was queued, none came twice.
    await new Promise((r) => setTimeout(r, 6_000));
    const rows = await database.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'status', 'attempts']).orderBy('id').execute();
    // The verification mail and the listings' approvals, at least.
    expect(rows.filter((r) => r.to_address === owner.email).length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r).toMatchObject({ status: 'sent', attempts: 1 });
    const received = box.received.map((m) => `${m.to.join(',')} ${m.subject}`).sort();
    expect(received).toEqual(rows.map((r) => `${r.to_address} ${r.subject}`).sort());
    expect(box.received.filter((m) => m.to.includes(owner.email) && /\/verify-email\?/.test(m.text))).toHaveLength(1);
  });
});

function newListing(title: string, price = 300) {
  return {
    listing_type: 'FOR_RENT',
    title_ar: 'شقة',
    title_en: title,
    description_ar: 'شقة واسعة قريبة من البحر.',
    description_en: 'A spacious flat near the sea.',
    price,
    currency: 'USD',
    property_details: { property_type: 'APARTMENT', area_sqm: 120, bedrooms: 3, bathrooms: 2, governorate_id: 3, district_id: 34 },
  };
}

function upload(base: string, id: number, bytes: Buffer, token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return call(base, 'POST', `/api/v1/listings/${id}/upload-image/`, { token, multipart: form });
}
