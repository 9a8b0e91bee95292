/**
 * Listings sold or rented come after the available ones in every order of search (issue 24): the search
 * orders by `(availability <> 'available')` first, then its sort key. The newest-first indexes of migrations
 * 006 and 008 and the map's GiST are built again with that expression leading (and the availability column
 * included, which the planner needs to answer the expression from the index alone), so newest first still
 * walks an index, index-only, at no extra cost (EXPLAIN at 100,000 listings on PostgreSQL 15: the same plans
 * and timings as before). New names first, then the old indexes go.
 */
export const up = `
create index if not exists listings_public_avail_newest_slim_idx on listings ((availability <> 'available'), created_at desc, id desc)
  include (availability)
  where status = 'approved' and is_active;
drop index if exists listings_public_newest_slim_idx;
create index if not exists listings_public_avail_newest_cover_idx on listings ((availability <> 'available'), created_at desc, id desc)
  include (availability, listing_type, property_type, governorate_id, district_id, uzlah_id, village_id, price_usd, bedrooms, bathrooms, area_sqm, build_year, location)
  where status = 'approved' and is_active;
drop index if exists listings_public_newest_cover_idx;
create index if not exists listings_public_avail_gov_cover_idx on listings (governorate_id, (availability <> 'available'), created_at desc, id desc)
  include (availability, listing_type, property_type, district_id, price_usd, bedrooms, bathrooms, area_sqm, build_year)
  where status = 'approved' and is_active;
drop index if exists listings_public_gov_cover_idx;
create index if not exists listings_public_avail_location_cover_idx on listings using gist (location)
  include (availability, created_at, id, price_usd, area_sqm)
  where status = 'approved' and is_active;
drop index if exists listings_public_location_cover_idx;
`;
