/**
 * Accounts people can recover and trust (issue 20).
 *
 * users.email_verified: the address was proved by following a link sent to it (or Google said so). Accounts
 * made before this migration never proved theirs, so they start unverified (they see the banner and can ask
 * for a link); those linked to Google are verified, since Google sign-in only ever accepted verified addresses.
 * users.pending_email: an e-mail change waiting for its link; `email` stays until the link is followed.
 *
 * auth_sessions: every bearer token names a session (its `sid`), checked with the user's row on each request
 * (one join by primary key). Ending sessions is deleting rows: password change, reset, e-mail change and
 * "sign out everywhere" take effect on the next request, on every server.
 *
 * auth_tokens: single-use links (verification, password reset), stored only as the SHA-256 of the token.
 *
 * listing_rows gains the owner's email_verified (the "verified e-mail" mark on listings), and a change of it
 * moves the revision of the owner's listings, as the other owner fields do (migration 009).
 * Statements here keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
alter table users add column if not exists email_verified boolean not null default false;
alter table users add column if not exists pending_email text;
update users set email_verified = true where google_id is not null;

create table auth_sessions (
  id text primary key,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_sessions_user_idx on auth_sessions (user_id);

create table auth_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'password_reset')),
  token_hash text not null unique,
  email text not null,
  session_id text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_tokens_user_idx on auth_tokens (user_id, purpose);

drop trigger if exists users_listings_rev on users;
create trigger users_listings_rev after update of email, first_name, last_name, full_name, phone_number, email_verified on users for each row
  when ((old.email, old.first_name, old.last_name, old.full_name, old.phone_number, old.email_verified) is distinct from (new.email, new.first_name, new.last_name, new.full_name, new.phone_number, new.email_verified))
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
