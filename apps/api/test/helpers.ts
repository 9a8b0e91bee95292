/**
 * Test harness: a real database per test file (PGlite always; PostgreSQL too when TEST_DATABASE_URL is
 * set), migrated and holding the real locations, built from a cached template so each file starts fast.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/client.js';
import { importLocations } from '../src/db/locations-import.js';
import { MIGRATIONS, migrate } from '../src/db/migrate.js';
import { OVERRIDES_FINGERPRINT } from '../src/modules/locations/overrides.js';
import { PGliteDialect } from '../src/db/pglite-dialect.js';
import { registerWeb } from '../src/plugins/web.js';
import type { DB } from '../src/db/types.js';
import { contractOf } from './openapi.js';

export type DbKind = 'pglite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** The engines every data-layer test runs on. */
export const DB_KINDS: DbKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const LOCATIONS_FILE = path.resolve(import.meta.dirname, '../../../../shared/data/yemen-locations/yemen-info.json');
export const HAS_LOCATIONS = fs.existsSync(LOCATIONS_FILE);

function templateKey(): string {
  const h = createHash('sha256');
  for (const m of MIGRATIONS) h.update(m.name).update(m.up);
  if (HAS_LOCATIONS) h.update(String(fs.statSync(LOCATIONS_FILE).size));
  // The names laid over the data set at import (locations/overrides.ts) are part of the template.
  h.update(OVERRIDES_FINGERPRINT);
  return h.digest('hex').slice(0, 16);
}


async function pgliteFromTemplate(): Promise<DbHandle> {
  const file = path.join(os.tmpdir(), `manzil-test-template-${templateKey()}.tar.gz`);
  if (!fs.existsSync(file)) {
    // Build once per machine: migrate and import into memory, then keep a gzip dump of the data folder.
    const pgl = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const k = new Kysely<DB>({ dialect: new PGliteDialect(pgl) });
    await migrate(k);
    await importLocations(k, HAS_LOCATIONS ? LOCATIONS_FILE : '/nonexistent/locations.json');
    const dump = await pgl.dumpDataDir('gzip');
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    await k.destroy();
  }
  const blob = new Blob([fs.readFileSync(file)]);
  const client = await PGlite.create('memory://', {
    extensions: { pg_trgm },
    loadDataDir: blob,
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function postgresFromTemplate(): Promise<DbHandle> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const tpl = `manzil_tpl_${templateKey()}`;
  const name = `manzil_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  try {
    await admin.query('select pg_advisory_lock(424242)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [tpl]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed once complete: a run killed half-way leaves no empty template behind.
      const building = `${tpl}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const h = await openDatabase({ url: withDatabase(TEST_DATABASE_URL, building), poolSize: 2 });
      await migrate(h.db);
      await importLocations(h.db, HAS_LOCATIONS ? LOCATIONS_FILE : '/nonexistent/locations.json');
      await h.close();
      await admin.query(`alter database ${building} rename to ${tpl}`);
    }
    await admin.query(`create database ${name} template ${tpl}`);
  } finally {
    await admin.query('select pg_advisory_unlock(424242)').catch(() => {});
    await admin.end();
  }
  const h = await openDatabase({ url: withDatabase(TEST_DATABASE_URL, name), poolSize: 10 });
  return {
    db: h.db,
    kind: 'postgres',
    close: async () => {
      await h.close();
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A fresh, migrated database with the real locations. */
export async function createTestDatabase(kind: DbKind = 'pglite'): Promise<DbHandle> {
  return kind === 'postgres' ? postgresFromTemplate() : pgliteFromTemplate();
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    LOCATIONS_SOURCE: HAS_LOCATIONS ? LOCATIONS_FILE : '/nonexistent/locations.json',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: Config;
  kind: DbKind;
  /** Base URL after listening on a random port, for tests over real HTTP. */
  url: string;
  close(): Promise<void>;
}

/** The whole API on a fresh database, listening on 127.0.0.1 at a random port. */
export async function createTestApp(
  kind: DbKind = 'pglite',
  opts: { env?: Record<string, string>; overrides?: BuildOptions['overrides']; compress?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config, database, logger: false, overrides: opts.overrides, compress: opts.compress });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    db: database.db,
    config,
    kind,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** JSON over real HTTP; returns status, parsed body and headers. */
export async function http(
  base: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; form?: Record<string, string>; raw?: string | Buffer | FormData | Blob } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: any;
  if (opts.form) {
    body = new URLSearchParams(opts.form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.raw !== undefined) {
    body = opts.raw;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(base + pathname, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  await checkAgainstDocument(base, method, pathname, res.status, res.headers.get('content-type'), text);
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * Every answer of the API is checked against the server's own OpenAPI document (issue 21): the status is one the
 * operation lists and the body is valid against its schema. A disagreement fails the test that saw it.
 */
export async function checkAgainstDocument(base: string, method: string, pathname: string, status: number, contentType: string | null, text: string) {
  const path = new URL(pathname, 'http://x').pathname;
  if (method.toUpperCase() === 'HEAD' || !(path.startsWith('/api/') || path === '/api') || path.startsWith('/api/docs')) return;
  const problems = (await contractOf(base)).check(method, path, status, contentType, text);
  if (problems.length) throw new Error(`The answer disagrees with the OpenAPI document: ${problems.join('; ')}`);
}

let userSeq = 0;
/**
 * Inserts a user directly and signs a token for them: for tests of other areas that need a signed-in
 * owner or admin without going through registration.
 */
export async function createUser(
  t: Pick<TestApp, 'app' | 'db'>,
  opts: { role?: 'USER' | 'ADMIN'; email?: string; first_name?: string; last_name?: string; phone_number?: string | null } = {},
) {
  userSeq += 1;
  const first = opts.first_name ?? `Test${userSeq}`;
  const last = opts.last_name ?? 'User';
  const user = await t.db
    .insertInto('users')
    .values({
      email: opts.email ?? `user${userSeq}.${Date.now()}@example.test`,
      password_hash: null,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      phone_number: opts.phone_number === undefined ? '+967 777 123 456' : opts.phone_number,
      role: opts.role ?? 'USER',
      google_id: null,
      profile_picture_url: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await t.app.signToken({ id: user.id, role: user.role });
  return { user, token };
}

/** A web build's index.html in miniature: every placeholder plugins/pages.ts fills, and `body` after #root. */
export function testIndexHtml(body = ''): string {
  return `<!doctype html>
<html lang="{{LANG}}" dir="{{DIR}}">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <link id="bootstrap-css" rel="stylesheet" href="{{BOOTSTRAP_HREF}}" data-ltr="/vendor/bootstrap.css" data-rtl="/vendor/bootstrap.rtl.css" />
    <!--preloader-style--><style>#preloader{position:fixed}</style><!--/preloader-style-->
  </head>
  <body class="{{BODY_CLASS}}"><!--preloader--><div id="preloader"></div><!--/preloader--><div id="root"><!--app-html--></div><!--app-state-->${body}</body>
</html>`;
}

/**
 * The server of `npm start` over a fake web build: `files` (path → content) written into a temporary dist
 * folder, served with the API, uploads and the history fallback, over real HTTP, on a fresh database of
 * `opts.kind` (PGlite unless told).
 */
export async function createWebTestApp(files: Record<string, string | Buffer>, opts: { compress?: boolean; kind?: DbKind; env?: Record<string, string> } = {}) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), content);
  }
  const config = testConfig({ ...opts.env, WEB_DIST_DIR: dist });
  const kind = opts.kind ?? 'pglite';
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config, database, logger: false, compress: opts.compress });
  await registerWeb(app, { distDir: dist, uploadsDir: config.uploadsDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    app,
    db: database.db,
    config,
    kind,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
