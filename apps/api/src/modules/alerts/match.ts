/**
 * Which saved searches a listing that just became public matches (issue 27), with the searches' own
 * conditions: the WHERE of POST /listings/search (search/service.ts `conditions`), so "matches" has one
 * definition. A search's WHERE is its conditions joined by AND; here each distinct condition of the candidate
 * searches is evaluated once by PostgreSQL against the one listing row, and a search matches when every one of
 * its conditions is true (null, as in a WHERE, is not). A price bound, a governorate or "approved" is shared by
 * thousands of searches, so the statement holds a few hundred conditions where the searches number thousands.
 *
 * 1. the candidates: searches in one of the listing's 8 buckets (listing type, property type, governorate, each
 *    the listing's or "any") through the GIN index over the column of migration 035, and searches on a map
 *    area whose box holds the listing through its GiST index; only their ids (and row versions) come back;
 * 2. their conditions, built once per distinct filters when the worker starts (warmMatchCache) and kept, then
 *    all evaluated in one select over the listing's row;
 * 3. the matches inserted with `on conflict do nothing`: a search never records (so never announces) a listing
 *    twice, whichever server matched it, however often it became public again.
 */
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import { searchBody, type SearchBody } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { conditions, searchWords } from '../search/service.js';

type Executor = Database | Transaction<DB>;

/** Conditions evaluated in one statement: each has at most a few parameters, and PostgreSQL takes 65,535. */
const CHUNK = 4000;

/**
 * Every distinct condition seen (its SQL and parameters → one number), the conditions of each distinct set of
 * filters as those numbers (a type in a governorate is saved by hundreds of people: 100,000 searches of the
 * benchmark have 24,500 distinct filters), and each search's by id with the row version they were read at
 * (an edited search is read again). One per worker (so per database) and exchange rates: a price bound in YER
 * is another condition at other rates. Bounded: past the limits it starts over, which only costs building
 * them again.
 */
const MAX_CONDITIONS = 200_000;
const MAX_SEARCHES = 500_000;
export class MatchCache {
  atoms = new Map<string, number>();
  exprs: Expression<SqlBool>[] = [];
  byFilters = new Map<string, number[] | null>();
  searches = new Map<number, { version: string; atoms: number[] | null }>();
  constructor(readonly rates: Record<string, number>) {}
  /** Past its bounds it forgets everything. */
  trim() {
    if (this.exprs.length > MAX_CONDITIONS || this.searches.size > MAX_SEARCHES || this.byFilters.size > MAX_SEARCHES) {
      this.atoms.clear();
      this.exprs = [];
      this.byFilters.clear();
      this.searches.clear();
    }
  }
  /** A search's conditions from its filters as PostgreSQL writes jsonb (one text for equal filters). */
  remember(db: Executor, id: number, version: string, filtersText: string) {
    let atoms = this.byFilters.get(filtersText);
    if (atoms === undefined) {
      atoms = compile(db, this, JSON.parse(filtersText));
      this.byFilters.set(filtersText, atoms);
    }
    this.searches.set(id, { version, atoms: atoms ?? null });
  }
}

/**
 * Builds every saved search's conditions ahead of the first listing (a server calls it as its worker starts):
 * otherwise the first listings a fresh server matches wait for thousands of searches to be built (a second and
 * more per listing at 100,000 saved searches). Read by id a page at a time; searches saved later are built
 * when they first turn up as candidates.
 */
export async function warmMatchCache(db: Executor, c: MatchCache, page = 2000): Promise<number> {
  let after = 0;
  let n = 0;
  for (;;) {
    const rows = await sql<{ id: number; v: string; f: string }>`
      select id, xmin::text as v, filters::text as f from saved_searches where id > ${after} order by id limit ${page}`.execute(db);
    c.trim();
    for (const r of rows.rows) c.remember(db, r.id, r.v, r.f);
    n += rows.rows.length;
    if (rows.rows.length < page) return n;
    after = rows.rows[rows.rows.length - 1]!.id;
  }
}

/** The search's conditions as numbers of the cache's table; null when its filters no longer parse. */
function compile(db: Executor, c: MatchCache, filters: unknown): number[] | null {
  // Stored through the same schema; one that no longer parses (a rule tightened since) matches nothing.
  const parsed = searchBody.safeParse(filters);
  if (!parsed.success) return null;
  const b: SearchBody = parsed.data;
  return conditions(b, searchWords(b.search), c.rates).map((expr) => {
    const q = (expr as unknown as { compile(db: Executor): { sql: string; parameters: readonly unknown[] } }).compile(db);
    const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
    let n = c.atoms.get(key);
    if (n === undefined) {
      n = c.exprs.length;
      c.atoms.set(key, n);
      c.exprs.push(expr);
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
 * The searches that may match the listing (ids and row versions): its buckets, or an area holding its point.
 * Through the columns of migration 035 and their indexes; one row of two arrays, not thousands of rows.
 */
export async function candidatesOf(db: Executor, listingId: number): Promise<{ id: number; v: string }[]> {
  const listing = await db
    .selectFrom('listings')
    .select(['listing_type', 'property_type', 'governorate_id', 'latitude', 'longitude'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing) return [];
  const keys = listingKeys(listing);
  const at = listing.latitude != null && listing.longitude != null ? sql`box(point(${listing.longitude}::float8, ${listing.latitude}::float8), point(${listing.longitude}::float8, ${listing.latitude}::float8))` : null;
  // Each branch as its partial index is defined, so each reads its index.
  const res = await sql<{ ids: number[] | string | null; vs: string[] | string | null }>`
    select array_agg(id) as ids, array_agg(v) as vs from (
      select id, xmin::text as v from saved_searches where match_keys && ${keys}::text[] and match_area is null
      ${at ? sql`union all
      select id, xmin::text as v from saved_searches where match_area @> ${at} and match_area is not null and match_keys && ${keys}::text[]` : sql``}
    ) c`.execute(db);
  const row = res.rows[0];
  const ids = parseArray(row?.ids).map(Number);
  const vs = parseArray(row?.vs);
  return ids.map((id, i) => ({ id, v: String(vs[i]) }));
}

/** The saved searches the listing matches now (none when it is not public). */
export async function matchingSearches(db: Executor, listingId: number, c: MatchCache, timing?: { candidatesMs?: number; candidates?: number }): Promise<number[]> {
  const t0 = performance.now();
  const candidates = { rows: await candidatesOf(db, listingId) };
  if (timing) {
    timing.candidatesMs = performance.now() - t0;
    timing.candidates = candidates.rows.length;
  }
  if (candidates.rows.length === 0) return [];

  c.trim();
  const stale = candidates.rows.filter((r) => c.searches.get(r.id)?.version !== r.v).map((r) => r.id);
  if (stale.length > 0) {
    const rows = await sql<{ id: number; v: string; f: string }>`
      select id, xmin::text as v, filters::text as f from saved_searches where id = any(${stale}::int[])`.execute(db);
    for (const r of rows.rows) c.remember(db, r.id, r.v, r.f);
  }

  // Every distinct condition of the candidates, evaluated once.
  const needed = new Map<number, number>();
  for (const r of candidates.rows) for (const a of c.searches.get(r.id)?.atoms ?? []) if (!needed.has(a)) needed.set(a, needed.size);
  const order = [...needed.keys()];
  const values: (boolean | null)[] = [];
  for (let start = 0; start < order.length; start += CHUNK) {
    const chunk = order.slice(start, start + CHUNK).map((a) => sql`(${c.exprs[a]!})`);
    const res = await sql<{ v: (boolean | null)[] | string }>`
      select array[${sql.join(chunk)}]::bool[] as v from listings l where l.id = ${listingId}`.execute(db);
    const v = res.rows[0]?.v;
    if (v === undefined) return [];
    values.push(...(typeof v === 'string' ? parseBoolArray(v) : v));
  }
  return candidates.rows
    .filter((r) => {
      const atoms = c.searches.get(r.id)?.atoms;
      return atoms != null && atoms.every((a) => values[needed.get(a)!] === true);
    })
    .map((r) => r.id);
}

/** An array as the driver hands it over: a JavaScript array, or PostgreSQL's text ("{1,2}") from one that does not parse it. */
function parseArray(v: unknown[] | string | null | undefined): string[] {
  if (v == null) return [];
  if (typeof v !== 'string') return v.map(String);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((x) => x.replace(/^"|"$/g, ''));
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
