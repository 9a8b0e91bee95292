/**
 * Similar homes (issue 28): up to SIMILAR_LIMIT public listings of the listing's listing type and property type,
 * priced within ±35% of it (in USD, when it has a price), nearest first: its district, then the rest of its
 * governorate, then the rest of the country by distance from its point; listings without a point come last in
 * each. Never the listing itself. Cards exactly as search sends them (asCards).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { placeNames } from '../locations/names.js';
import { mergeWritten, sameList, writeList, type PageCache, type WrittenList } from '../search/page-cache.js';
import { asCards, isPublicL, type ListingRow } from './read.js';

export const SIMILAR_LIMIT = 8;
/** The price band around the listing's USD price (in similar_listing_ids, migration 022). */
export const SIMILAR_PRICE_BAND = 0.35;

export interface SimilarAnswer {
  /** {items} as the route's schema writes it, in UTF-8, kept for the next reader while nothing on it changes. */
  written: WrittenList;
  /** Whether the listing itself is public: its answer may be cached by anyone (a private one only by its reader). */
  public: boolean;
}

/**
 * One statement: the listing (for the 404 decision) and its similar listings' ids from similar_listing_ids
 * (migration 022), with their revisions and the rows of those not written before at that revision (search_page,
 * migration 009). That function holds the tiers (district, rest of the governorate, rest of the country with a
 * point, without) as ordered index-only scans under one LIMIT, run one after the other until 8 are found; being a
 * function, its statement is planned once per connection, which halves the request (planning its eight scans cost
 * more than running them; docs/benchmarks.md).
 *
 * The answer is kept as written, per listing, like search's pages (search/page-cache.ts): every reader of a
 * listing's page asks for the same eight cards, and reading and writing them was most of the request. The
 * database still decides each time which listings are similar and at which revision, so a card changed or hidden
 * on any server is never served stale.
 */
export async function similarListings(db: Database, storage: Storage, kept: PageCache<WrittenList>, user: AuthUser | null, id: number): Promise<SimilarAnswer> {
  const before = kept.get(String(id));
  const [res, names] = await Promise.all([
    sql<{ owner_id: number; public: boolean; ids: number[]; revs: string[]; rows: ListingRow[] }>`
      select l.owner_id, ${isPublicL} as public, q.page_ids as ids, q.page_revs as revs, q.page_rows as rows
      from listings l, search_page(similar_listing_ids(l.id, ${SIMILAR_LIMIT}), ${before?.ids ?? []}::int[], ${before?.revs ?? []}::text[]) q
      where l.id = ${id}`.execute(db),
    placeNames(db),
  ]);
  const me = res.rows[0];
  // As GET /listings/{id}: the public sees public listings only; the owner and admins also their own hidden one.
  if (!me) throw notFound();
  if (!me.public && !(user && (user.id === me.owner_id || user.role === 'ADMIN'))) throw notFound();
  if (before && sameList(before.ids, me.ids) && sameList(before.revs, me.revs)) return { written: before, public: me.public };
  const list = mergeWritten(me.ids, me.revs, asCards(me.rows, names, storage), before);
  const written = writeList(list);
  kept.set(String(id), written);
  return { written, public: me.public };
}
