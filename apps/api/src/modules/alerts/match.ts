/**
 * Which saved searches a listing that just became public matches (issue 27), with the searches' own
 * conditions: the WHERE of POST /listings/search (search/service.ts `conditions`), so "matches" has one
 * definition. A search's WHERE is its conditions joined by AND; here each distinct condition of the candidate
 * searches is evaluated once by PostgreSQL against the one listing row, and a search matches when every one of
 * its conditions is true (null, as in a WHERE, is not). A price bound, a governorate or "approved" is shared by
 * thousands of searches, so the statement holds a few hundred conditions where the searches number thousands.
 *
 * 1. the candidates: searches in one of the listing's 8 buckets (listing type, property type, governorate, each
 *    the listing's or "any"), and searches on a map area whose box holds the listing, found in the worker's
 *    memory (MatchCache): the buckets and boxes are PostgreSQL's (the columns of migration 035), read when the
 *    worker starts and for each search saved since;
 * 2. their conditions, built once per distinct filters and kept, then all evaluated in one select over the
 *    listing's row;
 * 3. the matches inserted with `on conflict do nothing`: a search never records (so never announces) a listing
 *    twice, whichever server matched it, however often it became public again.
 */
import { CompiledQuery, sql, type Expression, type Transaction } from 'kysely';
import { searchBody, type SearchBody } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { conditions, searchWords, yerPerUsdCall } from '../search/service.js';

type Executor = Database | Transaction<DB>;

/** Conditions evaluated in one statement: each has at most a few parameters, and PostgreSQL takes 65,535. */
const CHUNK = 4000;

/**
 * Every distinct condition seen (its SQL and parameters → one number), the conditions of each distinct set of
 * filters as those numbers (a type in a governorate is saved by hundreds of people: 100,000 searches of the
 * benchmark have 24,500 distinct filters), and each search's by id, with the buckets and map area PostgreSQL
 * computed for it (migration 035), indexed here so a listing's candidates are found without a query. One per
 * worker (so per database) and exchange rates: a price bound in YER is another condition at other rates.
 *
 * A search's filters never change once saved (PATCH takes a name, a frequency or "seen"), so the cache follows
 * the table by reading the searches saved since it last looked (syncSearches) and, now and then, which ones are
 * gone. It holds every search (53 MB of heap at the benchmark's 100,000): a cache of only some could not find
 * candidates. The conditions and filters of deleted searches stay until many are gone, then it is built again.
 */
/** Searches saved this long before the last look are read again: a save committed late is not missed. */
const SYNC_MARGIN = '1 minute';
/**
 * How often the searches deleted meanwhile are dropped from the cache, with any match recorded for them since
 * (recording does not look each search up: 2,000 lookups were ~8 ms of a listing's 60).
 */
const PRUNE_MS = 10 * 60_000;

interface CachedSearch {
  atoms: number[] | null;
  keys: string[];
  /** The box of its map bounds or drawn polygon: [min lon, min lat, max lon, max lat]. */
  area: [number, number, number, number] | null;
}

interface SearchRow {
  id: number;
  f: string;
  keys: string[] | string | null;
  area: string | null;
}

export class MatchCache {
  atoms = new Map<string, number>();
  /** Each condition compiled once: building a statement of a thousand conditions through the query builder again for every listing cost more than PostgreSQL's planning and running it. */
  exprs: { sql: string; parameters: readonly unknown[]; places: number[] }[] = [];
  /**
   * The places whose rials-per-dollar rate a YER price bound reads (district, governorates, fallback): each
   * evaluated once per statement as `yer_rates.v<n>` instead of once per bound (~200 bounds, 20–50 places).
   */
  places = new Map<string, number>();
  /** Each place's search_yer_per_usd call, compiled once as the conditions are. */
  placeCalls: { sql: string; parameters: readonly unknown[] }[] = [];
  byFilters = new Map<string, number[] | null>();
  searches = new Map<number, CachedSearch>();
  /** Search ids by bucket, and the searches with a map area (few: a scan over them is microseconds). */
  byKey = new Map<string, Set<number>>();
  withArea = new Set<number>();
  /** withArea as flat arrays (ids, boxes four numbers each), rebuilt after a change: a scan of these is ~100 times faster than of the Map. */
  private areaIds = new Int32Array(0);
  private areaBoxes = new Float64Array(0);
  private areaDirty = false;
  /** The database's clock when the cache last read the searches saved since; null before the first full read. */
  syncedAt: string | null = null;
  prunedAt = 0;
  pruneEveryMs = PRUNE_MS;
  constructor(readonly rates: Record<string, number>) {}
  /** Searches forgotten since the cache was built: their conditions and filters are still held. */
  forgotten = 0;
  /** Not built yet, or holding as much for deleted searches as a quarter of the live ones: build it (again). */
  get stale() {
    return this.syncedAt === null || this.forgotten > Math.max(10_000, this.searches.size / 4);
  }
  reset() {
    this.atoms.clear();
    this.exprs = [];
    this.places.clear();
    this.placeCalls = [];
    this.byFilters.clear();
    this.searches.clear();
    this.byKey.clear();
    this.withArea.clear();
    this.areaDirty = true;
    this.syncedAt = null;
    this.forgotten = 0;
  }
  /** A search as read from the table: its conditions (from its filters as PostgreSQL writes jsonb, one text for equal filters), buckets and area. */
  remember(db: Executor, r: SearchRow) {
    if (this.searches.has(r.id)) return;
    let atoms = this.byFilters.get(r.f);
    if (atoms === undefined) {
      atoms = compile(db, this, JSON.parse(r.f));
      this.byFilters.set(r.f, atoms);
    }
    const keys = parseArray(r.keys);
    const area = parseBox(r.area);
    this.searches.set(r.id, { atoms: atoms ?? null, keys, area });
    if (area) {
      this.withArea.add(r.id);
      this.areaDirty = true;
    } else
      for (const k of keys) {
        let ids = this.byKey.get(k);
        if (!ids) this.byKey.set(k, (ids = new Set()));
        ids.add(r.id);
      }
  }
  /** The searches whose area holds the point. */
  areasAt(lon: number, lat: number): number[] {
    if (this.areaDirty) {
      this.areaIds = Int32Array.from(this.withArea);
      this.areaBoxes = new Float64Array(this.areaIds.length * 4);
      this.areaIds.forEach((id, i) => this.areaBoxes.set(this.searches.get(id)!.area!, i * 4));
      this.areaDirty = false;
    }
    const out: number[] = [];
    const b = this.areaBoxes;
    for (let i = 0; i < this.areaIds.length; i++) {
      if (lon >= b[i * 4]! && lat >= b[i * 4 + 1]! && lon <= b[i * 4 + 2]! && lat <= b[i * 4 + 3]!) out.push(this.areaIds[i]!);
    }
    return out;
  }
  forget(id: number) {
    const s = this.searches.get(id);
    if (!s) return;
    this.searches.delete(id);
    this.forgotten += 1;
    if (this.withArea.delete(id)) this.areaDirty = true;
    for (const k of s.keys) this.byKey.get(k)?.delete(id);
  }
}

const SEARCH_COLUMNS = sql`id, filters::text as f, match_keys as keys, match_area::text as area`;

/**
 * Reads every saved search into the cache ahead of the first listing (a server calls it as its worker starts):
 * otherwise the first listing a fresh server matches waits for thousands of searches to be built (a second and
 * more at 100,000 saved searches). Read by id a page at a time. Returns how many there are.
 */
export async function warmMatchCache(db: Executor, c: MatchCache, page = 2000): Promise<number> {
  c.reset();
  const since = (await sql<{ t: string }>`select statement_timestamp()::text as t`.execute(db)).rows[0]!.t;
  let after = 0;
  let n = 0;
  for (;;) {
    const rows = await sql<SearchRow>`select ${SEARCH_COLUMNS} from saved_searches where id > ${after} order by id limit ${page}`.execute(db);
    for (const r of rows.rows) c.remember(db, r);
    n += rows.rows.length;
    if (rows.rows.length < page) break;
    after = rows.rows[rows.rows.length - 1]!.id;
  }
  c.syncedAt = since;
  c.prunedAt = Date.now();
  return n;
}

/**
 * Brings the cache up to the table: the searches saved since it last looked (through the index of migration
 * 036, a margin before that), and every ten minutes the ids of those deleted meanwhile.
 */
export async function syncSearches(db: Executor, c: MatchCache): Promise<void> {
  if (c.stale) {
    await warmMatchCache(db, c);
    return;
  }
  // One row at least (the clock) however many searches were saved.
  const res = await sql<Partial<SearchRow> & { now: string }>`
    select statement_timestamp()::text as now, s.* from (select 1) one left join (
      select ${SEARCH_COLUMNS} from saved_searches where created_at > ${c.syncedAt}::timestamptz - ${SYNC_MARGIN}::interval
    ) s on true`.execute(db);
  for (const r of res.rows) if (r.id != null) c.remember(db, r as SearchRow);
  c.syncedAt = res.rows[0]!.now;
  if (Date.now() - c.prunedAt >= c.pruneEveryMs) {
    const ids = new Set(parseArray((await sql<{ ids: number[] | string | null }>`select array_agg(id) as ids from saved_searches`.execute(db)).rows[0]?.ids).map(Number));
    const gone = [...c.searches.keys()].filter((id) => !ids.has(id));
    for (const id of gone) c.forget(id);
    // Matches this cache recorded for a search deleted meanwhile (after its delete removed the others).
    if (gone.length > 0) await sql`delete from saved_search_matches where saved_search_id = any(${gone}::int[])`.execute(db);
    c.prunedAt = Date.now();
  }
}

/** An expression's SQL and parameters, as the query builder would send them on their own. */
function compiled(db: Executor, expr: Expression<unknown>): { sql: string; parameters: readonly unknown[] } {
  return (expr as unknown as { compile(db: Executor): { sql: string; parameters: readonly unknown[] } }).compile(db);
}

/** The search's conditions as numbers of the cache's table; null when its filters no longer parse. */
function compile(db: Executor, c: MatchCache, filters: unknown): number[] | null {
  // Stored through the same schema; one that no longer parses (a rule tightened since) matches nothing.
  const parsed = searchBody.safeParse(filters);
  if (!parsed.success) return null;
  const b: SearchBody = parsed.data;
  const readRate = (district: number | null, governorates: number[], fallback: number) => {
    const key = JSON.stringify([district, governorates, fallback]);
    let n = c.places.get(key);
    if (n === undefined) {
      n = c.placeCalls.length;
      c.places.set(key, n);
      c.placeCalls.push(compiled(db, yerPerUsdCall(district, governorates, fallback)));
    }
    return sql<number>`${sql.raw(`yer_rates.v${n}`)}`;
  };
  return conditions(b, searchWords(b.search), c.rates, false, readRate).map((expr) => {
    const q = compiled(db, expr);
    const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
    let n = c.atoms.get(key);
    if (n === undefined) {
      n = c.exprs.length;
      c.atoms.set(key, n);
      c.exprs.push({ ...q, places: [...q.sql.matchAll(/\byer_rates\.v(\d+)\b/g)].map((m) => Number(m[1])) });
    }
    return n;
  });
}

/** The buckets a listing's searches can be in: the listing's value or "*" in each of the three places. */
export function listingKeys(l: { listing_type: string; property_type: string; governorate_id: number | null }): string[] {
  const keys: string[] = [];
  for (const lt of [l.listing_type, '*']) {
    for (const pt of [l.property_type, '*']) {
      for (const g of l.governorate_id == null ? ['*'] : [String(l.governorate_id), '*']) keys.push(`${lt}:${pt}:${g}`);
    }
  }
  return keys;
}

/**
 * The searches that may match the listing, from the cache: those in one of its buckets without a map area, and
 * those with an area holding its point and a bucket of it (the same rule migration 035's indexes served).
 */
export async function candidatesOf(db: Executor, listingId: number, c: MatchCache): Promise<number[]> {
  const listing = await db
    .selectFrom('listings')
    .select(['listing_type', 'property_type', 'governorate_id', 'latitude', 'longitude'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing) return [];
  const keys = listingKeys(listing);
  const found = new Set<number>();
  for (const k of keys) for (const id of c.byKey.get(k) ?? []) found.add(id);
  const { latitude: lat, longitude: lon } = listing;
  if (lat != null && lon != null) {
    for (const id of c.areasAt(lon, lat)) if (c.searches.get(id)!.keys.some((k) => keys.includes(k))) found.add(id);
  }
  return [...found];
}

/** The saved searches the listing matches now (none when it is not public). */
export async function matchingSearches(db: Executor, listingId: number, c: MatchCache, timing?: { candidatesMs?: number; candidates?: number }): Promise<number[]> {
  const t0 = performance.now();
  await syncSearches(db, c);
  const candidates = await candidatesOf(db, listingId, c);
  if (timing) {
    timing.candidatesMs = performance.now() - t0;
    timing.candidates = candidates.length;
  }
  if (candidates.length === 0) return [];

  // Every distinct condition of the candidates, evaluated once.
  const needed = new Map<number, number>();
  for (const id of candidates) for (const a of c.searches.get(id)?.atoms ?? []) if (!needed.has(a)) needed.set(a, needed.size);
  const order = [...needed.keys()];
  const values: (boolean | null)[] = [];
  for (let start = 0; start < order.length; start += CHUNK) {
    // The conditions' own SQL side by side, their parameters renumbered after those before them, and the rate
    // of each place their YER bounds name, read once (search_yer_per_usd, as search reads it).
    const params: unknown[] = [listingId];
    // A compiled piece's SQL with its parameters numbered after those already in the statement.
    const append = (q: { sql: string; parameters: readonly unknown[] }) => {
      const shift = params.length;
      params.push(...q.parameters);
      return q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
    };
    const places = new Set<number>();
    const parts = order.slice(start, start + CHUNK).map((a) => {
      for (const p of c.exprs[a]!.places) places.add(p);
      return `(${append(c.exprs[a]!)})`;
    });
    const rates = [...places].map((p) => `${append(c.placeCalls[p]!)} as v${p}`);
    // "offset 0" keeps the rates a row of their own: pulled up into the conditions, each would be called again.
    const from = rates.length > 0 ? `listings l cross join (select ${rates.join(', ')} offset 0) yer_rates` : 'listings l';
    const res = await db.executeQuery<{ v: (boolean | null)[] | string }>(
      CompiledQuery.raw(`select array[${parts.join(', ')}]::bool[] as v from ${from} where l.id = $1`, params),
    );
    const v = res.rows[0]?.v;
    if (v === undefined) return [];
    values.push(...(typeof v === 'string' ? parseBoolArray(v) : v));
  }
  return candidates.filter((id) => {
    const atoms = c.searches.get(id)?.atoms;
    return atoms != null && atoms.every((a) => values[needed.get(a)!] === true);
  });
}

/** An array as the driver hands it over: a JavaScript array, or PostgreSQL's text ("{1,2}") from one that does not parse it. */
function parseArray(v: unknown[] | string | null | undefined): string[] {
  if (v == null) return [];
  if (typeof v !== 'string') return v.map(String);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((x) => x.replace(/^"|"$/g, ''));
}

/** A box as PostgreSQL writes it ("(x2,y2),(x1,y1)") as [min x, min y, max x, max y]. */
function parseBox(s: string | null): [number, number, number, number] | null {
  if (s == null) return null;
  const n = s.match(/-?[\d.]+(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
  if (n.length !== 4) return null;
  return [Math.min(n[0]!, n[2]!), Math.min(n[1]!, n[3]!), Math.max(n[0]!, n[2]!), Math.max(n[1]!, n[3]!)];
}

/** A bool[] as PostgreSQL writes it ("{t,f,NULL}"), for a driver that hands arrays over as text. */
function parseBoolArray(s: string): (boolean | null)[] {
  return parseArray(s).map((x) => (x === 't' ? true : x === 'f' ? false : null));
}

/** How long finding and recording a listing's matches took (the benchmark reports them apart). */
export type MatchTiming = (t: { findMs: number; candidatesMs: number; candidates: number; recordMs: number; matches: number }) => void;

/** Records the listing's matches; returns the searches that had not matched it before. */
export async function recordMatches(db: Executor, listingId: number, cache: MatchCache, timing?: MatchTiming): Promise<number[]> {
  const start = performance.now();
  const seen: { candidatesMs?: number; candidates?: number } = {};
  const ids = await matchingSearches(db, listingId, cache, seen);
  const found = performance.now();
  try {
    return await insertMatches(db, listingId, ids);
  } finally {
    timing?.({ findMs: found - start, candidatesMs: seen.candidatesMs ?? 0, candidates: seen.candidates ?? 0, recordMs: performance.now() - found, matches: ids.length });
  }
}

async function insertMatches(db: Executor, listingId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const res = await sql<{ saved_search_id: number }>`
    insert into saved_search_matches (saved_search_id, listing_id)
    select s, ${listingId} from unnest(${[...ids].sort((a, b) => a - b)}::int[]) s
    on conflict do nothing
    returning saved_search_id`.execute(db);
  return res.rows.map((r) => r.saved_search_id);
}

/**
 * Claims up to `batch` jobs no other server holds (skip locked), for `lockMs`: a server that dies with a claim
 * leaves the job to the next one after that.
 */
export async function claimJobs(db: Database, batch: number, lockMs: number): Promise<{ id: number; listing_id: number }[]> {
  const res = await sql<{ id: string | number; listing_id: number }>`
    update alert_jobs set claimed_until = now() + ${`${lockMs} milliseconds`}::interval
    where id in (
      select id from alert_jobs
      where claimed_until is null or claimed_until < now()
      order by id limit ${batch}
      for update skip locked)
    returning id, listing_id`.execute(db);
  return res.rows.map((r) => ({ id: Number(r.id), listing_id: r.listing_id }));
}

/** One job: the matches and the job's removal in one transaction, so a crash leaves both undone, never one. */
export async function runJob(db: Database, job: { id: number; listing_id: number }, cache: MatchCache, timing?: MatchTiming): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const fresh = await recordMatches(trx, job.listing_id, cache, timing);
    await sql`delete from alert_jobs where id = ${job.id}`.execute(trx);
    return fresh;
  });
}
