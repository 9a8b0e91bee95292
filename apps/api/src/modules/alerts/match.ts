/**
 * Which saved searches a listing that just became public matches (issue 27), with the searches' own
 * conditions: the WHERE of POST /listings/search (search/service.ts `conditions`), so "matches" has one
 * definition. A search's WHERE is its conditions joined by AND; here each distinct condition of the candidate
 * searches is evaluated once by PostgreSQL against the one listing row, and a search matches when every one of
 * its conditions is true (null, as in a WHERE, is not). A price bound, a governorate or "approved" is shared by
 * thousands of searches, so the statement holds a few hundred conditions where the searches number thousands.
 *
 * 1. the candidates: searches in one of the listing's 8 buckets (listing type, property type, governorate, each
 *    the listing's or "any") through the GIN index of migration 020, and searches on a map area whose box holds
 *    the listing through its GiST index; only their ids (and row versions) come back;
 * 2. their conditions, built once per search (by id and row version) and kept, then all evaluated in one
 *    select over the listing's row;
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
 * Every distinct condition seen (its SQL and parameters → one number), and each search's conditions as those
 * numbers, kept by search id with the row version they were built from (an edited search is built again).
 * One per worker (so per database) and exchange rates: a price bound in YER is another condition at other
 * rates. Bounded: past the limits it starts over, which only costs building them again.
 */
const MAX_CONDITIONS = 200_000;
const MAX_SEARCHES = 500_000;
export class MatchCache {
  atoms = new Map<string, number>();
  exprs: Expression<SqlBool>[] = [];
  searches = new Map<number, { version: string; atoms: number[] | null }>();
  constructor(readonly rates: Record<string, number>) {}
  /** Past its bounds it forgets everything. */
  trim() {
    if (this.exprs.length > MAX_CONDITIONS || this.searches.size > MAX_SEARCHES) {
      this.atoms.clear();
      this.exprs = [];
      this.searches.clear();
    }
  }
}
type Compiled = MatchCache;

/** The search's conditions as numbers of the cache's table; null when its filters no longer parse. */
function compile(db: Executor, c: Compiled, filters: unknown): number[] | null {
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

/** The searches that may match the listing (ids and row versions): its buckets, or an area holding its point. */
export async function candidatesOf(db: Executor, listingId: number): Promise<{ id: number; v: string }[]> {
  const listing = await db
    .selectFrom('listings')
    .select(['listing_type', 'property_type', 'governorate_id', 'latitude', 'longitude'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing) return [];
  const keys = listingKeys(listing);
  const at = listing.latitude != null && listing.longitude != null ? sql`box(point(${listing.longitude}::float8, ${listing.latitude}::float8), point(${listing.longitude}::float8, ${listing.latitude}::float8))` : null;
  // The expressions as migration 020's partial indexes spell them, so each branch reads its index.
  const res = await sql<{ id: number; v: string }>`
    select id, xmin::text as v from saved_searches
    where saved_search_keys(filters) && ${keys}::text[] and saved_search_area(filters) is null
    ${at ? sql`union all
    select id, xmin::text as v from saved_searches
    where saved_search_area(filters) @> ${at} and saved_search_area(filters) is not null and saved_search_keys(filters) && ${keys}::text[]` : sql``}`.execute(db);
  return res.rows;
}

/** The saved searches the listing matches now (none when it is not public). */
export async function matchingSearches(db: Executor, listingId: number, c: MatchCache): Promise<number[]> {
  const candidates = { rows: await candidatesOf(db, listingId) };
  if (candidates.rows.length === 0) return [];

  c.trim();
  const stale = candidates.rows.filter((r) => c.searches.get(r.id)?.version !== r.v).map((r) => r.id);
  if (stale.length > 0) {
    const rows = await sql<{ id: number; v: string; filters: unknown }>`
      select id, xmin::text as v, filters from saved_searches where id = any(${stale}::int[])`.execute(db);
    for (const r of rows.rows) {
      const filters = typeof r.filters === 'string' ? JSON.parse(r.filters) : r.filters;
      c.searches.set(r.id, { version: r.v, atoms: compile(db, c, filters) });
    }
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

/** A bool[] as PostgreSQL writes it ("{t,f,NULL}"), for a driver that hands arrays over as text. */
function parseBoolArray(s: string): (boolean | null)[] {
  const inner = s.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((x) => (x === 't' ? true : x === 'f' ? false : null));
}

/** How long finding and recording a listing's matches took (the benchmark reports them apart). */
export type MatchTiming = (t: { findMs: number; recordMs: number; matches: number }) => void;

/** Records the listing's matches; returns the searches that had not matched it before. */
export async function recordMatches(db: Executor, listingId: number, cache: MatchCache, timing?: MatchTiming): Promise<number[]> {
  const start = performance.now();
  const ids = await matchingSearches(db, listingId, cache);
  const found = performance.now();
  try {
    return await insertMatches(db, listingId, ids);
  } finally {
    timing?.({ findMs: found - start, recordMs: performance.now() - found, matches: ids.length });
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
