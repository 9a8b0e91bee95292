/**
 * listing_rows(ids, summary): the listings with these ids, in that order, as one JSON array of rows with
 * their owner's fields and their images (what read.ts turns into the spec §3 shape). Every read of listings
 * comes here: search pages, details, my listings, moderation.
 *
 * Why a function: PostgreSQL plans a statement on every call when its values may change the plan (the pool
 * runs with plan_cache_mode = force_custom_plan, see db/client.ts), and planning the join of a page's rows to
 * their owner and images cost more than running it (0.5–0.7 ms of a search's ~1.2 ms at 100,000 listings,
 * `npm run bench`). Reading rows by id has one right plan whatever the ids, so this function's statement is
 * planned once per connection (generic plan) and reused; the search statement around it still plans the
 * choice of index for its filters with the values at hand. One JSON value instead of ~40 columns per row is
 * also less for the driver to decode. Times come in UTC without a zone ("2026-01-18T05:01:33.191234", whatever
 * the session's TimeZone), which read.ts turns into the API's form with string operations instead of parsing
 * 36 dates a page (~60 µs); to_char would have cost the database about as much.
 *
 * The column list mirrors read.ts (ListingRow): a column added there must be added here, by a new migration
 * that replaces the function. A summary read (map pins) leaves out the descriptions and all images but the
 * cover. The photos come in the order of their index (listing, position, id), which the aggregate keeps: an
 * ORDER BY inside json_agg would sort them again for every listing (~10 % of the function). Statements here
 * keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
create or replace function listing_rows(ids integer[], summary boolean) returns json
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin return (
  select coalesce(json_agg(r order by r.rn), '[]'::json) from (
    select p.rn, l.id, l.owner_id, l.listing_type, l.title_en, l.title_ar, l.price, l.old_price, l.currency,
      l.price_usd, l.is_active, l.status, l.rejection_reason, l.availability, l.views, l.inquiries,
      l.property_type, l.bedrooms, l.bathrooms, l.parking_spaces, l.area_sqm, l.build_year, l.latitude,
      l.longitude, l.address_details_en, l.address_details_ar, l.governorate_id, l.district_id, l.uzlah_id,
      l.village_id, l.created_at at time zone 'UTC' as created_at, l.posted_at at time zone 'UTC' as posted_at,
      l.updated_at at time zone 'UTC' as updated_at,
      case when summary then '' else l.description_en end as description_en,
      case when summary then '' else l.description_ar end as description_ar,
      u.email as owner_email, u.first_name as owner_first_name, u.last_name as owner_last_name,
      u.full_name as owner_full_name, u.phone_number as owner_phone,
      (select json_agg(m) from (select m.id, m.storage_key, m.widths, m.width, m.height, m.position from listing_media m
        where m.listing_id = l.id order by m.position, m.id limit case when summary then 1 end) m) as media_rows
    from unnest(ids) with ordinality as p(id, rn)
    join listings l on l.id = p.id
    join users u on u.id = l.owner_id
  ) r); end
$$;
`;
