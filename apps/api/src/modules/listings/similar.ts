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
import { asCards, isPublic, isPublicL, listingRowsSql, type ListingRow } from './read.js';

export const SIMILAR_LIMIT = 8;
/** The price band around the listing's USD price. */
export const SIMILAR_PRICE_BAND = 0.35;

export interface SimilarAnswer {
  items: ListingRead[];
  /** Whether the listing itself is public: its answer may be cached by anyone (a private one only by its reader). */
  public: boolean;
}

/**
 * One statement: the listing (for the 404 decision) and the ids of its similar listings with their rows
 * (listing_rows, as search does). The four tiers are separate ordered index scans under one LIMIT: PostgreSQL
 * runs the branches of a UNION ALL one after the other and stops as soon as the limit is reached, so a listing
 * whose district has 8 matches never reads the rest of its governorate or the country. The tiers are disjoint,
 * so nothing is listed twice.
 */
export async function similarListings(db: Database, storage: Storage, user: AuthUser | null, id: number): Promise<SimilarAnswer> {
  const low = 1 - SIMILAR_PRICE_BAND;
  const high = 1 + SIMILAR_PRICE_BAND;
  const match = sql`${isPublicL} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
    and (me.price_usd is null or l.price_usd between me.price_usd * ${low} and me.price_usd * ${high})`;
  // Ascending distance puts listings without a point (a null distance) after those with one; ties newest first.
  const near = sql`l.location <-> me.location, l.created_at desc, l.id desc`;
  const ids = sql<number[]>`array(select s.id from (
      (select l.id from listings l where ${match} and l.district_id = me.district_id
        order by ${near} limit ${SIMILAR_LIMIT})
      union all
      (select l.id from listings l where ${match} and l.governorate_id = me.governorate_id and (l.district_id = me.district_id) is not true
        order by ${near} limit ${SIMILAR_LIMIT})
      union all
      (select l.id from listings l where ${match} and (l.governorate_id = me.governorate_id) is not true
        and me.location is not null and l.location is not null
        order by l.location <-> me.location limit ${SIMILAR_LIMIT})
      union all
      (select l.id from listings l where ${match} and (l.governorate_id = me.governorate_id) is not true
        and (me.location is null or l.location is null)
        order by l.created_at desc, l.id desc limit ${SIMILAR_LIMIT})
    ) s limit ${SIMILAR_LIMIT})`;
  const [res, names] = await Promise.all([
    sql<{ owner_id: number; public: boolean; rows: ListingRow[] }>`
      with me as materialized (
        select id, owner_id, status, is_active, withheld, listing_type, property_type, governorate_id, district_id, location, price_usd
        from listings where id = ${id}
      )
      select me.owner_id, ${isPublic} as public, ${listingRowsSql(ids)} as rows from me`.execute(db),
    placeNames(db),
  ]);
  const me = res.rows[0];
  // As GET /listings/{id}: the public sees public listings only; the owner and admins also their own hidden one.
  if (!me) throw notFound();
  if (!me.public && !(user && (user.id === me.owner_id || user.role === 'ADMIN'))) throw notFound();
  return { items: asCards(me.rows, names, storage), public: me.public };
}
