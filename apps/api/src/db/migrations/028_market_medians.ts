/**
 * District medians of price per m² (issue 29, modules/market). GET /market/insights and a listing's market
 * position read the public listings with a price and an area, grouped per district and property type, for one
 * listing type and a governorate (or one district, whose governorate the statement looks up). This index holds
 * exactly those rows, keyed in that order, with the two numbers the median needs: the read is an index-only scan
 * of the matching range, never of the table. Partial on read.ts's isPublic spelled out, as a migration must.
 */
export const up = `
create index if not exists listings_public_market_idx on listings (listing_type, governorate_id, district_id, property_type)
  include (price_usd, area_sqm)
  where status = 'approved' and is_active and withheld = '{}' and price_usd is not null and area_sqm > 0 and district_id is not null;
`;
