/**
 * Similar homes (issue 28): up to SIMILAR_LIMIT public listings of the listing's listing type and property type,
 * priced within ±35% of it (in USD, when it has a price), nearest first: its district, then the rest of its
 * governorate, then the rest of the country by distance from its point; listings without a point come last in
 * each. Never the listing itself. Cards exactly as search sends them (asCards).
 */
import { sql } from 'kysely';
import type { ListingRead } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { placeNames } from '../locations/names.js';
import { asCards, isPublicL, listingRowsSql, type ListingRow } from './read.js';

export const SIMILAR_LIMIT = 8;
/** The price band around the listing's USD price (in similar_listing_ids, migration 022). */
export const SIMILAR_PRICE_BAND = 0.35;

export interface SimilarAnswer {
  items: ListingRead[];
  /** Whether the listing itself is public: its answer may be cached by anyone (a private one only by its reader). */
  public: boolean;
}

/**
 * One statement: the listing (for the 404 decision) and its similar listings' rows (listing_rows, as search
 * does), their ids from similar_listing_ids (migration 022). That function holds the tiers (district, rest of the
 * governorate, rest of the country with a point, without) as ordered index-only scans under one LIMIT, run one
 * after the other until 8 are found; being a function, its statement is planned once per connection, which
 * halves the request (planning its eight scans cost more than running them; docs/benchmarks.md).
 */
export async function similarListings(db: Database, storage: Storage, user: AuthUser | null, id: number): Promise<SimilarAnswer> {
  const [res, names] = await Promise.all([
    sql<{ owner_id: number; public: boolean; rows: ListingRow[] }>`
      select l.owner_id, ${isPublicL} as public, ${listingRowsSql(sql`similar_listing_ids(l.id, ${SIMILAR_LIMIT})`)} as rows
      from listings l where l.id = ${id}`.execute(db),
    placeNames(db),
  ]);
  const me = res.rows[0];
  // As GET /listings/{id}: the public sees public listings only; the owner and admins also their own hidden one.
  if (!me) throw notFound();
  if (!me.public && !(user && (user.id === me.owner_id || user.role === 'ADMIN'))) throw notFound();
  return { items: asCards(me.rows, names, storage), public: me.public };
}
