/**
 * What issue 28 builds on: why a public listing may be kept out of public view, when it expires, and how its
 * owner wants to be reached.
 *
 * - `listings.withheld`: the reasons an approved, active listing is not shown to the public, each set and
 *   cleared by its own path: `expired` (90 days after it was last published or renewed), `off_market` (sold or
 *   rented more than 14 days ago), `reported` (held after 3 different reporters until an admin decides),
 *   `hidden` (an admin hid it) and `blocked` (its owner is blocked). A set, not one state, so unblocking an owner
 *   does not bring back a listing that has also expired. Public is `status = 'approved' and is_active and
 *   withheld = '{}'` (isPublic in modules/listings/read.ts); the partial indexes on approved and active still
 *   serve it, as the few withheld rows are filtered after.
 * - `listings.expires_at`: when a public listing expires.
 * - `users.whatsapp_number` (digits with the country code) and `users.contact_methods` (any of call, whatsapp,
 *   email; at least one): how the owner wants to be reached. A method shows only where it can work (a call needs
 *   a phone, WhatsApp a WhatsApp number), so all three by default.
 *
 * The alert trigger (migration 020) also fires when a listing's last reason is cleared (renewed, dismissed,
 * unblocked); the owner trigger (009, last replaced by 010) moves the revision of an owner's listings when the new fields change;
 * listing_rows (last replaced by 011) gains the new columns. Statements here keep their semicolons mid-line
 * (see splitStatements in migrate.ts).
 */
export const up = `
alter table listings add column if not exists withheld text[] not null default '{}';
alter table listings add constraint listings_withheld_known check (withheld <@ array['expired','off_market','reported','hidden','blocked']::text[]);
alter table listings add column if not exists expires_at timestamptz;
alter table users add column if not exists whatsapp_number text;
alter table users add column if not exists contact_methods text[] not null default array['call','whatsapp','email']::text[];
alter table users add constraint users_contact_methods_known check (contact_methods <@ array['call','whatsapp','email']::text[] and cardinality(contact_methods) > 0);

drop trigger if exists listings_alert_job on listings;
create trigger listings_alert_job after update of status, is_active, withheld on listings for each row
  when (new.status = 'approved' and new.is_active and new.withheld = '{}' and not (old.status = 'approved' and old.is_active and old.withheld = '{}'))
  execute function listings_alert_job();

drop trigger if exists users_listings_rev on users;
create trigger users_listings_rev after update of email, first_name, last_name, full_name, phone_number, email_verified, whatsapp_number, contact_methods on users for each row
  when ((old.email, old.first_name, old.last_name, old.full_name, old.phone_number, old.email_verified, old.whatsapp_number, old.contact_methods) is distinct from (new.email, new.first_name, new.last_name, new.full_name, new.phone_number, new.email_verified, new.whatsapp_number, new.contact_methods))
  execute function listings_rev_from_owner();

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
      (select json_agg(m) from (select m.id, m.storage_key, m.widths, m.width, m.height, m.position from listing_media m
        where m.listing_id = l.id order by m.position, m.id limit case when summary then 1 end) m) as media_rows
    from unnest(ids) with ordinality as p(id, rn)
    join listings l on l.id = p.id
    join users u on u.id = l.owner_id
  ) r); end
$$;
`;
