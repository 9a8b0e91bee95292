/**
 * A real server process killed (SIGKILL) in the middle of photo uploads, on the local folder and on a real S3
 * protocol server: files written for rows that never committed, half-written parts. The next start sweeps them
 * (grace 0 here) and keeps every file a row points to. The kill lands at a different point each run, so the
 * crash state is also made by hand: files written without a row, and a killed put's `.tmp` part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@manzil/shared';
import { LocalStorage, type Storage } from '../../lib/storage.js';
import { HAS_LOCATIONS, LOCATIONS_FILE } from '../../../test/helpers.js';
import { STORAGE_KINDS, startS3, type TestS3 } from '../../../test/s3.js';

const SERVER = path.resolve(import.meta.dirname, '../../server.ts');

interface Running {
  proc: ChildProcess;
  url: string;
  messages: string[];
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
}

/**
 * `node server.ts` as `npm start` runs it, on its own port; resolves once it listens. `track` gets the process
 * at once, so it is stopped even when it never gets that far. A first start imports the locations: slow on a
 * busy machine, hence the long wait.
 */
async function startServer(env: Record<string, string>, track: (p: ChildProcess) => void): Promise<Running> {
  const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  track(proc);
  const messages: string[] = [];
  const waiters = new Set<() => void>();
  const onLine = (line: string) => {
    let msg = line;
    try {
      msg = (JSON.parse(line) as { msg: string }).msg;
    } catch {
      /* not a log line */
    }
    messages.push(msg);
    for (const w of waiters) w();
  };
  readline.createInterface({ input: proc.stdout! }).on('line', onLine);
  readline.createInterface({ input: proc.stderr! }).on('line', onLine);
  const waitFor = (pattern: RegExp, ms = 120_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const hit = messages.find((m) => pattern.test(m));
        if (hit) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no log line ${pattern} within ${ms} ms; got:\n${messages.join('\n')}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const ready = await waitFor(/Manzil is running at/, 240_000);
  return { proc, messages, waitFor, url: `http://127.0.0.1:${/:(\d+)/.exec(ready)![1]}` };
}

const stop = async (p: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill(signal);
  await exited;
};

async function api(base: string, method: string, pathname: string, opts: { token?: string; json?: unknown; body?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + pathname, { method, headers, body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const photo = (seed: number) =>
  sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 40 + seed } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const form = (data: Buffer) => {
  const fd = new FormData();
  fd.append('file', new Blob([data], { type: 'image/jpeg' }), 'photo.jpg');
  return fd;
};

async function keysUnder(storage: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const o of storage.list()) if (o.key.startsWith(prefix)) keys.push(o.key);
  return keys.sort();
}

describe.each(STORAGE_KINDS)('a server killed mid-upload (%s storage)', (storageKind) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup.length = 0;
  }, 60_000);

  it('leaves orphans the next start sweeps away, and keeps every file a row points to', async () => {
    let s3: TestS3 | null = null;
    if (storageKind === 's3') {
      s3 = await startS3();
      cleanup.push(() => s3!.stop());
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-crash-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const storage: Storage = s3?.storage ?? new LocalStorage(path.join(dataDir, 'uploads'));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
      SEED_DEMO: 'false',
      LOCATIONS_SOURCE: HAS_LOCATIONS ? LOCATIONS_FILE : '/nonexistent/locations.json',
      ADMIN_EMAIL: 'crash-admin@example.test',
      ADMIN_PASSWORD: 'crash-password-1',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: '',
      REDIS_URL: '',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...s3?.env,
    };

    const first = await startServer(env, (p) => cleanup.push(() => stop(p, 'SIGKILL')));
    const login = await fetch(`${first.url}/api/v1/login/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const districts = await api(first.url, 'GET', '/api/v1/locations/districts?governorate_id=1');
    const created = await api(first.url, 'POST', '/api/v1/listings/', {
      token,
      json: {
        title_ar: 'بيت للبيع',
        description_ar: 'بيت جميل',
        price: 1000,
        currency: 'USD',
        property_details: { property_type: 'HOUSE', area_sqm: 200, governorate_id: 1, district_id: districts.body[0].id },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const prefix = `listings/${id}/`;
    const done = await api(first.url, 'POST', `/api/v1/listings/${id}/upload-image/`, { token, body: form(await photo(0)) });
    expect(done.status).toBe(201);
    const committed = await keysUnder(storage, prefix);
    expect(committed).toHaveLength(IMAGE_VARIANT_WIDTHS.length);

    // Several large uploads at once; the server dies as soon as the first of their files reaches storage, while
    // the others are being encoded, written or committed.
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(photo));
    const uploads = photos.map((p) => api(first.url, 'POST', `/api/v1/listings/${id}/upload-image/`, { token, body: form(p) }).catch(() => null));
    const deadline = Date.now() + 30_000;
    while ((await keysUnder(storage, prefix).catch(() => committed)).length <= committed.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await stop(first.proc, 'SIGKILL');
    await Promise.all(uploads);
    const afterKill = await keysUnder(storage, prefix);
    expect(afterKill.length, 'no upload reached storage before the kill').toBeGreaterThan(committed.length);

    // The same state made by hand: variants written for a row that never committed, and a killed put's part.
    const planted = [`${prefix}dead0001-400.webp`, `${prefix}dead0001-960.webp`, `${prefix}dead0002-400.webp.999.tmp`];
    for (const k of planted) await storage.put(k, Buffer.from('orphan'), 'image/webp');

    // Restarted with no grace: the start-up sweep removes what no row points to.
    const second = await startServer({ ...env, MEDIA_SWEEP_GRACE_SECONDS: '0' }, (p) => cleanup.push(() => stop(p)));
    await second.waitFor(/media sweep: removed \d+ orphan/);
    const read = await api(second.url, 'GET', `/api/v1/listings/${id}`, { token });
    expect(read.status).toBe(200);
    const rowKeys = (read.body.media as { variants: { url: string }[] }[]).flatMap((m) => m.variants.map((v) => v.url.replace(/^\/uploads\//, ''))).sort();
    // Every photo that committed before the kill is whole, the first one included...
    expect(rowKeys).toEqual(expect.arrayContaining(committed));
    expect(rowKeys.length % IMAGE_VARIANT_WIDTHS.length).toBe(0);
    // ...and storage holds exactly the files rows point to: orphans, planted and real, are gone.
    const left = await keysUnder(storage, prefix);
    expect(left).toEqual(rowKeys);
    for (const k of planted) expect(left).not.toContain(k);
    const removed = afterKill.filter((k) => !rowKeys.includes(k));
    const logged = Number(/removed (\d+)/.exec(second.messages.find((m) => /media sweep: removed/.test(m))!)![1]);
    expect(logged).toBe(removed.length + planted.length);
    // The kept photos are still served.
    const served = await fetch(`${second.url}/uploads/${committed[0]}`);
    expect(served.status).toBe(200);
  }, 600_000);
});
