/**
 * `npm run bench:alerts` — saved-search alerts at scale (issue 27): BENCH_SAVED_SEARCHES saved searches
 * (100,000) spread like real ones, then BENCH_APPROVE listings (1,000) approved at once; two workers (two
 * servers' worth) match and mail them as the API servers do (modules/alerts: claim jobs, match, write the
 * instant alerts to the outbox). Prints the matching time per approved listing (p50/p95/max) and the time
 * from the approvals until every instant alert is in the outbox.
 *
 * Each worker first builds every saved search's conditions, as a server's worker does when it starts (timed
 * apart), and rests after each listing and batch of mails as a server's does (BENCH_ALERTS_NO_REST=1: not at all,
 * as before the rests). POST /listings/search is loaded (BENCH_SEARCH_CONNECTIONS, 8, for BENCH_SEARCH_SECONDS, 10, a mix of
 * no filter, type + governorate, price and text) on the API served by the same process, once alone and once
 * from the start of the matching: its p95 during the matching ÷ alone is the issue's "within 1.2×".
 *
 * The searches: most by governorate and type (with or without a deal or a price), some with rooms, a few
 * governorates at once, free text, map bounds or a drawn polygon; 40% instant, 40% daily, 10% weekly, 10%
 * off. Governorates are picked in proportion to the listings in them, as people search where homes are.
 *
 * Database as `npm run bench`: PGlite in a temporary folder, or with DATABASE_URL a fresh database on that
 * server, dropped at the end.
 *
 * BENCH_REUSE=1 fills DATABASE_URL's database once and reuses its listings and searches on later runs
 * (the matches, jobs and mails started over; the same listings approved each time).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_N=20000 npm run bench:alerts
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SAVED_SEARCH_PAGE_KEYS, searchBody } from '@manzil/shared';
import { openConfiguredDatabase, prepareDatabase } from '../apps/api/src/bootstrap.js';
import { loadConfig } from '../apps/api/src/config.js';
import { generateSyntheticListings } from '../apps/api/src/db/synthetic.js';
import { createStorage } from '../apps/api/src/lib/s3-storage.js';
import { buildApp } from '../apps/api/src/app.js';
import { claimJobs, MatchCache, syncSearches, warmMatchCache } from '../apps/api/src/modules/alerts/match.js';
import { drain, MAIL_REST_FACTOR, matchJobs, mergePendingMatches, REST_FACTOR } from '../apps/api/src/modules/alerts/worker.js';
import { benchTarget, elapsed, envFlag, envInt, machine, percentile, round, table, writeResult } from './shared.js';

const N = envInt('BENCH_N', 20_000);
const SEARCHES = envInt('BENCH_SAVED_SEARCHES', 100_000);
const APPROVE = envInt('BENCH_APPROVE', 1000);
const WORKERS = envInt('BENCH_ALERT_WORKERS', 2);
const REUSE = envFlag('BENCH_REUSE');
const SEARCH_CONNECTIONS = envInt('BENCH_SEARCH_CONNECTIONS', 8);
const SEARCH_SECONDS = envInt('BENCH_SEARCH_SECONDS', 10);
/** The workers' rests after each listing and batch of mails (alerts/worker.ts); BENCH_ALERTS_NO_REST=1: none, as before. */
const REST = envFlag('BENCH_ALERTS_NO_REST') ? { match: 0, mail: 0 } : { match: REST_FACTOR, mail: MAIL_REST_FACTOR };

/** POST /listings/search loaded by bench/load-generator.mjs (autocannon in a process of its own); every response time back. */
function searchLoad(url: string, bodies: string[]): Promise<{ latencies: number[]; requests: number; non2xx: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-generator.mjs', import.meta.url)), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as never));
    child.once('error', reject);
    child.once('close', (code, signal) => reject(new Error(`load generator exited (${signal ?? code}) without an answer`)));
    child.send({ url, bodies, connections: SEARCH_CONNECTIONS, seconds: SEARCH_SECONDS, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  });
}

const started = Date.now();
const log = (msg: string) => console.log(`[bench:alerts ${elapsed(started).padStart(7)}] ${msg}`);

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Gov {
  id: number;
  lat: number;
  lon: number;
  n: number;
}

/** One saved search's filters, as the saved-searches API stores them (parsed by searchBody, page keys dropped). */
function searchFilters(r: () => number, govs: Gov[], districts: Map<number, number[]>): Record<string, unknown> {
  const total = govs.reduce((s, g) => s + g.n, 0);
  const pickGov = () => {
    let x = r() * total;
    for (const g of govs) if ((x -= g.n) < 0) return g;
    return govs[0]!;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const g = pickGov();
  const lt = r() < 0.6 ? 'FOR_SALE' : 'FOR_RENT';
  const pt = pick(['APARTMENT', 'APARTMENT', 'HOUSE', 'HOUSE', 'VILLA', 'LAND', 'OFFICE', 'COMMERCIAL_SPACE'] as const);
  const x = r();
  let b: Record<string, unknown>;
  if (x < 0.45) b = { listing_type: lt, property_type: pt, governorate_id: g.id };
  else if (x < 0.55) b = { listing_type: lt, governorate_id: g.id };
  else if (x < 0.62) b = { property_type: pt, governorate_id: g.id, district_id: pick(districts.get(g.id) ?? [undefined]) };
  else if (x < 0.74) {
    const sale = lt === 'FOR_SALE';
    const cur = r() < 0.7 ? 'USD' : 'YER';
    const k = cur === 'USD' ? 1 : 530;
    b = { listing_type: lt, property_type: pt, governorate_id: g.id, max_price: (sale ? 50_000 + Math.round(r() * 300_000) : 200 + Math.round(r() * 1500)) * k, price_currency: cur };
    if (r() < 0.4) b.min_price = Math.round((b.max_price as number) * 0.4);
  } else if (x < 0.8) b = { listing_type: lt, property_type: pt, governorate_id: g.id, min_bedrooms: 1 + Math.floor(r() * 4) };
  else if (x < 0.83) b = { listing_type: lt, property_type: pt, governorate_id: [g.id, pickGov().id] };
  else if (x < 0.88) b = { ...(r() < 0.5 ? { listing_type: lt } : {}), search: pick(['sea view', 'garden', 'solar', 'furnished', 'بحر', 'حديقة', 'مفروشة', 'طاقة شمسية', 'majlis', 'new']) };
  else if (x < 0.94) {
    const d = 0.05 + r() * 0.2;
    b = { listing_type: lt, min_lat: g.lat - d, max_lat: g.lat + d, min_lon: g.lon - d, max_lon: g.lon + d };
    if (r() < 0.5) b.property_type = pt;
  } else if (x < 0.97) {
    const d = 0.05 + r() * 0.15;
    b = { listing_type: lt, polygon_coordinates: [[g.lat - d, g.lon - d], [g.lat - d, g.lon + d], [g.lat + d, g.lon + d * 0.5], [g.lat + d, g.lon - d]] };
  } else b = { listing_type: lt, property_type: pt };
  const parsed = searchBody.parse(b) as Record<string, unknown>;
  for (const k of SAVED_SEARCH_PAGE_KEYS) delete parsed[k];
  for (const k of Object.keys(parsed)) if (parsed[k] === undefined) delete parsed[k];
  return parsed;
}

async function main() {
  const t = await benchTarget('manzil_bench_alerts', REUSE);
  log(`database: ${t.label}`);
  const config = loadConfig({ ...process.env, ...t.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMITS: 'false', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, PUBLIC_URL: 'https://manzil.example' });
  const database = await openConfiguredDatabase(config);
  const db = database.db;
  try {
    await prepareDatabase(config, database, { info: () => {}, warn: log, error: log });
    // BENCH_REUSE=1 on a database an earlier run filled: the same listings and searches, the matches started over.
    const filled = REUSE && (await sql<{ n: number }>`select count(*)::int as n from saved_searches`.execute(db)).rows[0]!.n >= SEARCHES;
    if (filled) {
      log('reusing the listings and saved searches there; forgetting the matches, jobs and mails');
      await sql`truncate alert_matches, alert_unsent, alert_jobs, mail_outbox`.execute(db);
    } else {
      log(`generating ${N} listings …`);
      await generateSyntheticListings(db, N, { rates: config.EXCHANGE_RATES });
    }

    if (!filled) {
      const govs = (await sql<Gov>`
        select g.id, g.latitude as lat, g.longitude as lon, count(*)::int as n from governorates g
        join listings l on l.governorate_id = g.id where g.latitude is not null group by g.id`.execute(db)).rows;
      const districts = new Map<number, number[]>();
      for (const d of (await sql<{ id: number; governorate_id: number }>`select distinct district_id as id, governorate_id from listings where district_id is not null`.execute(db)).rows) {
        districts.set(d.governorate_id, [...(districts.get(d.governorate_id) ?? []), d.id]);
      }

      const users = Math.ceil(SEARCHES / 5);
      log(`${users} users with ${SEARCHES} saved searches …`);
      await sql`
        insert into users (email, first_name, last_name, full_name, email_verified, created_at, updated_at)
        select 'saver' || i || '@bench.example', 'Saver', i::text, 'Saver ' || i, true, now(), now() from generate_series(1, ${users}) i`.execute(db);
      const firstUser = (await sql<{ id: number }>`select min(id)::int as id from users where email like 'saver%@bench.example'`.execute(db)).rows[0]!.id;
      const r = rng(7);
      const FREQ = ['instant', 'instant', 'instant', 'instant', 'daily', 'daily', 'daily', 'daily', 'weekly', 'off'];
      for (let start = 0; start < SEARCHES; start += 5000) {
        const n = Math.min(5000, SEARCHES - start);
        const rows = Array.from({ length: n }, (_, i) => ({
          user: firstUser + Math.floor((start + i) / 5),
          filters: JSON.stringify(searchFilters(r, govs, districts)),
          frequency: FREQ[Math.floor(r() * FREQ.length)]!,
          lang: r() < 0.7 ? 'ar' : 'en',
        }));
        await sql`
          insert into saved_searches (user_id, name, filters, frequency, lang)
          select u, 'Search ' || u, f, q, l from unnest(${rows.map((x) => x.user)}::int[], ${rows.map((x) => x.filters)}::jsonb[], ${rows.map((x) => x.frequency)}::text[], ${rows.map((x) => x.lang)}::text[]) as t(u, f, q, l)`.execute(db);
      }
    }

    // The listings to approve: public ones, put back in review first (as an edit does).
    const ids = (await sql<{ id: number }>`select id from listings where status = 'approved' and is_active order by md5(id::text) limit ${APPROVE}`.execute(db)).rows.map((x) => x.id);
    await sql`update listings set status = 'pending' where id = any(${ids}::int[])`.execute(db);
    await sql`delete from alert_jobs`.execute(db);
    await sql`vacuum analyze`.execute(db);
    const keys = (await sql<{ n: number }>`select count(distinct k)::int as n from saved_searches, unnest(saved_search_keys(filters)) k`.execute(db)).rows[0]!.n;
    log(`${SEARCHES} searches in ${keys} buckets; approving ${ids.length} listings`);

    // The API, served by this process as the workers are by each server, and the search mix it is loaded with.
    const app = await buildApp({ config, database, logger: false, compress: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1/listings/search`;
    const top = (await sql<{ id: number }>`select governorate_id as id from listings where governorate_id is not null group by 1 order by count(*) desc limit 3`.execute(db)).rows.map((x) => x.id);
    const bodies = [
      {},
      ...top.flatMap((g) => [{ listing_type: 'FOR_SALE', property_type: 'APARTMENT', governorate_id: g }, { listing_type: 'FOR_RENT', governorate_id: g }]),
      { listing_type: 'FOR_SALE', max_price: 150_000, min_bedrooms: 3 },
      { search: 'garden' },
    ].map((b) => JSON.stringify(b));
    for (const b of bodies) await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b });
    // BENCH_SEARCH=0: no search load (the matching alone, as before the load was added).
    const SEARCH = process.env.BENCH_SEARCH !== '0';
    const none = { latencies: [] as number[], requests: 0, non2xx: 0, errors: 0 };
    log(SEARCH ? `search alone: ${SEARCH_CONNECTIONS} connections × ${SEARCH_SECONDS} s …` : 'no search load');
    const alone = SEARCH ? await searchLoad(url, bodies) : none;

    // Each worker builds every search's conditions first, as a server's worker does when it starts.
    const caches = Array.from({ length: WORKERS }, () => new MatchCache(config.EXCHANGE_RATES));
    const tw = Date.now();
    await Promise.all(caches.map((c) => warmMatchCache(db, c)));
    const warmMs = Date.now() - tw;
    log(`every search's conditions built in ${round(warmMs / 1000, 1)} s (${WORKERS} workers at once)`);

    // The approvals, one statement each as the admin's approve does (the trigger writes each job).
    const t0 = Date.now();
    for (const id of ids) await sql`update listings set status = 'approved', posted_at = coalesce(posted_at, now()) where id = ${id}`.execute(db);
    const approvedMs = Date.now() - t0;

    // Two servers' worth of workers: claim jobs, match each (timed), then write the instant alerts.
    const storage = createStorage(config);
    const ctx = { db, storage, secret: config.JWT_SECRET, publicUrl: () => 'https://manzil.example' };
    const samples: number[] = [];
    const find: number[] = [];
    const cand: number[] = [];
    const record: number[] = [];
    const perListing: number[] = [];
    const candidates: number[] = [];
    let mails = 0;
    // Matching first, as fast as the workers go (each job timed), with the search load running from its start;
    // then the instant alerts written to the outbox.
    const worker = async (cache: MatchCache) => {
      for (;;) {
        const jobs = await claimJobs(db, 20, 120_000);
        if (jobs.length === 0) break;
        // As a server's worker does (alerts/worker.ts): the searches saved since, once a batch.
        await syncSearches(db, cache);
        // As a server's worker does (alerts/worker.ts matchJobs): each listing, then its rest.
        await matchJobs(db, jobs, cache, REST.match, {
          timing: (t) => {
            find.push(t.findMs);
            cand.push(t.candidatesMs);
            candidates.push(t.candidates);
            record.push(t.recordMs);
            perListing.push(t.matches);
          },
          took: (ms) => samples.push(ms),
        });
        // As a server's worker does after each batch: the matches' GIN entries into the index.
        await mergePendingMatches(db);
      }
    };
    const tm = Date.now();
    const [during] = await Promise.all([SEARCH ? searchLoad(url, bodies) : none, Promise.all(caches.map(worker))]);
    const matchedMs = Date.now() - t0;
    const matchingMs = Date.now() - tm;
    if (SEARCH && matchingMs < SEARCH_SECONDS * 1000) log(`the matching took ${round(matchingMs / 1000, 1)} s, less than the search load's ${SEARCH_SECONDS} s: approve more listings (BENCH_APPROVE) for a fair "during"`);
    await app.close();
    const search = {
      alone: { requests: alone.requests, non2xx: alone.non2xx, p50: round(percentile(alone.latencies, 50), 1), p95: round(percentile(alone.latencies, 95), 1) },
      during: { requests: during.requests, non2xx: during.non2xx, p50: round(percentile(during.latencies, 50), 1), p95: round(percentile(during.latencies, 95), 1) },
    };
    const ratio = round(search.during.p95 / search.alone.p95, 2);
    log(`matched in ${round(matchedMs / 1000, 1)} s (per listing p50 ${round(percentile(samples, 50), 1)} ms, p95 ${round(percentile(samples, 95), 1)}; finding p95 ${round(percentile(find, 95), 1)}, recording p95 ${round(percentile(record, 95), 1)}; matches p50 ${percentile(perListing, 50)}); search p95 ${search.alone.p95} ms alone, ${search.during.p95} during (${ratio}×); writing the instant alerts …`);
    const sender = async () => {
      mails += await drain(ctx, 'instant', { from: ['new', 'instant'] }, { restFactor: REST.mail });
    };
    // BENCH_SEND=0 stops after the matching (the outbox phase takes minutes at 100,000 searches).
    if (process.env.BENCH_SEND !== '0') await Promise.all(Array.from({ length: WORKERS }, sender));
    const toOutboxMs = Date.now() - t0;
    const counts = (await sql<{ matches: number; instant: number; notified: number; outbox: number }>`
      with instant as (select id from saved_searches where frequency = 'instant'),
        matched as (select count(*)::int as n from alert_matches m, unnest(m.search_ids) s where s in (select id from instant))
      select (select coalesce(sum(cardinality(search_ids)), 0)::int from alert_matches) as matches,
             (select n from matched) as instant,
             (select n from matched)
               - (select count(*)::int from alert_unsent u join alert_matches a on a.id = u.match_id, unnest(coalesce(u.search_ids, a.search_ids)) s
                  where s in (select id from instant)) as notified,
             (select count(*)::int from mail_outbox) as outbox`.execute(db)).rows[0]!;

    const result = {
      database: database.kind,
      listings: N,
      saved_searches: SEARCHES,
      approved: ids.length,
      workers: WORKERS,
      warm_ms: warmMs,
      find_ms: { p50: round(percentile(find, 50), 2), p95: round(percentile(find, 95), 2) },
      candidates_ms: { p50: round(percentile(cand, 50), 2), p95: round(percentile(cand, 95), 2) },
      record_ms: { p50: round(percentile(record, 50), 2), p95: round(percentile(record, 95), 2) },
      matches_per_listing: { p50: percentile(perListing, 50), p95: percentile(perListing, 95) },
      match_ms: { p50: round(percentile(samples, 50), 2), p95: round(percentile(samples, 95), 2), max: round(Math.max(...samples), 2) },
      candidates_per_listing: { p50: percentile(candidates, 50), p95: percentile(candidates, 95) },
      approvals_ms: approvedMs,
      search: { connections: SEARCH_CONNECTIONS, seconds: SEARCH_SECONDS, ...search, p95_during_over_alone: ratio },
      all_matched_ms: matchedMs,
      until_all_in_outbox_ms: toOutboxMs,
      ...counts,
      mails,
      machine: machine(),
    };
    console.log(
      `\n${table(
        ['alerts', 'value'],
        [
          ['saved searches', SEARCHES],
          ['listings approved', ids.length],
          ['candidates per listing p50 / p95', `${result.candidates_per_listing.p50} / ${result.candidates_per_listing.p95}`],
          ['matches per listing p50 / p95', `${result.matches_per_listing.p50} / ${result.matches_per_listing.p95}`],
          [`every search's conditions built (s, once per server start)`, round(warmMs / 1000, 1)],
          ['candidates (the job taken and locked, the listing, its buckets) p50 / p95 (ms)', `${result.candidates_ms.p50} / ${result.candidates_ms.p95}`],
          ['finding the matches p50 / p95 (ms)', `${result.find_ms.p50} / ${result.find_ms.p95}`],
          ['recording them (insert) p50 / p95 (ms)', `${result.record_ms.p50} / ${result.record_ms.p95}`],
          ['matching per listing p50 (ms)', result.match_ms.p50],
          ['matching per listing p95 (ms)', result.match_ms.p95],
          ['matching per listing max (ms)', result.match_ms.max],
          ['matches recorded', counts.matches],
          ['instant alerts (matches) mailed', counts.notified],
          ['alert mails in the outbox', counts.outbox],
          [`approvals → all matched (s, ${WORKERS} workers)`, round(matchedMs / 1000, 1)],
          [`search p95 alone · during the matching (ms, ${SEARCH_CONNECTIONS} connections)`, `${search.alone.p95} · ${search.during.p95} (${ratio}×)`],
          [`approvals → all in the outbox (s, ${WORKERS} workers)`, round(toOutboxMs / 1000, 1)],
        ],
      )}\n`,
    );
    log(`written to ${writeResult('alerts', result)}`);
  } finally {
    await database.close();
    await t.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
