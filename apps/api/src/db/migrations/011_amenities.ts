/**
 * Amenities (issue 24): power and water when the grid and the mains fail (solar power, a generator, a water
 * tank, a well), furnished, a majlis, roof access, and the floor a flat is on. Parking is the existing
 * parking_spaces. Flags are booleans, false unless the owner says so (no table rewrite: a constant default).
 *
 * Each flag a visitor filters by gets a partial index of the public listings that have it, in the order of
 * search (available first, then newest, as migration 012 orders): "solar power, newest first" walks the few
 * listings with solar power in order and stops at the page, instead of the newest-first index skipping every
 * listing without it. A floor range reads its own index. Two flags at once walk the rarer one's index.
 *
 * Text search (issue 24): every listing's search_text ends with its type and deal in both languages, as
 * typeWords() in modules/listings/search-text.ts writes them from now on ("فيلا للبيع" finds villas for sale).
 *
 * listing_rows (migration 007, last replaced by 010) gains the new columns. Statements here keep their
 * semicolons mid-line (see splitStatements in migrate.ts).
 */
import { LISTING_TYPE_LABELS, PROPERTY_TYPE_LABELS, normalizeText } from '@manzil/shared';

const FLAGS = ['solar_power', 'generator', 'water_tank', 'well', 'furnished', 'majlis', 'roof_access'];
const PUBLIC = `status = 'approved' and is_active`;
const ORDER = `((availability <> 'available'), created_at desc, id desc)`;
/** What buildSearchText appends for typeWords(): ' • ' between parts, each normalised. */
const sqlText = (s: string) => `'${normalizeText(s).replace(/'/g, "''")}'`;
const caseOf = (column: string, labels: Record<string, { en: string; ar: string }>, lang: 'en' | 'ar') =>
  `case ${column} ${Object.entries(labels).map(([k, v]) => `when '${k}' then ${sqlText(v[lang])}`).join(' ')} end`;
const TYPE_WORDS = [
  caseOf('property_type', PROPERTY_TYPE_LABELS, 'ar'),
  caseOf('property_type', PROPERTY_TYPE_LABELS, 'en'),
  caseOf('listing_type', LISTING_TYPE_LABELS, 'ar'),
  caseOf('listing_type', LISTING_TYPE_LABELS, 'en'),
].join(` || ' • ' || `);

export const up = `
${FLAGS.map((f) => `alter table listings add column if not exists ${f} boolean not null default false;`).join('\n')}
alter table listings add column if not exists floor_number integer;
alter table listings add constraint listings_floor_number_range check (floor_number between -2 and 60);
${FLAGS.map((f) => `create index if not exists listings_public_${f}_idx on listings ${ORDER} where ${PUBLIC} and ${f};`).join('\n')}
create index if not exists listings_public_parking_idx on listings ${ORDER} where ${PUBLIC} and parking_spaces > 0;
update listings set search_text = case when search_text = '' then '' else search_text || ' • ' end || ${TYPE_WORDS};
create index if not exists listings_public_floor_idx on listings (floor_number) where ${PUBLIC} and floor_number is not null;

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
      l.solar_power, l.generator, l.water_tank, l.well, l.furnished, l.majlis, l.roof_access, l.floor_number,
      case when summary then '' else l.description_en end as description_en,
      case when summary then '' else l.description_ar end as description_ar,
      u.email as owner_email, u.first_name as owner_first_name, u.last_name as owner_last_name,
      u.full_name as owner_full_name, u.phone_number as owner_phone, u.email_verified as owner_email_verified,
      (select json_agg(m) from (select m.id, m.storage_key, m.widths, m.width, m.height, m.position from listing_media m
        where m.listing_id = l.id order by m.position, m.id limit case when summary then 1 end) m) as media_rows
    from unnest(ids) with ordinality as p(id, rn)
    join listings l on l.id = p.id
    join users u on u.id = l.owner_id
  ) r); end
$$;
`;
