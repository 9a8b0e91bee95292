/**
 * Recently counted search totals, per set of filters. The capped count is most of what a search costs the
 * database (at 100,000 listings: ~1.6 ms of a 1.9 ms statement for type + governorate, far more for
 * common Arabic words; `npm run bench`), while the same filters come back again and again: the home page
 * and city links, paging through results, the map moving over one city. A total is kept for
 * SEARCH_COUNT_TTL_SECONDS; this server forgets all of them whenever a listing changes in a way the public
 * can see (forgetSearchCounts, called by the services after their transaction commits), so one server is
 * exact and several servers behind a load balancer agree within the TTL. The listings on a page are checked
 * against the database on every request (page-cache.ts).
 */
import type { Database } from '../../db/client.js';

/** Enough for every common search; a full cache drops its oldest entries. */
const MAX_ENTRIES = 5000;

interface Entry {
  n: number;
  until: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

export function cachedCount(db: Database, key: string, now = Date.now()): number | undefined {
  const cache = caches.get(db);
  const e = cache?.get(key);
  if (!e) return undefined;
  if (e.until > now) return e.n;
  cache!.delete(key);
  return undefined;
}

export function rememberCount(db: Database, key: string, n: number, ttlSeconds: number, now = Date.now()) {
  if (ttlSeconds <= 0) return;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) {
    // Maps iterate in insertion order: the first keys are the oldest.
    const drop = cache.keys();
    for (let i = 0; i < MAX_ENTRIES / 10; i++) cache.delete(drop.next().value!);
  }
  cache.set(key, { n, until: now + ttlSeconds * 1000 });
}

/**
 * The map's clusters (map.ts) are counts too, per grid cell: kept a tile of cells at a time (at most 64
 * clusters, a few KB), and forgotten under the same rule as the totals.
 */
const MAX_ANSWERS = 5000;
const answers = new WeakMap<Database, Map<string, { value: unknown; until: number }>>();

/** A kept answer and when it expires (ms since the epoch). */
export function cachedAnswer<T>(db: Database, key: string, now = Date.now()): { value: T; until: number } | undefined {
  const cache = answers.get(db);
  const e = cache?.get(key);
  if (!e) return undefined;
  if (e.until > now) return e as { value: T; until: number };
  cache!.delete(key);
  return undefined;
}

/** Moves on every forgetSearchCounts: an answer counted before a change is not kept after it. */
const generations = new WeakMap<Database, number>();
export const answersGeneration = (db: Database) => generations.get(db) ?? 0;

/** Keeps an answer counted since `generation` (answersGeneration when counting began), unless a change came since. */
export function rememberAnswer(db: Database, key: string, value: unknown, ttlSeconds: number, generation: number, now = Date.now()) {
  if (ttlSeconds <= 0 || generation !== answersGeneration(db)) return;
  let cache = answers.get(db);
  if (!cache) answers.set(db, (cache = new Map()));
  cache.delete(key);
  if (cache.size >= MAX_ANSWERS) {
    const drop = cache.keys();
    for (let i = 0; i < MAX_ANSWERS / 10; i++) cache.delete(drop.next().value!);
  }
  cache.set(key, { value, until: now + ttlSeconds * 1000 });
}

/** Forget every cached total (and the map's clusters) of this database: a listing was published, changed, hidden or removed. */
export function forgetSearchCounts(db: Database) {
  caches.get(db)?.clear();
  answers.get(db)?.clear();
  generations.set(db, answersGeneration(db) + 1);
}
