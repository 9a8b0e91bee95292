/**
 * Search at 100,000 listings (issue 8, `npm run bench`): the page and its capped count read indexes only,
 * never the wide listing rows, for the common filters.
 *  - newest first with the structured filter columns included: "no filter", type, price, bedrooms and
 *    deep pages walk it in order and filter inside it (replaces listings_public_newest_idx);
 *  - per governorate the same columns, so governorate + type/price counts skip the heap;
 *  - the map's GiST carries the sort keys, so a bounds or polygon page is an index-only scan plus a
 *    top-N sort instead of one heap fetch per listing in the area (~3,000 in a city box).
 * VACUUM keeps the visibility map current (autovacuum on a server), which index-only scans rely on.
 */
export const up = `
create index if not exists listings_public_newest_cover_idx on listings (created_at desc, id desc)
  include (listing_type, property_type, governorate_id, district_id, uzlah_id, village_id, price_usd, bedrooms, bathrooms, area_sqm, build_year, location)
  where status = 'approved' and is_active;
drop index if exists listings_public_newest_idx;
create index if not exists listings_public_gov_cover_idx on listings (governorate_id, created_at desc, id desc)
  include (listing_type, property_type, district_id, price_usd, bedrooms, bathrooms, area_sqm, build_year)
  where status = 'approved' and is_active;
drop index if exists listings_public_gov_idx;
create index if not exists listings_public_location_cover_idx on listings using gist (location)
  include (created_at, id, price_usd, area_sqm)
  where status = 'approved' and is_active;
drop index if exists listings_public_location_idx;
`;
