/** The whole first schema. Plain PostgreSQL that runs unchanged on PGlite and on a server. */
export const up = /* sql */ `
create extension if not exists pg_trgm;

create table app_meta (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

-- Locations: ids are global, numbered in document order of the data set (spec §9 governorate ids).
create table governorates (
  id integer primary key,
  name_en text not null,
  name_ar text not null,
  name_en_norm text not null,
  name_ar_norm text not null,
  latitude double precision,
  longitude double precision
);
create table districts (
  id integer primary key,
  governorate_id integer not null references governorates(id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  name_en_norm text not null,
  name_ar_norm text not null,
  latitude double precision,
  longitude double precision
);
create index districts_governorate_idx on districts (governorate_id);
create table uzaal (
  id integer primary key,
  district_id integer not null references districts(id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  name_en_norm text not null,
  name_ar_norm text not null,
  latitude double precision,
  longitude double precision
);
create index uzaal_district_idx on uzaal (district_id);
create table villages (
  id integer primary key,
  uzlah_id integer not null references uzaal(id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  name_en_norm text not null,
  name_ar_norm text not null,
  latitude double precision,
  longitude double precision
);
create index villages_uzlah_idx on villages (uzlah_id);

-- One row per place of any level, for the location search (trigram over both languages).
create table location_search (
  level text not null check (level in ('governorate','district','uzlah','village')),
  id integer not null,
  level_rank smallint not null,
  governorate_id integer not null,
  district_id integer,
  uzlah_id integer,
  village_id integer,
  name_en text not null,
  name_ar text not null,
  name_en_norm text not null,
  name_ar_norm text not null,
  display_en text not null,
  display_ar text not null,
  terms text not null,
  primary key (level, id)
);
create index location_search_terms_trgm on location_search using gin (terms gin_trgm_ops);
create index location_search_ar_idx on location_search (name_ar_norm text_pattern_ops);
create index location_search_en_idx on location_search (name_en_norm text_pattern_ops);

create table users (
  id serial primary key,
  email text not null,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  full_name text not null default '',
  phone_number text,
  role text not null default 'USER' check (role in ('USER','ADMIN')),
  google_id text unique,
  profile_picture_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower_idx on users (lower(email));

create table listings (
  id serial primary key,
  owner_id integer not null references users(id) on delete cascade,
  listing_type text not null check (listing_type in ('FOR_SALE','FOR_RENT')),
  title_en text not null,
  title_ar text not null,
  description_en text not null,
  description_ar text not null,
  price double precision,
  old_price double precision,
  currency text not null default 'YER' check (currency in ('YER','USD','SAR')),
  price_usd double precision,
  is_active boolean not null default true,
  status text not null default 'pending' check (status in ('pending','approved','rejected')),
  rejection_reason text,
  availability text not null default 'available' check (availability in ('available','sold','rented')),
  views integer not null default 0,
  inquiries integer not null default 0,
  -- the property, one-to-one with its listing: kept in the same row so search needs no join
  property_type text not null check (property_type in ('APARTMENT','HOUSE','VILLA','LAND','OFFICE','COMMERCIAL_SPACE')),
  bedrooms integer,
  bathrooms integer,
  parking_spaces integer,
  area_sqm integer,
  build_year integer,
  latitude double precision,
  longitude double precision,
  location point,
  address_details_en text,
  address_details_ar text,
  governorate_id integer references governorates(id) on delete set null,
  district_id integer references districts(id) on delete set null,
  uzlah_id integer references uzaal(id) on delete set null,
  village_id integer references villages(id) on delete set null,
  search_text text not null default '',
  created_at timestamptz not null default now(),
  posted_at timestamptz,
  updated_at timestamptz not null default now()
);
create index listings_owner_idx on listings (owner_id, created_at desc);
create index listings_status_idx on listings (status, created_at desc);
-- Public search only ever reads approved, active listings: partial indexes keep them small.
create index listings_public_newest_idx on listings (created_at desc, id desc) where status = 'approved' and is_active;
create index listings_public_gov_idx on listings (governorate_id, created_at desc) where status = 'approved' and is_active;
create index listings_public_district_idx on listings (district_id) where status = 'approved' and is_active;
create index listings_public_uzlah_idx on listings (uzlah_id) where status = 'approved' and is_active and uzlah_id is not null;
create index listings_public_village_idx on listings (village_id) where status = 'approved' and is_active and village_id is not null;
create index listings_public_type_idx on listings (listing_type, property_type, created_at desc) where status = 'approved' and is_active;
create index listings_public_price_idx on listings (price_usd) where status = 'approved' and is_active;
create index listings_public_area_idx on listings (area_sqm) where status = 'approved' and is_active;
create index listings_public_bedrooms_idx on listings (bedrooms, price_usd) where status = 'approved' and is_active;
create index listings_public_location_idx on listings using gist (location) where status = 'approved' and is_active;
create index listings_public_text_trgm on listings using gin (search_text gin_trgm_ops) where status = 'approved' and is_active;

create table listing_media (
  id serial primary key,
  listing_id integer not null references listings(id) on delete cascade,
  storage_key text not null,
  widths integer[] not null,
  width integer not null,
  height integer not null,
  bytes integer not null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index listing_media_listing_idx on listing_media (listing_id, position, id);

create table moderation_events (
  id serial primary key,
  listing_id integer not null references listings(id) on delete cascade,
  admin_id integer references users(id) on delete set null,
  action text not null check (action in ('approve','reject','resubmit')),
  reason text,
  created_at timestamptz not null default now()
);
create index moderation_events_listing_idx on moderation_events (listing_id, created_at desc);

create table contact_messages (
  id serial primary key,
  kind text not null check (kind in ('platform','listing')),
  listing_id integer references listings(id) on delete set null,
  recipient_user_id integer references users(id) on delete cascade,
  sender_user_id integer references users(id) on delete set null,
  sender_name text not null,
  sender_email text,
  sender_phone text,
  message text not null,
  sender_ip text,
  created_at timestamptz not null default now()
);
create index contact_messages_recipient_idx on contact_messages (recipient_user_id);
create index contact_messages_listing_idx on contact_messages (listing_id);

-- Durable outbox: mail is written here first and delivered by a worker with retries.
create table mail_outbox (
  id serial primary key,
  to_address text not null,
  reply_to text,
  subject text not null,
  body_text text not null,
  body_html text,
  status text not null default 'pending' check (status in ('pending','sending','sent','failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  contact_message_id integer references contact_messages(id) on delete cascade,
  recipient_user_id integer references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status in ('pending','sending');
`;
