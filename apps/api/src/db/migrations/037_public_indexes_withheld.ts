/**
 * The public partial indexes carry the whole public condition, `withheld = '{}'` included: migration 021 added it
 * to what "public" means and left these indexes on approved and active. With the condition outside an index,
 * each row a scan of it yields is read from the table to check `withheld` (no index-only scan, so a deep page
 * read thousands of table pages), and the planner turned to the similar-homes indexes, which carry it, for
 * counts it then walked from end to end (a price floor, a district). Each index is built again under its own
 * name with the same keys. The trigram GIN stays: a bitmap scan reads the table rows anyway.
 */
const PUBLIC = `status = 'approved' and is_active and withheld = '{}'`;
const ORDER = `((availability <> 'available'), created_at desc, id desc)`;
const FLAGS = ['solar_power', 'generator', 'water_tank', 'well', 'furnished', 'majlis', 'roof_access'];

/** [name, what follows `on listings`, anything the predicate adds to PUBLIC]. */
const INDEXES: [string, string, string?][] = [
  ['listings_public_district_idx', '(district_id)'],
  ['listings_public_uzlah_idx', '(uzlah_id)', 'uzlah_id is not null'],
  ['listings_public_village_idx', '(village_id)', 'village_id is not null'],
  ['listings_public_type_idx', '(listing_type, property_type, created_at desc)'],
  ['listings_public_price_idx', '(price_usd)'],
  ['listings_public_area_idx', '(area_sqm)'],
  ['listings_public_bedrooms_idx', '(bedrooms, price_usd)'],
  ['listings_public_floor_idx', '(floor_number)', 'floor_number is not null'],
  ...FLAGS.map((f): [string, string, string] => [`listings_public_${f}_idx`, ORDER, f]),
  ['listings_public_parking_idx', ORDER, 'parking_spaces > 0'],
  ['listings_public_avail_newest_slim_idx', `${ORDER} include (availability)`],
  [
    'listings_public_avail_newest_cover_idx',
    `${ORDER} include (availability, listing_type, property_type, governorate_id, district_id, uzlah_id, village_id, price_usd, bedrooms, bathrooms, area_sqm, build_year, location)`,
  ],
  [
    'listings_public_avail_gov_cover_idx',
    `(governorate_id, (availability <> 'available'), created_at desc, id desc) include (availability, listing_type, property_type, district_id, price_usd, bedrooms, bathrooms, area_sqm, build_year)`,
  ],
  ['listings_public_avail_location_cover_idx', 'using gist (location) include (availability, created_at, id, price_usd, area_sqm)'],
];

export const up = INDEXES.map(
  ([name, keys, extra]) => `drop index if exists ${name};
create index ${name} on listings ${keys} where ${PUBLIC}${extra ? ` and ${extra}` : ''};`,
).join('\n');
