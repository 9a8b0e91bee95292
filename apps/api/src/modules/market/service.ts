/**
 * District medians of price per m² in USD (issue 29): over public listings with a price and an area, per
 * district and property type, one listing type at a time (sale and rent are never mixed). A figure is given only
 * when at least MARKET_MIN_LISTINGS listings back it. Rent prices are monthly by the product's rule (spec §9's
 * per-month suffix; no rent period is stored), so rent medians are USD per m² per month.
 *
 * Each answer is one statement over listings_public_market_idx (migration 028): percentile_cont in the database,
 * an index-only scan of the range asked about. Nothing is written.
 */
import { sql } from 'kysely';
import { MARKET_MIN_LISTINGS, type MarketInsights, type MarketInsightsQuery, type MarketPosition, type PropertyType } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isPublicL } from '../listings/read.js';
import { placeNames } from '../locations/names.js';

/** The rows a median is taken over: listings_public_market_idx's own predicate (migration 028), for `alias`. */
const counted = (alias: 'l' | 'o') =>
  sql.raw(
    `(${alias}.status = 'approved' and ${alias}.is_active and ${alias}.withheld = '{}' and ${alias}.price_usd is not null and ${alias}.area_sqm > 0 and ${alias}.district_id is not null)`,
  );

const cents = (v: number) => Math.round(v * 100) / 100;
const pricePeriod = (listingType: string) => (listingType === 'FOR_RENT' ? ('month' as const) : ('total' as const));

interface MedianRow {
  governorate_id: number;
  district_id: number;
  property_type: PropertyType;
  median: number;
  listings: number;
}

export async function marketInsights(db: Database, q: MarketInsightsQuery): Promise<MarketInsights> {
  const conditions = [counted('l'), sql`l.listing_type = ${q.listing_type}`];
  if (q.governorate_id !== undefined) conditions.push(sql`l.governorate_id = ${q.governorate_id}`);
  if (q.district_id !== undefined) {
    // The governorate too, so the index's range starts at the district (a listing's district lies in its governorate).
    conditions.push(sql`l.governorate_id = (select d.governorate_id from districts d where d.id = ${q.district_id})`);
    conditions.push(sql`l.district_id = ${q.district_id}`);
  }
  if (q.property_type !== undefined) conditions.push(sql`l.property_type = ${q.property_type}`);
  const [res, names] = await Promise.all([
    sql<MedianRow>`
      select l.governorate_id, l.district_id, l.property_type,
        percentile_cont(0.5) within group (order by l.price_usd / l.area_sqm) as median, count(*)::int as listings
      from listings l
      where ${sql.join(conditions, sql` and `)}
      group by l.governorate_id, l.district_id, l.property_type
      having count(*) >= ${MARKET_MIN_LISTINGS}
      order by median desc, l.district_id, l.property_type`.execute(db),
    placeNames(db),
  ]);
  return {
    listing_type: q.listing_type,
    governorate_id: q.governorate_id ?? null,
    district_id: q.district_id ?? null,
    currency: 'USD',
    price_period: pricePeriod(q.listing_type),
    min_listings: MARKET_MIN_LISTINGS,
    districts: res.rows.map((r) => {
      const place = names.districts.get(r.district_id);
      return {
        district_id: r.district_id,
        governorate_id: r.governorate_id,
        name_en: place?.name_en ?? String(r.district_id),
        name_ar: place?.name_ar || place?.name_en || String(r.district_id),
        property_type: r.property_type,
        median_usd_per_sqm: cents(r.median),
        listings: r.listings,
      };
    }),
  };
}

interface PositionRow {
  owner_id: number;
  public: boolean;
  listing_type: 'FOR_SALE' | 'FOR_RENT';
  property_type: PropertyType;
  governorate_id: number | null;
  district_id: number | null;
  usd_per_sqm: number | null;
  median: number | null;
  listings: number;
}

export interface PositionAnswer {
  body: MarketPosition;
  /** Whether the listing is public: its answer may be cached by anyone (a private one only by its reader). */
  public: boolean;
}

/**
 * A listing beside its district's median for its listing and property type: one statement, the listing and the
 * median of the public listings like it (itself included when public). 404 as GET /listings/{id} answers: the
 * public asks about public listings only, the owner and admins also about their own non-public one.
 */
export async function marketPosition(db: Database, user: AuthUser | null, id: number): Promise<PositionAnswer> {
  const [res, names] = await Promise.all([
    sql<PositionRow>`
      select l.owner_id, ${isPublicL} as public, l.listing_type, l.property_type, l.governorate_id, l.district_id,
        case when l.price_usd is not null and l.area_sqm > 0 then l.price_usd / l.area_sqm end as usd_per_sqm,
        m.median, m.listings
      from listings l
      cross join lateral (
        select percentile_cont(0.5) within group (order by o.price_usd / o.area_sqm) as median, count(*)::int as listings
        from listings o
        where ${counted('o')} and o.listing_type = l.listing_type and o.governorate_id = l.governorate_id
          and o.district_id = l.district_id and o.property_type = l.property_type
      ) m
      where l.id = ${id}`.execute(db),
    placeNames(db),
  ]);
  const me = res.rows[0];
  if (!me) throw notFound();
  if (!me.public && !(user && (user.id === me.owner_id || user.role === 'ADMIN'))) throw notFound();
  const enough = me.usd_per_sqm != null && me.median != null && me.median > 0 && me.listings >= MARKET_MIN_LISTINGS;
  if (!enough || me.district_id == null || me.governorate_id == null) return { body: { listing_id: id, comparison: null }, public: me.public };
  const place = names.districts.get(me.district_id);
  return {
    public: me.public,
    body: {
      listing_id: id,
      comparison: {
        listing_type: me.listing_type,
        property_type: me.property_type,
        district_id: me.district_id,
        governorate_id: me.governorate_id,
        name_en: place?.name_en ?? String(me.district_id),
        name_ar: place?.name_ar || place?.name_en || String(me.district_id),
        usd_per_sqm: cents(me.usd_per_sqm!),
        median_usd_per_sqm: cents(me.median!),
        listings: me.listings,
        // Compared unrounded: the rounding to cents is for display only.
        difference_pct: Math.round((me.usd_per_sqm! / me.median! - 1) * 100) || 0,
        price_period: pricePeriod(me.listing_type),
      },
    },
  };
}
