/**
 * Similar homes (issue 28, modules/listings/similar.ts).
 *
 * similar_listing_ids(listing_id, lim): the ids of up to `lim` public listings like this one, in order. The same
 * listing type and property type, priced within ±35% of it in USD when it has a price (SIMILAR_PRICE_BAND), never
 * itself; tier by tier: its district, the rest of its governorate, the rest of the country with a point by
 * distance, then those without a point (newest first). Within a tier, nearest first, listings without a point
 * last. Each tier is two branches of which one runs (with the band, or every price for a listing without one:
 * their conditions on `me` are one-time filters), and PostgreSQL runs the branches of the UNION ALL in order and
 * stops as soon as `lim` are found, so a district with 8 matches reads nothing more. A function, as listing_rows
 * (migration 007) is, so that its statement is planned once per connection: planned on every request it cost
 * more than it ran (p50 6 against 2.6 ms at one connection, 100,000 listings, PostgreSQL 15). The public
 * condition is read.ts's isPublic, spelled out here as SQL in a migration must be.
 *
 * The indexes: each tier reads one of them alone, index-only, over the listing's types, its place and its price
 * band: the district's listings (tier 1), the governorate's (tier 2), the country's (tiers 3 and 4), filtering on
 * the included district, governorate and point. With only the indexes of migration 001 a tier read the district's
 * or the governorate's rows from the table (2,300 and 27,500 rows at 100,000 listings: 160 and 480 ms cold); with
 * only the third index, a dense price band (6,900 entries) for the district's 8. Partial on the whole public
 * condition (withheld included), so no row is fetched to check it. Statements here keep their semicolons
 * mid-line (see splitStatements in migrate.ts).
 */
const PUBLIC = `status = 'approved' and is_active and withheld = '{}'`;
const PUBLIC_L = `(l.status = 'approved' and l.is_active and l.withheld = '{}')`;
const LOW = 0.65;
const HIGH = 1.35;
export const up = `
create index if not exists listings_public_similar_district_idx on listings (listing_type, property_type, district_id, price_usd)
  include (governorate_id, location, created_at, id) where ${PUBLIC};
create index if not exists listings_public_similar_gov_idx on listings (listing_type, property_type, governorate_id, price_usd)
  include (district_id, location, created_at, id) where ${PUBLIC};
create index if not exists listings_public_similar_idx on listings (listing_type, property_type, price_usd)
  include (governorate_id, district_id, location, created_at, id) where ${PUBLIC};

create or replace function similar_listing_ids(listing_id integer, lim integer) returns integer[]
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin return (
  with me as materialized (
    select id, listing_type, property_type, governorate_id, district_id, location, price_usd from listings where id = listing_id
  )
  select array(select s.id from (
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is not null and l.price_usd between me.price_usd * ${LOW} and me.price_usd * ${HIGH}
      and l.governorate_id = me.governorate_id and l.district_id = me.district_id
      order by l.location <-> me.location, l.created_at desc, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is null
      and l.governorate_id = me.governorate_id and l.district_id = me.district_id
      order by l.location <-> me.location, l.created_at desc, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is not null and l.price_usd between me.price_usd * ${LOW} and me.price_usd * ${HIGH}
      and l.governorate_id = me.governorate_id and (l.district_id = me.district_id) is not true
      order by l.location <-> me.location, l.created_at desc, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is null
      and l.governorate_id = me.governorate_id and (l.district_id = me.district_id) is not true
      order by l.location <-> me.location, l.created_at desc, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is not null and l.price_usd between me.price_usd * ${LOW} and me.price_usd * ${HIGH}
      and (l.governorate_id = me.governorate_id) is not true and me.location is not null and l.location is not null
      order by l.location <-> me.location, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is null
      and (l.governorate_id = me.governorate_id) is not true and me.location is not null and l.location is not null
      order by l.location <-> me.location, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is not null and l.price_usd between me.price_usd * ${LOW} and me.price_usd * ${HIGH}
      and (l.governorate_id = me.governorate_id) is not true and (me.location is null or l.location is null)
      order by l.created_at desc, l.id desc limit lim)
    union all
    (select l.id from listings l, me where ${PUBLIC_L} and l.listing_type = me.listing_type and l.property_type = me.property_type and l.id <> me.id
      and me.price_usd is null
      and (l.governorate_id = me.governorate_id) is not true and (me.location is null or l.location is null)
      order by l.created_at desc, l.id desc limit lim)
  ) s limit lim)); end
$$;
`;
