/**
 * The alerts loop of each API server (issue 27): match the listings that became public (alert_jobs), mail the
 * instant searches' matches, and at the digest hour the daily and weekly ones. Every server runs it; jobs and
 * matches are claimed with `for update skip locked`, so with several servers on one database each listing is
 * matched once and each match mailed once. Polling every few seconds keeps instant alerts well within the
 * two minutes promised.
 */
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { claimJobs, MatchCache, releaseJobs, runJob, syncSearches, warmMatchCache, type MatchTiming, type Recorded } from './match.js';
import { lastDigestTime, sendDue, type Cursor, type SendOptions, type Weekday } from './send.js';
import { repeatEvery } from '../../lib/repeat.js';

type Log = { warn: (msg: string) => void; error: (msg: string) => void };

export interface AlertsWorkerOptions {
  pollMs?: number;
  /** Jobs claimed at a time. */
  batchSize?: number;
  /** How long a claimed job is this server's before another may take it over. */
  lockMs?: number;
  /** The clock the digests go by (tests move it). */
  now?: () => Date;
  /** How many times as long as matching a listing, and a batch of mails, took the worker rests after it. */
  rest?: { match: number; mail: number };
}

/**
 * Matching and mailing are background work on the cores that answer visitors' searches. After each listing
 * matched the worker rests REST_FACTOR times as long as it took, after each batch of mails MAIL_REST_FACTOR
 * times, as PostgreSQL's vacuum_cost_delay paces VACUUM: a burst of approvals no longer takes both cores whole
 * (issue 27: search within 1.2× meanwhile). Mails rest less, so that the instant alerts of 1,000 listings
 * approved at once (a million matches, 130,000 mails) still reach the outbox within two minutes.
 */
export const REST_FACTOR = 5;
export const MAIL_REST_FACTOR = 0.5;

/** Waits `factor` times the time since `startedAt` (performance.now()), or until `stopping` is aborted. */
export async function restAfter(startedAt: number, factor: number, stopping?: AbortSignal): Promise<void> {
  const ms = (performance.now() - startedAt) * factor;
  if (ms >= 1 && !stopping?.aborted) await sleep(ms, undefined, { signal: stopping }).catch(() => undefined);
}

/**
 * Matches `jobs` one after the other, resting after each; answers what was recorded. When the server stops, it
 * ends after the listing in hand and hands the jobs it has not begun back (another server takes them at once).
 */
export async function matchJobs(
  db: Database,
  jobs: { id: number; listing_id: number }[],
  cache: MatchCache,
  restFactor: number,
  opts: { timing?: MatchTiming; took?: (ms: number) => void; stopping?: AbortSignal } = {},
) {
  const { stopping } = opts;
  const recorded: Recorded[] = [];
  for (const [i, job] of jobs.entries()) {
    if (stopping?.aborted) {
      await releaseJobs(db, jobs.slice(i).map((j) => j.id));
      break;
    }
    const start = performance.now();
    const r = await runJob(db, job, cache, opts.timing);
    opts.took?.(performance.now() - start);
    if (r) recorded.push(r);
    await restAfter(start, restFactor, stopping);
  }
  return recorded;
}

export interface AlertsDeps {
  db: Database;
  storage: Storage;
  config: Pick<Config, 'JWT_SECRET' | 'EXCHANGE_RATES' | 'ALERTS_DIGEST_HOUR' | 'ALERTS_WEEKLY_DAY'>;
  publicUrl: () => string;
}

/**
 * What a server remembers between passes: the digests it has sent (the latest digest time of each kind) and
 * when it last looked through the unsent matches waiting for an instant mail (those a crashed server left
 * unsorted, and those waiting for an address to be verified or a listing to be public again). Otherwise a pass
 * mails only what it just matched.
 */
export interface PassState {
  digests: Partial<Record<'daily' | 'weekly', number>>;
  instantSweptAt: number;
}

/**
 * Mails every due match of `kind` (a batch of rows at a time: another server may be taking its share meanwhile),
 * resting `restFactor` times each batch's time after it, cut short when `stopping` is aborted.
 */
export async function drain(
  ctx: Parameters<typeof sendDue>[0],
  kind: 'instant' | 'daily' | 'weekly',
  opts: SendOptions = {},
  { restFactor = MAIL_REST_FACTOR, stopping }: { restFactor?: number; stopping?: AbortSignal } = {},
) {
  let mails = 0;
  let after: Cursor | undefined;
  for (;;) {
    const start = performance.now();
    const r = await sendDue(ctx, kind, { ...opts, after });
    mails += r.mails;
    if (!r.last) return mails;
    after = r.last;
    await restAfter(start, restFactor, stopping);
  }
}

/**
 * Moves the entries of the matches just written from the GIN's pending list into the index (migration 039), as
 * autovacuum would later: "new since your last visit" then reads the index, not a long list.
 */
export async function mergePendingMatches(db: Database) {
  await sql`select gin_clean_pending_list('alert_matches_searches_idx'::regclass)`.execute(db);
}

/** One pass: every job due, then every mail due. Returns what it did. */
export async function alertsPass(
  deps: AlertsDeps,
  opts: Required<Omit<AlertsWorkerOptions, 'pollMs'>>,
  cache = new MatchCache(deps.config.EXCHANGE_RATES),
  state: PassState = { digests: {}, instantSweptAt: 0 },
  stopping?: AbortSignal,
) {
  const ctx = { db: deps.db, storage: deps.storage, secret: deps.config.JWT_SECRET, publicUrl: deps.publicUrl };
  let matched = 0;
  let mails = 0;
  for (;;) {
    const jobs = await claimJobs(deps.db, opts.batchSize, opts.lockMs);
    // The searches saved since the last batch, once for all of its listings.
    if (jobs.length > 0) await syncSearches(deps.db, cache);
    const recorded = await matchJobs(deps.db, jobs, cache, opts.rest.match, { stopping });
    matched += recorded.reduce((n, r) => n + r.searches, 0);
    // The instant alerts of what was just matched, at once; the other searches' matches are filed for their digests.
    if (recorded.length > 0) {
      mails += await drain(ctx, 'instant', { from: ['new'], matchIds: recorded.map((r) => r.matchId) }, { restFactor: opts.rest.mail, stopping });
      await mergePendingMatches(deps.db);
    }
    if (jobs.length < opts.batchSize || stopping?.aborted) break;
  }
  // Stopping: the sweep and the digests are any server's next pass's (nothing is lost by leaving them).
  if (stopping?.aborted) return { matched, mails };
  const now = opts.now();
  // Also when the clock went back (a test's, or the host's corrected).
  if (Math.abs(now.getTime() - state.instantSweptAt) >= INSTANT_SWEEP_MS) {
    mails += await drain(ctx, 'instant', { from: ['new', 'instant'] }, { restFactor: opts.rest.mail, stopping });
    state.instantSweptAt = now.getTime();
  }
  const hour = deps.config.ALERTS_DIGEST_HOUR;
  for (const kind of ['daily', 'weekly'] as const) {
    const before = lastDigestTime(now, hour, kind === 'weekly' ? (deps.config.ALERTS_WEEKLY_DAY as Weekday) : undefined);
    if (state.digests[kind] === before.getTime()) continue;
    mails += await drain(ctx, kind, { before }, { restFactor: opts.rest.mail, stopping });
    state.digests[kind] = before.getTime();
  }
  return { matched, mails };
}

/** How often a server looks through the unsent matches left unsorted or waiting for an instant mail. */
const INSTANT_SWEEP_MS = 60_000;

/** Starts the loop; returns its stop function (waits for the pass in progress). */
export function startAlertsWorker(deps: AlertsDeps, log: Log, options: AlertsWorkerOptions = {}) {
  const opts = {
    batchSize: options.batchSize ?? 20,
    lockMs: options.lockMs ?? 120_000,
    now: options.now ?? (() => new Date()),
    rest: options.rest ?? { match: REST_FACTOR, mail: MAIL_REST_FACTOR },
  };
  const pollMs = options.pollMs ?? 5000;
  // Each search's conditions, built once for this server's life (match.ts), and what it has mailed.
  const cache = new MatchCache(deps.config.EXCHANGE_RATES);
  const state: PassState = { digests: {}, instantSweptAt: 0 };
  // Every saved search's conditions are built before the first pass, so no listing waits for them.
  let warm: Promise<unknown> | null = null;
  return repeatEvery(
    async (stopping) => {
      warm ??= warmMatchCache(deps.db, cache).catch((err: Error) => log.warn(`alerts worker: building the saved searches' conditions: ${err.message}`));
      await warm;
      return alertsPass(deps, opts, cache, state, stopping);
    },
    pollMs,
    (err) => log.error(`alerts worker: ${err.message}`),
  );
}
