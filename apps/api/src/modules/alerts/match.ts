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
 *    listing's row: conditions that differ only in their values (a price bound, a governorate) share one piece of
 *    SQL, evaluated once per value over an array of them, so the statement holds a few dozen expressions
 *    to plan instead of a thousand;
 * 3. the matches written as one row (migration 039) holding the searches that had not matched the listing
 *    before: a search never records (so never announces) a listing twice, whichever server matched it, however
 *    often it became public again.
 */
import { CompiledQuery, sql, type Expression, type Transaction } from 'kysely';
import { searchBody, type SearchBody } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { conditions, searchWords, yerPerUsdCall } from '../search/service.js';

type Executor = Database | Transaction<DB>;

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
 * How often the searches deleted meanwhile are dropped from the cache. Until then they may still be recorded as
 * matches (recording does not look each search up); sending skips them, as it skips any search that is gone.
 */
const PRUNE_MS = 10 * 60_000;

/**
 * The searches saved with one set of filters (one text of PostgreSQL's jsonb): their conditions, and the buckets
 * and map area PostgreSQL computed from those filters. A listing's candidates and matches are worked out per
 * set of filters, then given out to its searches: 100,000 searches of the benchmark have 24,500 distinct filters.
 */
interface SameFilters {
  /** null when the filters no longer parse: they match nothing. */
  atoms: number[] | null;
  keys: string[];
  /** The box of its map bounds or drawn polygon: [min lon, min lat, max lon, max lat]. */
  area: [number, number, number, number] | null;
  ids: Set<number>;
}

interface SearchRow {
  id: number;
  f: string;
  keys: string[] | string | null;
  area: string | null;
}

export class MatchCache {
  /** Every distinct condition (its shape and values) → its number in `atoms`. */
  atomIds = new Map<string, number>();
  /** Each condition as the number of its shape and its values, compiled once. */
  atoms: { shape: number; values: readonly unknown[]; lits: string[]; places: number[] }[] = [];
  /**
   * The shapes: a condition's SQL with its values taken out (`l.price_usd >= $1`), which hundreds of conditions
   * share. Each is evaluated once per statement over the arrays of its conditions' values, typed as PostgreSQL
   * types the shape's parameters (learnt once, by preparing it).
   */
  shapeIds = new Map<string, number>();
  shapes: { sql: string; rowSql: string; types: string[] | null }[] = [];
  /**
   * The places whose rials-per-dollar rate a YER price bound reads (district, governorates, fallback): each
   * evaluated once per statement as `yer_rates.r[n]` instead of once per bound (~200 bounds, 20–50 places).
   */
  places = new Map<string, number>();
  /** Each place's search_yer_per_usd call, compiled once as the conditions are. */
  placeCalls: { sql: string; parameters: readonly unknown[] }[] = [];
  byFilters = new Map<string, SameFilters>();
  searches = new Map<number, SameFilters>();
  /** Filters by bucket, and the filters with a map area (few: a scan over them is microseconds). */
  byKey = new Map<string, Set<SameFilters>>();
  withArea = new Set<SameFilters>();
  /** withArea as arrays (the filters, their boxes four numbers each), rebuilt after a change: a scan of these is ~100 times faster than of the Set. */
  private areaFilters: SameFilters[] = [];
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
    this.atomIds.clear();
    this.atoms = [];
    this.shapeIds.clear();
    this.shapes = [];
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
  /** A search as read from the table: its filters' conditions (compiled once for equal filters), buckets and area. */
  remember(db: Executor, r: SearchRow) {
    if (this.searches.has(r.id)) return;
    let f = this.byFilters.get(r.f);
    if (!f) {
      f = { atoms: compile(db, this, JSON.parse(r.f)), keys: parseArray(r.keys), area: parseBox(r.area), ids: new Set() };
      this.byFilters.set(r.f, f);
    }
    // The first search with these filters (or the first again): where a listing finds them.
    if (f.ids.size === 0 && f.atoms) this.place(f, true);
    f.ids.add(r.id);
    this.searches.set(r.id, f);
  }
  private place(f: SameFilters, add: boolean) {
    if (f.area) {
      if (add) this.withArea.add(f);
      else this.withArea.delete(f);
      this.areaDirty = true;
      return;
    }
    for (const k of f.keys) {
      let set = this.byKey.get(k);
      if (!set) this.byKey.set(k, (set = new Set()));
      if (add) set.add(f);
      else set.delete(f);
    }
  }
  /** The filters whose area holds the point. */
  areasAt(lon: number, lat: number): SameFilters[] {
    if (this.areaDirty) {
      this.areaFilters = [...this.withArea];
      this.areaBoxes = new Float64Array(this.areaFilters.length * 4);
      this.areaFilters.forEach((f, i) => this.areaBoxes.set(f.area!, i * 4));
      this.areaDirty = false;
    }
    const out: SameFilters[] = [];
    const b = this.areaBoxes;
    for (let i = 0; i < this.areaFilters.length; i++) {
      if (lon >= b[i * 4]! && lat >= b[i * 4 + 1]! && lon <= b[i * 4 + 2]! && lat <= b[i * 4 + 3]!) out.push(this.areaFilters[i]!);
    }
    return out;
  }
  forget(id: number) {
    const f = this.searches.get(id);
    if (!f) return;
    this.searches.delete(id);
    this.forgotten += 1;
    f.ids.delete(id);
    if (f.ids.size === 0 && f.atoms) this.place(f, false);
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
    for (const id of [...c.searches.keys()].filter((id) => !ids.has(id))) c.forget(id);
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
    return sql<number>`${sql.raw(`yer_rates.r[${n + 1}]`)}`;
  };
  return conditions(b, searchWords(b.search), c.rates, false, readRate).map((expr) => {
    const q = compiled(db, expr);
    // The place a YER bound reads its rate from becomes one more value of the shape, so bounds of every place share it.
    const values: unknown[] = [...q.parameters];
    const places: number[] = [];
    const shapeSql = q.sql.replace(/\byer_rates\.r\[(\d+)\]/g, (_, i: string) => {
      places.push(Number(i) - 1);
      values.push(Number(i));
      return `yer_rates.r[$${values.length}]`;
    });
    for (const v of values) {
      if (v !== null && typeof v === 'object') throw new Error(`alerts: a search condition with a value that is not a scalar: ${shapeSql}`);
    }
    let shape = c.shapeIds.get(shapeSql);
    if (shape === undefined) {
      shape = c.shapes.length;
      c.shapeIds.set(shapeSql, shape);
      // Evaluated over rows of its values, where the parameters are the rows' columns ("$2" → "p.v2").
      c.shapes.push({ sql: shapeSql, rowSql: shapeSql.replace(/\$(\d+)/g, (_, k: string) => `p.v${k}`), types: null });
    }
    const key = `${shape}\u0000${JSON.stringify(values)}`;
    let n = c.atomIds.get(key);
    if (n === undefined) {
      n = c.atoms.length;
      c.atomIds.set(key, n);
      c.atoms.push({ shape, values, lits: values.map(arrayItem), places });
    }
    return n;
  });
}

/**
 * A value as an item of PostgreSQL's array text (quoted and escaped as node-postgres does), written once per
 * condition: the statement sends each shape's values as arrays, and the driver's own conversion of those
 * thousands of items (a listing near many drawn areas: 160 KB of polygons and boxes) took 1.2 ms a listing.
 */
function arrayItem(v: unknown): string {
  return v == null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Items (numbers, or arrayItem's) as PostgreSQL's array text, sent as it is: parseArray's reverse. */
export const arrayText = (items: readonly (string | number)[]) => `{${items.join(',')}}`;

/** What the statement reads the rates from: an array with a place's rate at its number (see compile). */
const RATES_FROM = (rates: string) => `listings l cross join (select ${rates}::float8[] as r offset 0) yer_rates`;

/** Numbers the statements learnTypes prepares. */
let preparedNames = 0;

/**
 * The types PostgreSQL gives a shape's parameters, asked once per shape: a statement of the shape alone is
 * prepared (on one connection, so in a transaction) and its parameters' types read back.
 */
async function learnTypes(db: Executor, c: MatchCache, shapes: number[]): Promise<void> {
  const run = async (trx: Executor) => {
    for (const n of shapes) {
      const shape = c.shapes[n]!;
      // A name of its own each time: a prepared statement outlives a transaction that failed before deallocating it.
      const name = `manzil_alert_shape_${n}_${(preparedNames += 1)}`;
      await sql.raw(`prepare ${name} as select (${shape.sql}) from ${RATES_FROM("'{}'")}`).execute(trx);
      try {
        const r = await sql<{ t: string[] | string }>`
          select array(select format_type(t, null) from unnest(parameter_types) t) as t
          from pg_prepared_statements where name = ${name}`.execute(trx);
        shape.types = parseArray(r.rows[0]?.t);
      } finally {
        await sql.raw(`deallocate ${name}`).execute(trx);
      }
    }
  };
  if ((db as Database).isTransaction) await run(db);
  else await (db as Database).transaction().execute(run);
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

/** What a listing's candidates are found by: its buckets' values and its point. */
export interface ListingPlace {
  listing_type: string;
  property_type: string;
  governorate_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** The columns of ListingPlace, for a statement that reads them along with something else (runJob). */
export const LISTING_PLACE = sql`l.listing_type, l.property_type, l.governorate_id, l.latitude, l.longitude`;

/**
 * The filters whose searches may match the listing, from the cache: those in one of its buckets without a map
 * area, and those with an area holding its point and a bucket of it (the same rule migration 035's indexes served).
 * A filter's buckets differ in one place at most (its governorates), so no filter is in two of a listing's.
 */
function candidatesOf(listing: ListingPlace, c: MatchCache): SameFilters[] {
  const keys = listingKeys(listing);
  const found: SameFilters[] = [];
  for (const k of keys) for (const f of c.byKey.get(k) ?? []) found.push(f);
  const { latitude: lat, longitude: lon } = listing;
  if (lat != null && lon != null) {
    for (const f of c.areasAt(lon, lat)) if (f.keys.some((k) => keys.includes(k))) found.push(f);
  }
  return found;
}

/** The saved searches the listing matches now (none when it is not public). */
export async function matchingSearches(
  db: Executor,
  listingId: number,
  c: MatchCache,
  { timing, sync = true, listing }: { timing?: { candidatesMs?: number; candidates?: number }; sync?: boolean; listing?: ListingPlace | null } = {},
): Promise<number[]> {
  const t0 = performance.now();
  if (sync) await syncSearches(db, c);
  const place = listing !== undefined ? listing : await sql<ListingPlace>`select ${LISTING_PLACE} from listings l where l.id = ${listingId}`.execute(db).then((r) => r.rows[0]);
  const candidates = place ? candidatesOf(place, c) : [];
  if (timing) {
    timing.candidatesMs = performance.now() - t0;
    timing.candidates = candidates.reduce((n, f) => n + f.ids.size, 0);
  }
  if (candidates.length === 0) return [];

  // Every distinct condition of the candidates, evaluated once: for each shape, over the arrays of its values.
  const byShape = new Map<number, number[]>();
  const places = new Set<number>();
  const seen = new Uint8Array(c.atoms.length);
  for (const f of candidates) {
    for (const a of f.atoms!) {
      if (seen[a]) continue;
      seen[a] = 1;
      const atom = c.atoms[a]!;
      let list = byShape.get(atom.shape);
      if (!list) byShape.set(atom.shape, (list = []));
      list.push(a);
      for (const p of atom.places) places.add(p);
    }
  }
  const untyped = [...byShape.keys()].filter((n) => c.shapes[n]!.types === null);
  if (untyped.length > 0) await learnTypes(db, c, untyped);
  const params: unknown[] = [listingId];
  const param = (v: unknown, type: string) => {
    params.push(v);
    return `$${params.length}::${type}`;
  };
  const parts: string[] = [];
  for (const [n, ids] of byShape) {
    const shape = c.shapes[n]!;
    const columns = [param(arrayText(ids), 'int[]'), ...shape.types!.map((type, k) => param(arrayText(ids.map((a) => c.atoms[a]!.lits[k]!)), `${type}[]`))];
    const names = ['id', ...shape.types!.map((_, k) => `v${k + 1}`)];
    parts.push(`select p.id from unnest(${columns.join(', ')}) p(${names.join(', ')}) where (${shape.rowSql})`);
  }
  // The rate of each place the YER bounds name, read once (search_yer_per_usd, as search reads it), at its number.
  const shift = (q: { sql: string; parameters: readonly unknown[] }) => {
    const base = params.length;
    params.push(...q.parameters);
    return q.sql.replace(/\$(\d+)/g, (_, k: string) => `$${Number(k) + base}`);
  };
  const slots = Array.from({ length: places.size === 0 ? 0 : Math.max(...places) + 1 }, (_, p) => (places.has(p) ? shift(c.placeCalls[p]!) : 'null'));
  // "offset 0" keeps the rates a row of their own: pulled up into the conditions, each would be called again.
  const res = await db.executeQuery<{ v: number[] | string }>(
    CompiledQuery.raw(`select array(${parts.join(' union all ')}) as v from ${RATES_FROM(slots.length > 0 ? `array[${slots.join(', ')}]` : "'{}'")} where l.id = $1`, params),
  );
  const v = res.rows[0]?.v;
  if (v === undefined) return [];
  const met = new Uint8Array(c.atoms.length);
  for (const a of parseArray(v)) met[Number(a)] = 1;
  const ids: number[] = [];
  for (const f of candidates) if (f.atoms!.every((a) => met[a])) for (const id of f.ids) ids.push(id);
  return ids;
}

/** An array as the driver hands it over: a JavaScript array, or PostgreSQL's text ("{1,2}") from one that does not parse it. */
export function parseArray(v: unknown[] | string | null | undefined): string[] {
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

/** How long finding and recording a listing's matches took (the benchmark reports them apart). */
export type MatchTiming = (t: { findMs: number; candidatesMs: number; candidates: number; recordMs: number; matches: number }) => void;

/** What recording a listing's matches wrote: its alert_matches row and the searches it holds. */
export interface Recorded {
  matchId: number;
  searches: number;
}

/** The first key of the advisory locks matching takes, one per listing (the second key). */
const MATCHING_LOCK = 27;

/**
 * Two servers matching one listing at once (approved, hidden and approved again) take turns on its lock, so the
 * second sees what the first recorded. Taken in a statement before the one that reads the listing's matches.
 */
const lockListing = (listingId: number) => sql`pg_advisory_xact_lock(${MATCHING_LOCK}, ${listingId})`;

/**
 * Records the listing's matches; returns the row of those it had not matched before, if any. `sync: false` when
 * the caller brought the cache up to the table already; `listing` when it holds the listing's lock and read its
 * place in the same statement (runJob).
 */
export async function recordMatches(
  db: Executor,
  listingId: number,
  cache: MatchCache,
  timing?: MatchTiming,
  opts: { sync?: boolean; listing?: ListingPlace | null } = {},
): Promise<Recorded | null> {
  const start = performance.now();
  if (opts.listing === undefined) await sql`select ${lockListing(listingId)}`.execute(db);
  const seen: { candidatesMs?: number; candidates?: number } = {};
  const ids = await matchingSearches(db, listingId, cache, { timing: seen, sync: opts.sync ?? true, listing: opts.listing });
  const found = performance.now();
  try {
    return await insertMatches(db, listingId, ids);
  } finally {
    timing?.({ findMs: found - start, candidatesMs: seen.candidatesMs ?? 0, candidates: seen.candidates ?? 0, recordMs: performance.now() - found, matches: ids.length });
  }
}

/** One row of the searches the listing matches and none of its earlier rows holds (migration 039), and its row of unsent ones: all of them. */
async function insertMatches(db: Executor, listingId: number, ids: number[]): Promise<Recorded | null> {
  if (ids.length === 0) return null;
  // The ids go sorted, as array text (the driver's conversion of 6,000 numbers took 0.8 ms), and are the row as
  // they are when the listing has no row yet (its first time public): the set difference and its sort, 2 ms at
  // 6,000 searches, only when it has. "materialized": inlined, the array would be computed twice, for the row and
  // for its "<> '{}'".
  const ascending = Int32Array.from(ids).sort();
  const sorted = arrayText(Array.from(ascending.filter((id, i) => i === 0 || id !== ascending[i - 1])));
  const res = await sql<{ id: string | number; n: number }>`
    with earlier as materialized (
      select search_ids from alert_matches where listing_id = ${listingId}
    ), fresh as materialized (
      select case when not exists (select from earlier) then ${sorted}::int[]
        else array(select unnest(${sorted}::int[]) except select unnest(search_ids) from earlier order by 1) end as ids
    ), added as (
      insert into alert_matches (listing_id, search_ids) select ${listingId}, ids from fresh where ids <> '{}'
      returning id, matched_at, search_ids
    ), unsent as (
      insert into alert_unsent (match_id, kind, listing_id, matched_at) select id, 'new', ${listingId}, matched_at from added
    )
    select id, cardinality(search_ids) as n from added`.execute(db);
  const row = res.rows[0];
  return row ? { matchId: Number(row.id), searches: Number(row.n) } : null;
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

/** Hands claimed jobs back (a server stopping before it began them): the next pass of any server takes them. */
export async function releaseJobs(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('alert_jobs').set({ claimed_until: null }).where('id', 'in', ids).execute();
}

/**
 * One job: the matches and the job's removal in one transaction, so a crash leaves both undone, never one. Its
 * commit does not wait for the disk (synchronous_commit off, for it alone): a crash may lose it whole, and then
 * the job is there to be done again; the mails written after it wait for the disk, and with them it. The caller
 * brings the cache up to the table once per batch of jobs (syncSearches).
 */
export async function runJob(db: Database, job: { id: number; listing_id: number }, cache: MatchCache, timing?: MatchTiming): Promise<Recorded | null> {
  return db.transaction().execute(async (trx) => {
    const start = performance.now();
    // The listing's place is read with the statement's snapshot, taken before the lock: only the recording, in a
    // later statement, must see what another server recorded under it; the conditions read the row again anyway.
    const res = await sql<Partial<ListingPlace> & { id: number | null }>`
      with done as (delete from alert_jobs where id = ${job.id} returning 1)
      select set_config('synchronous_commit', 'off', true), ${lockListing(job.listing_id)}, (select count(*) from done), l.id, ${LISTING_PLACE}
      from (select 1) one left join listings l on l.id = ${job.listing_id}`.execute(trx);
    const row = res.rows[0];
    const listing = row?.id != null ? (row as ListingPlace) : null;
    const setup = performance.now() - start;
    return recordMatches(trx, job.listing_id, cache, timing && ((t) => timing({ ...t, findMs: t.findMs + setup, candidatesMs: t.candidatesMs + setup })), { sync: false, listing });
  });
}
