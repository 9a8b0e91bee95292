/**
 * Object storage (issue 26) on the local folder and on a real S3 protocol server (s3rver): photos served under
 * /uploads with a year's cache and 404s, MEDIA_PUBLIC_URL in URLs and the page policy, the orphan sweep, and
 * the copy of a local uploads folder into the bucket (idempotent, resumable).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createStorage, S3Storage } from '../../lib/s3-storage.js';
import { LocalStorage, type Storage } from '../../lib/storage.js';
import { createAppPolicy } from '../../plugins/security-headers.js';
import { registerWeb } from '../../plugins/web.js';
import { insertListing } from '../../../test/fixtures.js';
import { DB_KINDS, createTestDatabase, createUser, testConfig } from '../../../test/helpers.js';
import { STORAGE_KINDS, startS3, type TestS3 } from '../../../test/s3.js';
import { copyToBucket } from './copy-to-s3.js';
import { sweepOrphans } from './sweep.js';

/** `npm run media:copy-to-s3`'s command, with this environment. */
const runCopy = (env: Record<string, string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const script = path.resolve(import.meta.dirname, 'copy-to-s3.ts');
    execFile(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, JWT_SECRET: 'x'.repeat(40), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

const webp = (n: number) => Buffer.from(`RIFF${'x'.repeat(n)}`);
const keysOf = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const o of storage.list()) keys.push(o.key);
  return keys.sort();
};

describe.each(STORAGE_KINDS)('uploads served from %s storage', (storageKind) => {
  let s3: TestS3 | null = null;
  let app: FastifyInstance;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (storageKind === 's3') s3 = await startS3();
    const config = testConfig({ WEB_DIST_DIR: '/nonexistent/dist', ...s3?.env });
    const database = await createTestDatabase('pglite');
    app = await buildApp({ config, database, logger: false });
    await registerWeb(app, { distDir: config.WEB_DIST_DIR });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close?.();
    await s3?.stop();
  });

  it('uses the configured storage', () => {
    expect(app.deps.storage).toBeInstanceOf(storageKind === 's3' ? S3Storage : LocalStorage);
  });

  it('answers a stored photo with a year of cache, its type and bytes; HEAD too', async () => {
    const storage = app.deps.storage;
    await storage.put('listings/7/abc123-400.webp', webp(100), 'image/webp');
    expect(await storage.exists('listings/7/abc123-400.webp')).toBe(true);
    expect(storage.url('listings/7/abc123-400.webp')).toBe('/uploads/listings/7/abc123-400.webp');
    const r = await fetch(`${url}/uploads/listings/7/abc123-400.webp`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-type')).toBe('image/webp');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await r.arrayBuffer())).toEqual(webp(100));
    const head = await fetch(`${url}/uploads/listings/7/abc123-400.webp`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('104');
  });

  it('answers 404 for a missing key, an unfinished part and a path out of the folder', async () => {
    await app.deps.storage.put('listings/7/abc123-960.webp.123.tmp', webp(10), 'image/webp').catch(() => {});
    for (const p of ['/uploads/listings/7/nope-400.webp', '/uploads/listings/7/abc123-960.webp.123.tmp', '/uploads/']) {
      const r = await fetch(url + p);
      expect(r.status, p).toBe(404);
      expect(r.headers.get('cache-control') ?? '', p).not.toContain('immutable');
    }
    // Out of the folder (or the bucket's key space): refused, 400/403 from the local folder's file server, else 404.
    for (const p of ['/uploads/listings/7/%00-400.webp', '/uploads/../package.json', '/uploads/..%2f..%2fpackage.json', '/uploads/%2e%2e/%2e%2e/package.json', '/uploads/listings/..%2f..%2f..%2fjwt-secret']) {
      const r = await fetch(url + p);
      expect([400, 403, 404], p).toContain(r.status);
    }
    expect(await app.deps.storage.exists('../package.json').catch(() => false)).toBe(false);
    await expect(app.deps.storage.put('../escape.webp', webp(1), 'image/webp')).rejects.toThrow(/invalid storage key/);
  });

  it('serves reads only: a DELETE leaves the photo there', async () => {
    const r = await fetch(`${url}/uploads/listings/7/abc123-400.webp`, { method: 'DELETE' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await app.deps.storage.exists('listings/7/abc123-400.webp')).toBe(true);
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('makes photo URLs absolute under it, and the page policy lets images load from its origin', () => {
    const config = testConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.test/manzil/' });
    const storage = createStorage(config);
    expect(storage.url('listings/1/ab-400.webp')).toBe('https://cdn.example.test/manzil/listings/1/ab-400.webp');
    const policy = createAppPolicy(config)({ scripts: [], styles: [] });
    expect(/img-src ([^;]*)/.exec(policy)![1]!.split(' ')).toContain('https://cdn.example.test');
    expect(createAppPolicy(testConfig())({ scripts: [], styles: [] })).not.toContain('cdn.example.test');
  });
});

describe.each(DB_KINDS.flatMap((db) => STORAGE_KINDS.map((storage) => [db, storage] as const)))(
  'orphan sweep on %s, %s storage',
  (kind, storageKind) => {
    let s3: TestS3 | null = null;
    let storage: Storage;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let dir: string;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-sweep-'));
      if (storageKind === 's3') {
        s3 = await startS3();
        // Pages of 3 keys: the sweep has to follow the continuation tokens to see them all.
        storage = new S3Storage({ endpoint: s3.env.S3_ENDPOINT!, region: 'us-east-1', bucket: s3.env.S3_BUCKET!, accessKey: 'S3RVER', secretKey: 'S3RVER', forcePathStyle: true, pageSize: 3 });
      } else {
        storage = new LocalStorage(dir);
      }
      db = await createTestDatabase(kind);
    });
    afterAll(async () => {
      storage?.close?.();
      await db?.close();
      await s3?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('removes files no row points to and unfinished parts, once past the grace period; keeps the rest', async () => {
      const { user } = await createUser({ app: { signToken: async () => 'x' } as unknown as FastifyInstance, db: db.db });
      const id = await insertListing(db.db, user.id, { status: 'approved' });
      const key = `listings/${id}/aaaa1111`;
      await db.db.insertInto('listing_media').values({ listing_id: id, storage_key: key, widths: [400, 960], width: 960, height: 640, bytes: 2, position: 0 }).execute();
      const kept = [`${key}-400.webp`, `${key}-960.webp`, 'icons/not-ours.png'];
      // The crash state: files written, the row never committed; a width the row does not list; a killed put's part.
      const orphans = [`listings/${id}/bbbb2222-400.webp`, `listings/${id}/bbbb2222-960.webp`, `${key}-1600.webp`, `listings/${id}/cccc3333-400.webp.4242.tmp`];
      for (const k of [...kept, ...orphans]) await storage.put(k, webp(5), 'image/webp');

      // Within the grace period nothing goes: these could be an upload on its way to its commit.
      const young = await sweepOrphans(db.db, storage, { graceMs: 3600_000 });
      expect(young).toMatchObject({ scanned: 7, removed: 0 });
      expect(await keysOf(storage)).toEqual([...kept, ...orphans].sort());

      const r = await sweepOrphans(db.db, storage, { graceMs: 0, now: Date.now() + 2000 });
      expect(r).toMatchObject({ scanned: 7, removed: 4, failed: 0 });
      expect(await keysOf(storage)).toEqual([...kept].sort());
      // Idempotent: a second sweep finds nothing more.
      expect(await sweepOrphans(db.db, storage, { graceMs: 0, now: Date.now() + 2000 })).toMatchObject({ scanned: 3, removed: 0 });
    });
  },
);

describe('media:copy-to-s3', () => {
  let s3: TestS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-copy-'));
  });
  afterAll(async () => {
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the uploads folder into the bucket, skips what is there with the same size, and resumes', async () => {
    const local = new LocalStorage(path.join(dataDir, 'uploads'));
    const files = Array.from({ length: 12 }, (_, i) => `listings/${i % 3}/f${i}-400.webp`);
    for (const [i, k] of files.entries()) await local.put(k, webp(i + 1), 'image/webp');
    fs.writeFileSync(path.join(dataDir, 'uploads/listings/0/half-400.webp.99.tmp'), 'part');
    // An earlier run stopped half way: 5 objects are there already, one of them cut short.
    for (const k of files.slice(0, 5)) await s3.storage.put(k, webp(files.indexOf(k) + 1), 'image/webp');
    await s3.storage.put(files[5]!, webp(1), 'image/webp');

    const first = await copyToBucket(local, s3.storage, { concurrency: 3 });
    expect(first).toEqual({ copied: 7, skipped: 5, failed: 0 });
    expect(await keysOf(s3.storage)).toEqual([...files].sort());
    const o = await s3.storage.read(files[5]!);
    const chunks: Buffer[] = [];
    for await (const c of o!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(webp(6));
    expect(o!.contentType).toBe('image/webp');

    // The command itself, as `npm run media:copy-to-s3` runs it: nothing left to copy, counts printed.
    const { code, stdout } = await runCopy({ ...s3.env, DATA_DIR: dataDir });
    expect(code).toBe(0);
    expect(stdout).toContain('copied 0, already there 12, failed 0');
  });

  it('refuses to run without a bucket configured', async () => {
    const r = await runCopy({ DATA_DIR: dataDir, S3_ENDPOINT: '', S3_BUCKET: '', S3_ACCESS_KEY: '', S3_SECRET_KEY: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY');
  });
});
