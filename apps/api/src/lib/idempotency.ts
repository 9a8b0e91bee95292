/**
 * Idempotency-Key (issue 30; IETF httpapi "The Idempotency-Key HTTP Header Field" draft): a request sent again with
 * the same key, after a dropped link or by the web app's offline outbox, answers as the first did without acting
 * twice, on whichever API server it lands (the keys live in PostgreSQL, migration 031).
 *
 * One transaction does it all: a transaction-scoped advisory lock on (endpoint, caller, key) — taken without
 * waiting, so a second request while the first is still being processed answers 409 — then the stored answer is
 * looked up (replayed, or 422 when the body differs), else the work runs and its answer is stored before the
 * commit. The message and its key are committed together: a crash leaves both or neither. Errors (a 404, a 403)
 * roll back and store nothing, so the client may try again.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGES } from '@manzil/shared';
import type { Database } from '../db/client.js';
import { conflict, unprocessable } from './errors.js';
import { repeatEvery } from './repeat.js';

/** How long an answer is kept: the draft asks for a documented expiry; a day covers a long power cut. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** How often each server sweeps older keys (several servers sweeping is harmless: deletes of the same rows). */
export const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;

export interface IdempotentRequest {
  /** Method, route and the row it acts on, e.g. `POST /contact/listing/42`. */
  endpoint: string;
  /** The signed-in caller; null for anonymous callers, whose random key is their secret. */
  userId: number | null;
  key: string;
  /** What the request asks: the validated body (fingerprinted, so key order and whitespace around fields do not matter). */
  body: unknown;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** JSON with object keys sorted and undefined left out: the same request always gives the same text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export const fingerprint = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

/** A signed 64-bit advisory lock id for (endpoint, caller, key); a collision only costs a rare spurious 409. */
function lockId(r: IdempotentRequest): string {
  const h = createHash('sha256').update(`idempotency\0${r.endpoint}\0${r.userId ?? 0}\0${r.key}`).digest();
  return h.readBigInt64BE(0).toString();
}

const scoped = (db: Database, r: Pick<IdempotentRequest, 'endpoint' | 'userId' | 'key'>) =>
  db
    .selectFrom('idempotency_keys')
    .where('endpoint', '=', r.endpoint)
    .where(sql<number>`coalesce(user_id, 0)`, '=', r.userId ?? 0)
    .where('key', '=', r.key);

/**
 * Runs `work` in a transaction once per key: the first time its answer is stored with what it did; afterwards
 * the stored answer comes back with `replayed`. Without a key, `work` just runs in a transaction.
 */
export async function runOnce<T>(
  db: Database,
  request: IdempotentRequest | null,
  work: (trx: Database) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  if (!request) return { ...(await db.transaction().execute(work)), replayed: false };
  const hash = fingerprint(request.body);
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockId(request)}::bigint) as ok`.execute(trx);
    if (!locked.rows[0]?.ok) throw conflict(MESSAGES.idempotencyKeyInProgress);
    const prior = await scoped(trx, request).select(['request_hash', 'response_status', 'response_body']).executeTakeFirst();
    if (prior) {
      if (prior.request_hash !== hash) throw unprocessable(MESSAGES.idempotencyKeyReused);
      return { status: prior.response_status, body: prior.response_body as T, replayed: true };
    }
    const answer = await work(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        endpoint: request.endpoint,
        user_id: request.userId,
        key: request.key,
        request_hash: hash,
        response_status: answer.status,
        response_body: JSON.stringify(answer.body),
      })
      .execute();
    return { ...answer, replayed: false };
  });
}

/** Whether an answer is stored for this key (so the request will be a replay or a 422, never a new action). */
export async function hasAnswer(db: Database, r: Pick<IdempotentRequest, 'endpoint' | 'userId' | 'key'>): Promise<boolean> {
  return !!(await scoped(db, r).select('id').executeTakeFirst());
}

/** Deletes keys older than IDEMPOTENCY_KEEP_MS; answers how many went. */
export async function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The sweep at start and every IDEMPOTENCY_SWEEP_MS (lib/repeat.ts); returns its stop function. */
export function startIdempotencySweep(db: Database, log: { info: (m: string) => void; error: (m: string) => void }, intervalMs = IDEMPOTENCY_SWEEP_MS) {
  return repeatEvery(
    async () => {
      const n = await sweepIdempotencyKeys(db);
      if (n) log.info(`idempotency keys: ${n} older than 24 hours removed`);
    },
    intervalMs,
    (err) => log.error(`idempotency keys sweep: ${err.message}`),
  );
}
