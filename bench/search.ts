/**
 * `npm run bench` — POST /api/v1/listings/search under load at N listings (DESIGN §7, issue 8).
 *
 * Starts the API in this process on a fresh database (PGlite in a temporary DATA_DIR; with DATABASE_URL a
 * new database on that server, dropped at the end; BENCH_REUSE=1 uses the given database as it is), fills
 * it with N synthetic listings, VACUUM ANALYZE, then for each query mix:
 *   - loads the endpoint with autocannon (a process of its own) at BENCH_CONNECTIONS for BENCH_SECONDS,
 *     and at 1 connection for a third of that (the latency of one request with no queueing);
 *   - the floor: the exact SQL statements the endpoint ran for those bodies (captured from Kysely in the
 *     steady state, i.e. on a body's second request, when its total is cached), replayed straight against
 *     the database by as many concurrent clients as the API load has, for as long, through a pool of the
 *     API's size; and one request's worth at a time (statements the endpoint runs together run together);
 *   - the ratio API p95 / floor p95 at the same concurrency: what the API adds to its own SQL under the
 *     same load. The first request of each body, which also counts, is replayed on its own as "uncached".
 * Each mix rotates through a few bodies (different governorates, words, pages) so no single plan or
 * cache line decides the number. Requests carry the Accept-Encoding a browser sends.
 *
 *   BENCH_N=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=32 BENCH_EXPLAIN=1 npm run bench
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { PAGE_SIZES, LIMITS } from '@manzil/shared';
import { buildApp } from '../apps/api/src/app.js';
import { MAX_PAGES } from '../apps/api/src/modules/search/page-cache.js';
import { openConfiguredDatabase, prepareDatabase } from '../apps/api/src/bootstrap.js';
import { loadConfig } from '../apps/api/src/config.js';
import type { DbHandle } from '../apps/api/src/db/client.js';
import { generateSyntheticListings } from '../apps/api/src/db/synthetic.js';
import { repriceListings } from '../apps/api/src/modules/rates/service.js';
import { machineCpuMs, postgresCpu, postgresCpuMsBetween } from './cpu.mjs';
import { benchTarget, elapsed, envFlag, envInt, kb, machine, percentile, round, table, writeResult } from './shared.js';

const N = envInt('BENCH_N', 100_000);
const SECONDS = envInt('BENCH_SECONDS', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 32);
const SINGLE_SECONDS = Math.max(2, Math.round(SECONDS / 3));
const FLOOR_MS = envInt('BENCH_FLOOR_MS', 3000);
const EXPLAIN = envFlag('BENCH_EXPLAIN');
const REUSE = envFlag('BENCH_REUSE');
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const PAGE = PAGE_SIZES.grid;

const started = Date.now();
const machineAtStart = machine();
const log = (msg: string) => console.log(`[bench ${elapsed(started).padStart(7)}] ${msg}`);

// ---------------------------------------------------------------- the database

/**
 * Records the statements the API runs while `recording` is set. Statements issued while an earlier one is
 * still running form one group (the endpoint runs them together, e.g. the page and its count), so the
 * floor can replay them the same way.
 */
class Recorder implements KyselyPlugin {
  recording: CompiledQuery[][] | null = null;
  private inFlight = 0;
  private lastActivity = 0;
  constructor(private compile: (node: RootOperationNode, id: PluginTransformQueryArgs['queryId']) => CompiledQuery) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) {
      const q = this.compile(args.node, args.queryId);
      if (this.inFlight > 0 && this.recording.length) this.recording[this.recording.length - 1]!.push(q);
      else this.recording.push([q]);
    }
    this.inFlight++;
    this.lastActivity = Date.now();
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActivity = Date.now();
    return args.result;
  }
  /**
   * Resolves once the API has run no statement for `ms`: when autocannon stops, requests it already sent
   * are still being served (PGlite works through them one at a time), and they must not end up in the
   * next recording or share the database with the floor.
   */
  async quiet(ms = 300, timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (this.inFlight > 0 || Date.now() - this.lastActivity < ms)) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

// ---------------------------------------------------------------- the query mixes

interface Mix {
  name: string;
  bodies: Record<string, unknown>[];
  /** Not one of the issue's seven mixes: reported, but outside the target. */
  extra?: boolean;
  /** Another route than POST /listings/search (the map's: /listings/search/map). */
  path?: string;
  /** A row of the map's (issue 26): its answers' gzipped size is reported too, against 30 KB. */
  map?: boolean;
  /** GET requests to these paths instead of POSTing `bodies` (similar homes, issue 28). */
  get?: string[];
}

interface Place {
  id: number;
  lat: number;
  lon: number;
}

function mixes(govs: Place[], similarOf: number[] = [], similarNotKept: number[] = []): Mix[] {
  const [g1, g2, g3, g4] = govs;
  const box = (g: Place, half: number) => ({ min_lat: g.lat - half, max_lat: g.lat + half, min_lon: g.lon - half, max_lon: g.lon + half });
  // A drawn area: an irregular hexagon around a city centre, [lat, lng] pairs as the map sends them.
  const hexagon = (g: Place, r: number) =>
    [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (i * Math.PI) / 3 + 0.3;
      const k = i % 2 ? 0.7 : 1;
      return [round(g.lat + r * k * Math.sin(a), 6), round(g.lon + r * k * Math.cos(a), 6)];
    });
  const page = { limit: PAGE };
  return [
    { name: 'no filter', bodies: [0, 1, 2, 3].map((p) => ({ ...page, skip: p * PAGE })) },
    {
      name: 'type + governorate',
      bodies: [
        { ...page, skip: 0, listing_type: 'FOR_SALE', property_type: 'APARTMENT', governorate_id: g1!.id },
        { ...page, skip: 0, listing_type: 'FOR_RENT', property_type: 'HOUSE', governorate_id: g2!.id },
        { ...page, skip: 0, listing_type: 'FOR_SALE', property_type: 'LAND', governorate_id: g3!.id },
        { ...page, skip: 0, listing_type: 'FOR_RENT', property_type: 'OFFICE', governorate_id: g4!.id },
      ],
    },
    {
      name: 'price + bedrooms',
      bodies: [
        { ...page, skip: 0, listing_type: 'FOR_SALE', min_price: 50_000, max_price: 150_000, min_bedrooms: 3 },
        { ...page, skip: 0, listing_type: 'FOR_RENT', min_price: 200, max_price: 600, min_bedrooms: 2, max_bedrooms: 3 },
        { ...page, skip: 0, min_price: 100_000, max_price: 400_000, min_bedrooms: 4 },
        { ...page, skip: 0, max_price: 30_000_000, price_currency: 'YER', min_bedrooms: 1, max_bedrooms: 2 },
      ],
    },
    {
      name: 'text (Arabic)',
      bodies: ['شقة', 'فيلا للبيع', 'ارض', 'مكتب للايجار', 'شقة 3 غرف'].map((search) => ({ ...page, skip: 0, search })),
    },
    { name: 'bounds', bodies: [g1, g2, g3, g4].map((g) => ({ ...page, skip: 0, ...box(g!, 0.05) })) },
    { name: 'polygon', bodies: [g1, g2, g3, g4].map((g) => ({ ...page, skip: 0, polygon_coordinates: hexagon(g!, 0.06) })) },
    {
      // The orders a visitor picks besides newest first: each walks its own index (migration 040).
      name: 'sorted by price or area',
      extra: true,
      bodies: [
        { ...page, skip: 0, sort: 'price_asc' },
        { ...page, skip: 0, sort: 'price_desc', governorate_id: g1!.id },
        { ...page, skip: PAGE, sort: 'price_asc', listing_type: 'FOR_RENT', property_type: 'APARTMENT', governorate_id: g2!.id },
        { ...page, skip: 0, sort: 'area_desc' },
      ],
    },
    { name: 'deep page (skip 5000)', bodies: [0, 1, 2, 3].map((p) => ({ ...page, skip: 5000 + p * PAGE })) },
    {
      // Each body a page the API does not keep: more price floors, round-robin, than the pages it keeps
      // (page-cache.ts), so every request reads and writes its listings as a first visit would (totals are
      // still cached after the first round, as for the other mixes).
      name: 'pages not kept (price floors)',
      extra: true,
      bodies: Array.from({ length: MAX_PAGES + 100 }, (_, i) => ({ ...page, skip: 0, min_price: 1000 + i * 50 })),
    },
    {
      name: 'map view (pins, limit 1000)',
      extra: true,
      map: true,
      // As /search-map sent it before issue 26: pins (view 'map'), no descriptions, only the cover image.
      bodies: [g1, g2, g3, g4].map((g) => ({ skip: 0, limit: LIMITS.boundsSearchMaxLimit, view: 'map', ...box(g!, 0.05) })),
    },
    // As /search-map asks now (issue 26): the view's box and the map's zoom; the server answers pins or clusters.
    // Each mix a few screens: a phone (390 × 600 px of map) and a desktop (800 × 600), as Leaflet's box at that zoom.
    ...([
      ['country', 6, [{ lat: 15.5, lon: 47.5 }, { lat: 15.0, lon: 46.0 }, { lat: 16.0, lon: 48.5 }, { lat: 14.5, lon: 45.0 }]],
      ['governorate', 9, [g1!, g2!, g3!, g4!].map((g) => ({ lat: g.lat, lon: g.lon }))],
      ['city', 12, [g1!, g2!, g3!, g4!].map((g) => ({ lat: g.lat, lon: g.lon }))],
    ] as const).map(([level, zoom, centres]): Mix => ({
      name: `map clusters (${level} zoom ${zoom})`,
      extra: true,
      map: true,
      path: '/api/v1/listings/search/map',
      bodies: centres.map((c, i) => {
        const [w, h] = i % 2 ? [390, 600] : [800, 600];
        const deg = 360 / (256 * 2 ** zoom); // degrees a pixel (longitude; latitude about the same near 15° N)
        return { zoom, min_lat: round(c.lat - (h / 2) * deg, 6), max_lat: round(c.lat + (h / 2) * deg, 6), min_lon: round(c.lon - (w / 2) * deg, 6), max_lon: round(c.lon + (w / 2) * deg, 6) };
      }),
    })),
    {
      // Under a listing's details (issue 28): public listings of every kind and place, each asked once per round.
      name: SIMILAR,
      extra: true,
      bodies: similarOf.map((id) => ({ id })),
      get: similarOf.map((id) => `/api/v1/listings/${id}/similar`),
    },
    {
      // The first reader of a listing's similar homes on this server: more listings, round-robin, than the answers
      // it keeps, so each request reads and writes its eight cards.
      name: SIMILAR_NOT_KEPT,
      extra: true,
      bodies: similarNotKept.map((id) => ({ id })),
      get: similarNotKept.map((id) => `/api/v1/listings/${id}/similar`),
    },
  ];
}

// ---------------------------------------------------------------- measuring

/** What bench/load-generator.mjs takes and answers. */
interface LoadJob {
  url: string;
  bodies: string[];
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Requests of several kinds, each connection sending one of each in turn (url's path and bodies unused). */
  kinds?: { method: string; paths: string[]; bodies?: string[] }[];
}
interface LoadResult {
  latencies: number[];
  /** With kinds: the response times of each kind. */
  byKind: number[][];
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  bytes: number;
  /** CPU ms of the load generator's process during the run. */
  cpuMs: number;
}

/**
 * Where the CPU went while `run` loaded the API, per request: the API (this process, which does nothing else
 * meanwhile), PostgreSQL (its processes, when they run on this machine) and the load generator;
 * and how busy the machine was. With everything on one machine, these bound what the load can reach: at
 * c ms of CPU per request on n cores, at most n × 1000 / c requests per second.
 */
async function withCpu(run: () => Promise<LoadResult>, localPostgres: boolean) {
  const pgCpu = () => (localPostgres ? postgresCpu() : null);
  const before = { proc: process.cpuUsage(), pg: pgCpu(), machine: machineCpuMs() };
  const r = await run();
  const proc = process.cpuUsage(before.proc);
  const pg = postgresCpuMsBetween(before.pg, pgCpu());
  const m = machineCpuMs();
  const per = (ms: number | null) => (ms == null || r.requests === 0 ? null : round(ms / r.requests, 3));
  const cpu = {
    api_ms_per_request: per((proc.user + proc.system) / 1000),
    postgres_ms_per_request: per(pg),
    load_ms_per_request: per(r.cpuMs),
    machine_busy_pct: m && before.machine ? round((100 * (m.busy - before.machine.busy)) / (m.total - before.machine.total), 0) : null,
  };
  return { r, cpu };
}

function load(url: string, bodies: string[], connections: number, seconds: number, kinds?: LoadJob['kinds']): Promise<LoadResult> {
  const job: LoadJob = { url, bodies, connections, seconds, headers: { 'accept-encoding': ACCEPT_ENCODING }, kinds };
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-generator.mjs', import.meta.url)), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    // 'close' comes after the IPC channel has delivered everything, unlike 'exit'.
    child.once('close', (code, signal) => reject(new Error(`load generator exited (${signal ?? code}) without an answer`)));
    child.send(job);
  });
}

/**
 * The recorded statements replayed straight against the database by `concurrency` clients for `ms`, each
 * taking the next body's statements in turn (at 1 client: up to 2,000 runs).
 */
async function floor(db: DbHandle['db'], plans: CompiledQuery[][][], ms: number, concurrency = 1) {
  const run = async (plan: CompiledQuery[][]) => {
    // A plan with a `set local` (the map's cells) ran in a transaction of its own: replayed so too.
    if (plan.some((g) => g.some((q) => /^\s*set\s/i.test(q.sql)))) {
      await db.transaction().execute(async (trx) => {
        for (const q of plan.flat()) await trx.executeQuery(q);
      });
      return;
    }
    for (const group of plan) await Promise.all(group.map((q) => db.executeQuery(q)));
  };
  for (const p of plans) await run(p); // warm
  const times: number[] = [];
  const until = Date.now() + ms;
  let next = 0;
  const client = async () => {
    while ((Date.now() < until || times.length < 20) && (concurrency > 1 || times.length < 2000)) {
      const t = performance.now();
      await run(plans[next++ % plans.length]!);
      times.push(performance.now() - t);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - t0) / 1000;
  return { runs: times.length, rps: times.length / seconds, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function explain(db: DbHandle['db'], plan: CompiledQuery[][]): Promise<string> {
  const out: string[] = [];
  // On one connection, in a transaction: a statement's `set local` (the map's cells) applies to the next one.
  await db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('begin'));
    try {
      for (const q of plan.flat()) {
        if (/^\s*set\s/i.test(q.sql)) {
          await conn.executeQuery(q);
          out.push(`-- ${q.sql.trim()}`);
          continue;
        }
        const r = await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]));
        out.push(`-- ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}${q.sql.length > 160 ? ' …' : ''}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}`);
      }
    } finally {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    }
  });
  return out.join('\n\n');
}

/** The row of searches and listings' details together. */
const WITH_DETAILS = 'search + details';
/** The row of similar homes (issue 28), target p95 ≤ 20 ms at 100,000 listings. */
const SIMILAR = 'similar homes';
const SIMILAR_NOT_KEPT = 'similar homes not kept';

/**
 * Searches and listings' details under one load (issue 26), as visitors use the site: each connection sends a
 * search (the bodies of "no filter" and "type + governorate", the pages visitors come back to), then the details
 * of one of 500 random public listings from one of 5,000 visitors (so most reads count a view), and so on. A view
 * used to be an UPDATE of the listing on the read, which also made search pages write that listing again; now it
 * is counted in memory (or Redis) and written in batches. Compared with the same searches alone, at the same
 * concurrency: mixed p95 ÷ search-alone p95, target ≤ 1.3.
 */
async function searchWithDetails(db: DbHandle['db'], url: string, searchBodies: string[], localPostgres: boolean) {
  const ids = (await sql<{ id: number }>`
    select id from listings where status = 'approved' and is_active order by random() limit 500`.execute(db)).rows.map((r) => r.id);
  const api = new URL(url);
  const detailPaths = ids.map((id) => `/api/v1/listings/${id}`);
  // Warm: every search page written once and every listing read once, as in the steady state of the other mixes.
  for (const body of searchBodies) await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  for (const p of detailPaths) await fetch(new URL(p, api));
  const alone = await withCpu(() => load(url, searchBodies, CONNECTIONS, SECONDS), localPostgres);
  const mixed = await withCpu(
    () => load(url, [], CONNECTIONS, SECONDS, [
      { method: 'POST', paths: [api.pathname], bodies: searchBodies },
      { method: 'GET', paths: detailPaths },
    ]),
    localPostgres,
  );
  const stats = (l: number[]) => ({ p50_ms: round(percentile(l, 50), 1), p95_ms: round(percentile(l, 95), 1), p99_ms: round(percentile(l, 99), 1) });
  const aloneP95 = percentile(alone.r.latencies, 95);
  return {
    mix: WITH_DETAILS,
    search_bodies: searchBodies.length,
    listings_read: ids.length,
    search_alone: { ...stats(alone.r.latencies), rps: round(alone.r.requests / alone.r.seconds, 1), errors: alone.r.non2xx + alone.r.errors + alone.r.timeouts, cpu: alone.cpu },
    mixed: {
      ...stats(mixed.r.latencies),
      rps: round(mixed.r.requests / mixed.r.seconds, 1),
      errors: mixed.r.non2xx + mixed.r.errors + mixed.r.timeouts,
      search: stats(mixed.r.byKind[0] ?? []),
      details: stats(mixed.r.byKind[1] ?? []),
      cpu: mixed.cpu,
    },
    ratio_p95: round(percentile(mixed.r.latencies, 95) / aloneP95, 2),
    ratio_search_p95: round(percentile(mixed.r.byKind[0] ?? [], 95) / aloneP95, 2),
  };
}

/** user + system CPU ms so far of one PostgreSQL backend, from /proc (fields 14 and 15, 100 ticks a second). */
function backendCpuMs(pid: number): number | null {
  try {
    const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The rate-change row (issue 29): recomputing USD values after a rate change, target < 5 s at 100,000 listings. */
const RATE_CHANGE = 'rate change';

/**
 * An administrator changes the new-note zone's rate (PATCH /admin/rates/zones/2, the whole endpoint: the change,
 * its history row and every listing in rials there repriced in one statement, in one transaction). Measured alone,
 * a few times; then the same searches as "search + details" under load alone and while the rate is changed back
 * and forth without pause, so what a change costs the visitors searching meanwhile shows.
 */
async function rateChange(app: Awaited<ReturnType<typeof buildApp>>, db: DbHandle['db'], url: string, searchBodies: string[], localPostgres: boolean, fallbackYer: number) {
  const admin = await db
    .insertInto('users')
    .values({ email: `bench.rates.${Date.now()}@example.test`, password_hash: null, first_name: 'Bench', last_name: 'Admin', full_name: 'Bench Admin', phone_number: null, role: 'ADMIN', google_id: null, profile_picture_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await app.signToken({ id: admin.id, role: 'ADMIN' });
  const zoneUrl = new URL('/api/v1/admin/rates/zones/2', url).toString();
  const start = (await sql<{ r: number }>`select yer_per_usd as r from rate_zones where id = 2`.execute(db)).rows[0]!.r;
  const patch = async (rate: number) => {
    const t = performance.now();
    const res = await fetch(zoneUrl, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ yer_per_usd: rate }) });
    const body = (await res.json()) as { repriced?: number };
    if (res.status !== 200) throw new Error(`${RATE_CHANGE}: PATCH answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, repriced: body.repriced ?? 0 };
  };
  const rates = [start * 1.05, start];
  // The repricing statement alone on one connection, with its backend's CPU time (/proc, a local PostgreSQL
  // only): on a shared, busy machine the wall time measures the neighbours too, the CPU time does not.
  const statement = await db.connection().execute(async (conn) => {
    const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]!.pid;
    const out = [];
    for (const rate of rates) {
      const cpu0 = localPostgres ? backendCpuMs(pid) : null;
      const t = performance.now();
      await sql`begin`.execute(conn);
      await sql`update rate_zones set yer_per_usd = ${rate} where id = 2`.execute(conn);
      const moved = await repriceListings(conn, fallbackYer);
      await sql`commit`.execute(conn);
      const cpu1 = localPostgres ? backendCpuMs(pid) : null;
      out.push({ ms: round(performance.now() - t, 0), cpu_ms: cpu0 != null && cpu1 != null ? round(cpu1 - cpu0, 0) : null, rows: [...moved.values()].reduce((a, b) => a + b, 0) });
    }
    return out;
  });
  const alone = [];
  for (let i = 0; i < 4; i++) alone.push(await patch(rates[i % 2]!));
  for (const body of searchBodies) await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const searchAlone = await withCpu(() => load(url, searchBodies, CONNECTIONS, SECONDS), localPostgres);
  let stop = false;
  const during: { ms: number; repriced: number }[] = [];
  const changing = (async () => {
    for (let i = 0; !stop; i++) during.push(await patch(rates[i % 2]!));
  })();
  const searchDuring = await withCpu(() => load(url, searchBodies, CONNECTIONS, SECONDS), localPostgres);
  stop = true;
  await changing;
  await patch(start);
  const yer = (await sql<{ n: number }>`select count(*)::int as n from listings where currency = 'YER' and price is not null`.execute(db)).rows[0]!.n;
  const stats = (l: number[]) => ({ p50_ms: round(percentile(l, 50), 1), p95_ms: round(percentile(l, 95), 1), p99_ms: round(percentile(l, 99), 1) });
  const ms = alone.map((a) => a.ms);
  return {
    mix: RATE_CHANGE,
    yer_listings: yer,
    repriced_per_change: alone[0]!.repriced,
    statement,
    change_alone: { runs: ms.length, max_ms: round(Math.max(...ms), 0), mean_ms: round(ms.reduce((a, b) => a + b, 0) / ms.length, 0) },
    changes_during_load: { runs: during.length, max_ms: round(Math.max(0, ...during.map((d) => d.ms)), 0) },
    search_alone: { ...stats(searchAlone.r.latencies), rps: round(searchAlone.r.requests / searchAlone.r.seconds, 1), errors: searchAlone.r.non2xx + searchAlone.r.errors + searchAlone.r.timeouts },
    search_during: { ...stats(searchDuring.r.latencies), rps: round(searchDuring.r.requests / searchDuring.r.seconds, 1), errors: searchDuring.r.non2xx + searchDuring.r.errors + searchDuring.r.timeouts },
  };
}

/**
 * Issue 26's target at a million listings: every mix, the map and first visits ("pages not kept") p95 ≤ 50 ms at 32
 * connections, and the whole run within 30 minutes. A row over says why, from what was measured: the CPU each of its
 * requests took on this machine's cores, and the wait for a core that 32 connections make of it (Little's law).
 */
function millionVerdict(results: { mix: string; extra: boolean; api: { p95_ms: number; rps: number }; cpu: Awaited<ReturnType<typeof withCpu>>['cpu']; uncached_floor: { p50_ms: number } }[]) {
  const rows = results.filter((r) => !r.extra || r.mix.startsWith('pages not kept') || r.mix.startsWith('map clusters'));
  const over = rows.filter((r) => r.api.p95_ms > 50);
  const minutes = (Date.now() - started) / 60_000;
  const why = over.map((r) => `${r.mix}: p95 ${round(r.api.p95_ms, 1)} ms at ${r.api.rps} req/s; ${cpuReason(r.cpu, r.api.rps)}; its SQL alone takes ${r.uncached_floor.p50_ms} ms on an idle core`);
  return (
    `\nTarget (issue 26, PostgreSQL at 1,000,000 listings, ${CONNECTIONS} connections): every mix, the map and first visits ` +
    `p95 ≤ 50 ms: ${over.length ? `NOT met for ${over.length} of ${rows.length}:\n- ${why.join('\n- ')}` : `met (${rows.length} rows)`}\n` +
    `The whole run within 30 minutes: ${minutes <= 30 ? 'met' : 'NOT met'} (${round(minutes, 1)} min so far).`
  );
}

/**
 * The CPU one request took on this machine (ms): the API, PostgreSQL when it runs here (PGlite is inside the API's
 * process, counted there) and the load generator; null when the API's own was not measured.
 */
function cpuPerRequest(cpu: Awaited<ReturnType<typeof withCpu>>['cpu']): number | null {
  const { api_ms_per_request: api, postgres_ms_per_request: pgMs, load_ms_per_request: ld } = cpu;
  return api != null && ld != null ? round(api + (pgMs ?? 0) + ld, 2) : null;
}

/**
 * Why a load's latency is what it is, from what was measured: the CPU a request took (API, PostgreSQL, the load
 * generator, all on this machine's cores) against the most that lets 32 connections see a mean of 50 ms. By
 * Little's law a mean of 50 ms takes 32 ÷ 0.05 = 640 req/s, so at most cores × 1000 ÷ 640 ms of CPU a request.
 */
function cpuReason(cpu: Awaited<ReturnType<typeof withCpu>>['cpu'], rps: number) {
  const cores = os.cpus().length;
  const { api_ms_per_request: api, postgres_ms_per_request: pgMs, load_ms_per_request: ld, machine_busy_pct: busy } = cpu;
  const wait = `${CONNECTIONS} connections wait ${round((CONNECTIONS / rps) * 1000, 1)} ms on average (${CONNECTIONS} ÷ req/s)`;
  const sum = cpuPerRequest(cpu);
  if (sum == null) return wait;
  const budget = round((cores * 1000) / ((CONNECTIONS * 1000) / 50), 2);
  return (
    `a request took ${sum} ms of CPU (API ${api}, PostgreSQL ${pgMs ?? '—'}, load generator ${ld ?? '—'}) with the machine ` +
    `${busy ?? '?'}% busy, where ${cores} cores allow ${budget} ms for a mean of 50 ms at ${CONNECTIONS} connections; ${wait}`
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const target = await benchTarget('manzil_bench', REUSE);
  let closeDb: (() => Promise<void>) | undefined;
  let closeApp: (() => Promise<unknown>) | undefined;
  const stop = async () => {
    await closeApp?.().catch(() => {});
    await closeDb?.().catch(() => {});
    await target.cleanup().catch((e) => console.error(`cleanup failed: ${(e as Error).message}`));
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    log(`database: ${target.label}`);
    const config = loadConfig({ ...process.env, ...target.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMITS: 'false', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const database = await openConfiguredDatabase(config);
    closeDb = () => database.close();
    const quiet = { info: () => {}, warn: (m: string) => log(m), error: (m: string) => log(m) };
    await prepareDatabase(config, database, quiet);
    const db = database.db;

    const have = (await sql<{ n: number }>`select count(*)::int as n from listings`.execute(db)).rows[0]!.n;
    if (have < N) {
      const t = Date.now();
      log(`generating ${N - have} listings …`);
      let last = 0;
      await generateSyntheticListings(db, N - have, {
        rates: config.EXCHANGE_RATES,
        onProgress: (d) => {
          if (d - last >= 20_000) log(`  ${(last = d)} listings`);
        },
      });
      log(`generated in ${elapsed(t)}`);
    } else log(`${have} listings there already (BENCH_REUSE)`);
    const t0 = Date.now();
    // Steady state: what autovacuum leaves behind on a live server (statistics for every table, the
    // locations included, and the visibility map that index-only scans need).
    await sql`vacuum analyze`.execute(db);
    log(`vacuum analyze in ${elapsed(t0)}`);
    const counts = (await sql<{ total: number; public: number }>`
      select count(*)::int as total, (count(*) filter (where status = 'approved' and is_active))::int as public from listings`.execute(db)).rows[0]!;

    // PostgreSQL's processes are this machine's to count only when the database is here (PGlite runs inside
    // the API's process and is counted with it).
    const dbHost = config.DATABASE_URL ? new URL(config.DATABASE_URL).hostname : null;
    const localPostgres = database.kind === 'postgres' && ['', 'localhost', '127.0.0.1', '[::1]'].includes(dbHost ?? '-');
    const recorder = new Recorder((node, id) => db.getExecutor().compileQuery(node, id));
    const app = await buildApp({ config, database: { ...database, db: db.withPlugin(recorder) }, logger: false, compress: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    closeApp = () => app.close();
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/listings/search`;

    // The four governorates with most listings, and their centres, for the place-bound mixes.
    const govs = (await sql<Place>`
      select g.id, g.latitude as lat, g.longitude as lon from governorates g
      join listings l on l.governorate_id = g.id and l.status = 'approved' and l.is_active
      where g.latitude is not null group by g.id order by count(*) desc, g.id limit 4`.execute(db)).rows;
    if (govs.length < 4) throw new Error('need listings in at least four governorates');

    // The listings whose similar homes are asked: 40 public ones spread over the table (every type and place).
    const similarOf = (await sql<{ id: number }>`
      select id from (select id, row_number() over (order by id) as n from listings where status = 'approved' and is_active and withheld = '{}') x
      where n % greatest(1, (select count(*) from listings) / 40) = 0 order by id limit 40`.execute(db)).rows.map((r) => r.id);
    const similarNotKept = (await sql<{ id: number }>`
      select id from listings where status = 'approved' and is_active and withheld = '{}' order by md5(id::text) limit ${MAX_PAGES + 100}`.execute(db)).rows.map((r) => r.id);

    const selected = mixes(govs, similarOf, similarNotKept).filter((m) => !ONLY || ONLY.some((o) => m.name.startsWith(o)));
    const results = [];
    const explains: Record<string, string> = {};
    for (const mix of selected) {
      const bodies = mix.bodies.map((b) => JSON.stringify(b));
      // Two requests per body, recording the SQL each runs: the first counts the matches, the second finds
      // the total cached (the steady state under load). Each must answer 200.
      const plans: CompiledQuery[][][] = [];
      const uncachedPlans: CompiledQuery[][][] = [];
      const totals: number[] = [];
      let bytes = 0;
      const gzipped: number[] = [];
      const modes = new Set<string>();
      const mixUrl = mix.path ? new URL(mix.path, url).toString() : url;
      const getUrl = (i: number) => new URL(mix.get![i]!, url).toString();
      await recorder.quiet();
      for (const [pass, into] of [[1, uncachedPlans], [2, plans]] as const) {
        for (const [i, body] of bodies.entries()) {
          recorder.recording = [];
          const res = mix.get
            ? await fetch(getUrl(i), { headers: { 'accept-encoding': ACCEPT_ENCODING } })
            : await fetch(mixUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const text = await res.text();
          into.push(recorder.recording);
          recorder.recording = null;
          if (res.status !== 200) throw new Error(`${mix.name}: ${body} answered ${res.status}: ${text.slice(0, 300)}`);
          if (pass === 2) continue;
          const json = JSON.parse(text) as { items: unknown[]; total?: number; total_capped: boolean; mode?: string };
          totals.push(json.total ?? json.items.length);
          bytes += text.length;
          // What goes over the wire to a browser that takes gzip (the API's own gzip: level 6).
          gzipped.push(zlib.gzipSync(text, { level: 6 }).length);
          modes.add(json.mode ?? (mix.path ? '?' : 'pins'));
        }
      }
      const fl = await floor(db, plans, FLOOR_MS);
      const uncached = await floor(db, uncachedPlans, FLOOR_MS / 3);
      const flMany = await floor(db, plans, SECONDS * 1000, CONNECTIONS);
      const kinds = mix.get ? [{ method: 'GET', paths: mix.get }] : undefined;
      const one = await load(mixUrl, bodies, 1, SINGLE_SECONDS, kinds);
      await recorder.quiet();
      const { r: many, cpu } = await withCpu(() => load(mixUrl, bodies, CONNECTIONS, SECONDS, kinds), localPostgres);
      const r = {
        mix: mix.name,
        extra: Boolean(mix.extra),
        bodies: mix.bodies,
        result_totals: totals,
        avg_json_bytes: Math.round(bytes / bodies.length),
        map: Boolean(mix.map),
        answer_modes: [...modes],
        avg_gzip_bytes: Math.round(gzipped.reduce((a, b) => a + b, 0) / Math.max(1, gzipped.length)),
        max_gzip_bytes: Math.max(0, ...gzipped),
        statements_per_request: plans[0]!.flat().length,
        uncached_statements_per_request: uncachedPlans[0]!.flat().length,
        floor: { runs: fl.runs, p50_ms: round(fl.p50, 2), p95_ms: round(fl.p95, 2) },
        floor_concurrent: { connections: CONNECTIONS, runs: flMany.runs, rps: round(flMany.rps, 1), p50_ms: round(flMany.p50, 2), p95_ms: round(flMany.p95, 2) },
        uncached_floor: { runs: uncached.runs, p50_ms: round(uncached.p50, 2), p95_ms: round(uncached.p95, 2) },
        api_c1: { requests: one.requests, p50_ms: percentile(one.latencies, 50), p95_ms: percentile(one.latencies, 95) },
        api: {
          connections: CONNECTIONS,
          seconds: many.seconds,
          requests: many.requests,
          rps: round(many.requests / many.seconds, 1),
          p50_ms: percentile(many.latencies, 50),
          p95_ms: percentile(many.latencies, 95),
          p99_ms: percentile(many.latencies, 99),
          non2xx: many.non2xx,
          errors: many.errors + many.timeouts,
        },
        cpu,
        // No statement in the steady state (the map's kept cells): no floor to compare with.
        ratio_p95: plans[0]!.flat().length ? round(percentile(many.latencies, 95) / flMany.p95, 1) : Number.NaN,
        ratio_c1_p95: plans[0]!.flat().length ? round(percentile(one.latencies, 95) / fl.p95, 1) : Number.NaN,
      };
      results.push(r);
      log(
        `${mix.name}: p95 ${r.api.p95_ms} ms @${CONNECTIONS} (${r.api.rps} req/s), ${r.api_c1.p95_ms} ms @1, ` +
          `floor p95 ${r.floor_concurrent.p95_ms} ms @${CONNECTIONS}, ${r.floor.p95_ms} ms @1` +
          (r.api.non2xx || r.api.errors ? ` — ${r.api.non2xx} non-2xx, ${r.api.errors} errors` : ''),
      );
      if (EXPLAIN) {
        await recorder.quiet();
        // A map row's steady state runs no statement (its cells are kept): explain what counting them costs.
        explains[mix.name] = await explain(db, plans[0]!.flat().length ? plans[0]! : uncachedPlans[0]!);
        console.log(`\n=== EXPLAIN ${mix.name}: ${bodies[0]}\n${explains[mix.name]!.replace(/'\{[0-9,]{80,}\}'/g, "'{…ids…}'")}\n`);
      }
    }

    let withDetails: Awaited<ReturnType<typeof searchWithDetails>> | null = null;
    if (!ONLY || ONLY.some((o) => WITH_DETAILS.startsWith(o))) {
      const all = mixes(govs);
      const searchBodies = all.filter((m) => m.name === 'no filter' || m.name === 'type + governorate').flatMap((m) => m.bodies.map((b) => JSON.stringify(b)));
      await recorder.quiet();
      withDetails = await searchWithDetails(db, url, searchBodies, localPostgres);
      log(
        `${WITH_DETAILS}: p95 ${withDetails.mixed.p95_ms} ms @${CONNECTIONS} (${withDetails.mixed.rps} req/s; search ${withDetails.mixed.search.p95_ms}, ` +
          `details ${withDetails.mixed.details.p95_ms}), search alone ${withDetails.search_alone.p95_ms} ms: ${withDetails.ratio_p95}×` +
          (withDetails.mixed.errors || withDetails.search_alone.errors ? ` — ${withDetails.mixed.errors + withDetails.search_alone.errors} errors` : ''),
      );
    }

    const engine = database.kind === 'postgres' ? `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]!.v}` : 'PGlite';
    console.log(
      `\nPOST /api/v1/listings/search — ${engine}, ${counts.total} listings (${counts.public} public), ` +
        `${CONNECTIONS} connections × ${SECONDS} s (and 1 connection × ${SINGLE_SECONDS} s), page size ${PAGE}; ` +
        `${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`,
    );
    if (results.length) console.log(
      table(
        ['mix', 'p50', 'p95', 'p99', 'req/s', 'floor p95', 'floor req/s', 'API/floor', 'c=1 p95', 'c=1 floor p95', 'c=1/floor', 'uncached floor p50', 'errors'],
        results.map((r) => [
          r.mix + (r.extra ? ' *' : ''),
          r.api.p50_ms, r.api.p95_ms, r.api.p99_ms, r.api.rps,
          r.floor_concurrent.p95_ms, r.floor_concurrent.rps, r.ratio_p95,
          r.api_c1.p95_ms, r.floor.p95_ms, r.ratio_c1_p95, r.uncached_floor.p50_ms,
          r.api.non2xx + r.api.errors,
        ]),
      ),
    );
    if (results.length) console.log(
      `\nLatencies in ms. floor = the SQL the endpoint ran, replayed straight against the database by ${CONNECTIONS} clients ` +
        `(API/floor: API p95 ÷ floor p95 under the same load) and by 1 (c=1). "uncached": the statement of a body's ` +
        `first request, which also counts its matches (later ones find the total cached for SEARCH_COUNT_TTL_SECONDS).`,
    );
    const mapRows = results.filter((r) => r.map);
    if (mapRows.length) {
      const within = mapRows.filter((r) => r.mix.startsWith('map clusters'));
      const ok = within.length > 0 && within.every((r) => r.api.p95_ms <= 50 && r.max_gzip_bytes <= 30 * 1024);
      console.log(
        `\nThe map (issue 26), ${CONNECTIONS} connections: p95 and the answers' size gzipped (level 6, as the API sends them to a ` +
          `browser that takes gzip; brotli is smaller still):\n\n` +
          table(
            ['map row', 'answers', 'p50', 'p95', 'req/s', 'gzip KB avg', 'gzip KB max', 'JSON KB avg', 'uncached floor p50', 'statements (uncached)'],
            mapRows.map((r) => [
              r.mix, r.answer_modes.join('+'), r.api.p50_ms, r.api.p95_ms, r.api.rps, kb(r.avg_gzip_bytes), kb(r.max_gzip_bytes), kb(r.avg_json_bytes),
              r.uncached_floor.p50_ms, `${r.statements_per_request} (${r.uncached_statements_per_request})`,
            ]),
          ) +
          `\nuncached: a view whose cells nobody asked for in the last SEARCH_COUNT_TTL_SECONDS (counting its tiles); later ` +
          `requests find them counted. Target (issue 26, PostgreSQL at 100,000 listings): p95 ≤ 50 ms and ≤ 30 KB gzipped at ` +
          `any zoom: ${ok ? 'met' : 'NOT met'}.`,
      );
    }
    for (const [mix, what] of [[SIMILAR, 'kept'], [SIMILAR_NOT_KEPT, 'not kept, each a first reader']] as const) {
      const row = results.find((r) => r.mix === mix);
      if (!row) continue;
      console.log(
        `\nSimilar homes, ${what} (issue 28, GET /listings/{id}/similar, ${row.bodies.length} listings, ${row.statements_per_request} ` +
          `statement a request): p50 ${round(row.api.p50_ms)} ms, p95 ${round(row.api.p95_ms)} ms @${CONNECTIONS}; p50 ${round(row.api_c1.p50_ms)} ms, p95 ${round(row.api_c1.p95_ms)} ms @1 (floor @1: p95 ${row.floor.p95_ms} ms). ` +
          `Target (issue 28, PostgreSQL at 100,000 listings): p95 ≤ 20 ms: ${row.api.p95_ms <= 20 ? 'met' : 'NOT met'} at ${CONNECTIONS} ` +
          `connections, ${row.api_c1.p95_ms <= 20 ? 'met' : 'NOT met'} at 1.`,
      );
    }
    if (results.some((r) => r.extra)) {
      console.log(`* not one of the issue's seven mixes; outside the target. Pages not kept: ${MAX_PAGES + 100} bodies, more than the ${MAX_PAGES} pages the API keeps; map view: what /search-map sends.`);
    }
    let rateRow: Awaited<ReturnType<typeof rateChange>> | null = null;
    // Its target is at 100,000 listings; at a million, its changes back to back under load ran for many minutes
    // of the 30 a million-listing run is given. BENCH_ONLY="rate change" runs it at any size.
    const runRate = ONLY ? ONLY.some((o) => RATE_CHANGE.startsWith(o)) : counts.total <= 200_000;
    if (!ONLY && !runRate) log(`${RATE_CHANGE}: skipped at ${counts.total} listings (its target is at 100,000; BENCH_ONLY="${RATE_CHANGE}" runs it)`);
    if (runRate) {
      const all = mixes(govs);
      const searchBodies = all.filter((m) => m.name === 'no filter' || m.name === 'type + governorate').flatMap((m) => m.bodies.map((b) => JSON.stringify(b)));
      await recorder.quiet();
      rateRow = await rateChange(app, db, url, searchBodies, localPostgres, config.EXCHANGE_RATES.YER!);
      log(
        `${RATE_CHANGE}: ${rateRow.repriced_per_change} of ${rateRow.yer_listings} listings in rials repriced a change, ` +
          `max ${rateRow.change_alone.max_ms} ms alone (${rateRow.change_alone.runs} runs), max ${rateRow.changes_during_load.max_ms} ms under load; ` +
          `search p95 ${rateRow.search_alone.p95_ms} ms alone, ${rateRow.search_during.p95_ms} ms while changing`,
      );
    }

    if (results.some((r) => r.cpu.api_ms_per_request != null)) {
      const cores = os.cpus().length;
      const dash = (x: number | null) => (x == null ? '—' : x.toFixed(2));
      console.log(
        `\nCPU per request at ${CONNECTIONS} connections (ms; user + system, from /proc):\n\n` +
          table(
            ['mix', 'API', 'PostgreSQL', 'load generator', 'sum', 'machine busy %', `bound req/s (${cores} cores)`, 'req/s'],
            results.map((r) => {
              const { api_ms_per_request: api, postgres_ms_per_request: pgMs, load_ms_per_request: ld } = r.cpu;
              const sum = cpuPerRequest(r.cpu);
              const busy = r.cpu.machine_busy_pct;
              return [r.mix + (r.extra ? ' *' : ''), dash(api), dash(pgMs), dash(ld), dash(sum), busy ?? '—', sum ? round((cores * 1000) / sum, 0) : '—', r.api.rps];
            }),
          ) +
          `\nPostgreSQL: — when it is not on this machine, or is PGlite (inside the API's process, counted there). ` +
          `bound = cores × 1000 ÷ sum: what this machine could serve if every core did nothing else. By Little's law ` +
          `the mean latency at ${CONNECTIONS} connections is ${CONNECTIONS} ÷ req/s, so a mean of 50 ms already takes ` +
          `${Math.ceil((CONNECTIONS * 1000) / 50)} req/s, and a p95 of 50 ms more.`,
      );
    }
    if (withDetails) {
      const w = withDetails;
      console.log(
        `\n${WITH_DETAILS}: each connection alternates a search (${w.search_bodies} bodies of "no filter" and "type + governorate") ` +
          `and a listing's details (GET /listings/{id}, ${w.listings_read} public listings, 5,000 visitors: views counted), ` +
          `${CONNECTIONS} connections × ${SECONDS} s, against the same searches alone:\n\n` +
          table(
            ['load', 'p50', 'p95', 'p99', 'req/s', 'search p95', 'details p95', 'p95 ÷ search alone', 'search p95 ÷ search alone', 'errors'],
            [
              ['search alone', w.search_alone.p50_ms, w.search_alone.p95_ms, w.search_alone.p99_ms, w.search_alone.rps, w.search_alone.p95_ms, '—', 1, 1, w.search_alone.errors],
              [WITH_DETAILS, w.mixed.p50_ms, w.mixed.p95_ms, w.mixed.p99_ms, w.mixed.rps, w.mixed.search.p95_ms, w.mixed.details.p95_ms, w.ratio_p95, w.ratio_search_p95, w.mixed.errors],
            ],
          ) +
          `\nTarget (issue 26): mixed p95 ≤ 1.3 × search alone: ${w.ratio_p95 <= 1.3 ? 'met' : 'NOT met'} (${w.ratio_p95}×)` +
          (w.ratio_p95 <= 1.3
            ? '.'
            : `: searches alone, ${cpuReason(w.search_alone.cpu, w.search_alone.rps)}; mixed with details, ${cpuReason(w.mixed.cpu, w.mixed.rps)}.`),
      );
    }
    if (rateRow) {
      const r = rateRow;
      console.log(
        `\n${RATE_CHANGE} (issue 29): PATCH /admin/rates/zones/2 changes the new-note zone's rate and reprices its ` +
          `${r.repriced_per_change} listings in rials (of ${r.yer_listings}) in one statement: max ${r.change_alone.max_ms} ms, mean ` +
          `${r.change_alone.mean_ms} ms alone (the statement alone: ${r.statement.map((x) => `${x.ms} ms wall${x.cpu_ms != null ? `, ${x.cpu_ms} ms PostgreSQL CPU` : ''}`).join('; ')}); ${r.changes_during_load.runs} changes back to back under ${CONNECTIONS} connections of ` +
          `search, max ${r.changes_during_load.max_ms} ms. Search p95 ${r.search_alone.p95_ms} ms alone, ${r.search_during.p95_ms} ms while ` +
          `the rate changes (${r.search_during.errors} errors). Target (PostgreSQL at 100,000 listings): recompute < 5 s: ` +
          `${r.change_alone.max_ms < 5000 && r.changes_during_load.max_ms < 5000 ? 'met' : 'NOT met'}.`,
      );
    }
    if (database.kind === 'postgres' && counts.total >= 1_000_000 && CONNECTIONS === 32 && !ONLY) console.log(millionVerdict(results));
    const main7 = results.filter((r) => !r.extra);
    const p95ok = main7.length === 7 && main7.every((r) => r.api.p95_ms <= 50);
    const ratioOk = main7.length === 7 && main7.every((r) => r.ratio_p95 <= 3);
    const targetRun = database.kind === 'postgres' && counts.total >= 100_000 && CONNECTIONS === 32 && main7.length === 7;
    console.log(
      `Targets (issue 8, PostgreSQL at 100,000 listings, 32 connections${targetRun ? '' : '; not this run, shown for reference'}): ` +
        `p95 ≤ 50 ms ${p95ok ? 'met' : 'NOT met'}; API/floor ≤ 3 ${ratioOk ? 'met' : 'NOT met'}.`,
    );

    const file = writeResult('search', {
      date: new Date().toISOString(),
      machine: machineAtStart,
      engine,
      listings: counts,
      settings: { n: N, seconds: SECONDS, connections: CONNECTIONS, single_seconds: SINGLE_SECONDS, floor_ms: FLOOR_MS, page_size: PAGE, accept_encoding: ACCEPT_ENCODING },
      results,
      ...(withDetails ? { search_with_details: withDetails } : {}),
      ...(rateRow ? { rate_change: rateRow } : {}),
      targets: { applies: targetRun, p95_le_50ms: p95ok, api_floor_le_3: ratioOk, ...(withDetails ? { with_details_le_1_3: withDetails.ratio_p95 <= 1.3 } : {}) },
      ...(EXPLAIN ? { explain: explains } : {}),
      load_average_at_end: os.loadavg().map((x) => round(x, 2)),
      total_seconds: round((Date.now() - started) / 1000, 1),
    });
    log(`results: ${path.relative(process.cwd(), file)}; done in ${elapsed(started)}`);
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
