/**
 * Sorting by price or area walks an index in that order. Every order puts listings still available first (issue
 * 24, search/service.ts orderBy), so an index on the price alone no longer matched any ORDER BY: a search sorted
 * by price read every public row and sorted them (26 ms for all of Yemen at 100,000 listings, 36 ms for a deep
 * page, most of it in parallel workers; ten times that at a million). These indexes are spelled as orderBy spells
 * the orders, one per direction of the price (a backward scan would put sold and rented homes first), so the first
 * page reads its 12 rows. The price-only index had no other use (range filters go through the covering indexes)
 * and goes; the area's stays for area ranges. Statements keep their semicolons mid-line (see migrate.ts).
 */
const PUBLIC = `status = 'approved' and is_active and withheld = '{}'`;
const AVAILABLE_FIRST = `(availability <> 'available')`;

export const up = `
drop index if exists listings_public_price_idx;
create index if not exists listings_public_price_asc_idx on listings (${AVAILABLE_FIRST}, price_usd asc nulls last, id desc) where ${PUBLIC};
create index if not exists listings_public_price_desc_idx on listings (${AVAILABLE_FIRST}, price_usd desc nulls last, id desc) where ${PUBLIC};
create index if not exists listings_public_area_desc_idx on listings (${AVAILABLE_FIRST}, area_sqm desc nulls last, id desc) where ${PUBLIC};
`;
