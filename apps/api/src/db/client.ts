/**
 * The database: PGlite under DATA_DIR by default, a PostgreSQL server when a URL is given.
 * Both speak the same SQL, so the rest of the code never asks which one it has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './types.js';

export type Database = Kysely<DB>;
export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Counts and numerics come back as numbers, the same on both engines.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** Statement texts seen, each with its name; past the cap, new texts run unnamed. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 5000;
/** Prepared statements per connection, so a backend's memory stays bounded whatever the texts. */
const MAX_PREPARED_PER_CONNECTION = 300;

/**
 * Runs every statement with parameters as a named prepared statement on this connection: PostgreSQL parses
 * and analyses it once per connection instead of on every call (a search page: 1.20 → 0.86 ms of database
 * time in pgbench). Kysely always sends values as parameters, so the texts are few: one per query shape.
 */
function namePreparedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(text, values, callback);
    let name = statementNames.get(text);
    if (!name && statementNames.size < MAX_STATEMENT_NAMES) statementNames.set(text, (name = `m${statementNames.size}`));
    if (!name || (!prepared.has(name) && prepared.size >= MAX_PREPARED_PER_CONNECTION)) return query(text, values, callback);
    prepared.add(name);
    return query({ name, text, values }, callback);
  };
}

export interface OpenOptions {
  /** postgres:// URL; else PGlite. */
  url?: string;
  /** PGlite folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) {
    // Every plan is made for the values at hand (as unprepared statements are): a generic plan would guess
    // the selectivity of a price range, a box or a LIKE word and could walk the wrong index.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: '-c plan_cache_mode=force_custom_plan' });
    pool.on('connect', (client) => namePreparedStatements(client));
    // An idle connection dropped by the server (restart, failover, database dropped in tests) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`database: idle connection error: ${err.message}`);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = opts.dataDir ?? 'memory://';
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = lockDataDir(`${dir}.pid`);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      release();
    },
  };
}
