/**
 * Data saver (issue 30): a photo is shown as a placeholder with its size in KB until the visitor taps it, so the
 * size of each WebP variant is kept: `listing_media.variant_bytes[i]` is the size of the `widths[i]` file. Null
 * for photos stored before this migration; a start-up worker (modules/media/variant-bytes.ts) fills those from
 * storage. listing_rows (last replaced by 021) returns the new column.
 */
export const up = `
alter table listing_media add column if not exists variant_bytes integer[];

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
      l.withheld, l.expires_at at time zone 'UTC' as expires_at,
      case when summary then '' else l.description_en end as description_en,
      case when summary then '' else l.description_ar end as description_ar,
      u.email as owner_email, u.first_name as owner_first_name, u.last_name as owner_last_name,
      u.full_name as owner_full_name, u.phone_number as owner_phone, u.email_verified as owner_email_verified,
      u.whatsapp_number as owner_whatsapp, u.contact_methods as owner_contact_methods,
      (select json_agg(m) from (select m.id, m.storage_key, m.widths, m.variant_bytes, m.width, m.height, m.position from listing_media m
        where m.listing_id = l.id order by m.position, m.id limit case when summary then 1 end) m) as media_rows
    from unnest(ids) with ordinality as p(id, rn)
    join listings l on l.id = p.id
    join users u on u.id = l.owner_id
  ) r); end
$$;
`;
