/** Kysely's view of the tables (see migrations/). */
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { WithheldReason } from '@manzil/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PlaceTable {
  id: number;
  name_en: string;
  name_ar: string;
  name_en_norm: string;
  name_ar_norm: string;
  latitude: number | null;
  longitude: number | null;
}

export interface DB {
  app_meta: { key: string; value: string; updated_at: Generated<Date> };
  governorates: PlaceTable;
  districts: PlaceTable & { governorate_id: number };
  uzaal: PlaceTable & { district_id: number };
  villages: PlaceTable & { uzlah_id: number };
  location_search: {
    level: 'governorate' | 'district' | 'uzlah' | 'village';
    id: number;
    level_rank: number;
    governorate_id: number;
    district_id: number | null;
    uzlah_id: number | null;
    village_id: number | null;
    name_en: string;
    name_ar: string;
    name_en_norm: string;
    name_ar_norm: string;
    display_en: string;
    display_ar: string;
    terms: string;
  };
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string | null;
    first_name: Generated<string>;
    last_name: Generated<string>;
    full_name: Generated<string>;
    phone_number: string | null;
    role: Generated<'USER' | 'ADMIN'>;
    google_id: string | null;
    profile_picture_url: string | null;
    email_verified: Generated<boolean>;
    pending_email: string | null;
    /** The owner chose to show their e-mail on their listings (issue 25). */
    show_email: Generated<boolean>;
    /** Digits with the country code (issue 28). */
    whatsapp_number: string | null;
    /** How the owner wants to be reached: any of call, whatsapp, email; at least one (issue 28). */
    contact_methods: Generated<('call' | 'whatsapp' | 'email')[]>;
    /** Set while an administrator has blocked the user (issue 28, migration 024). */
    blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  auth_sessions: {
    id: string;
    user_id: number;
    created_at: Generated<Timestamp>;
    expires_at: Timestamp;
  };
  auth_tokens: {
    id: Generated<number>;
    user_id: number;
    purpose: 'verify_email' | 'password_reset';
    token_hash: string;
    email: string;
    session_id: string | null;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Generated<Timestamp>;
  };
  /** Answers to requests sent with an Idempotency-Key (issue 30, migration 031), replayed to the same request. */
  idempotency_keys: {
    id: Generated<string>;
    endpoint: string;
    user_id: number | null;
    key: string;
    request_hash: string;
    response_status: number;
    response_body: unknown;
    created_at: Generated<Date>;
  };
  listing_contact_clicks: {
    listing_id: number;
    channel: 'call' | 'whatsapp';
    clicks: Generated<number>;
  };
  /** Each change of a listing's price or currency (issue 29, migration 027). */
  listing_price_changes: {
    id: Generated<string>;
    listing_id: number;
    old_price: number | null;
    old_currency: 'YER' | 'USD' | 'SAR';
    new_price: number | null;
    currency: 'YER' | 'USD' | 'SAR';
    changed_at: Generated<Date>;
  };
  listings: {
    id: Generated<number>;
    owner_id: number;
    listing_type: 'FOR_SALE' | 'FOR_RENT';
    title_en: string;
    title_ar: string;
    description_en: string;
    description_ar: string;
    price: number | null;
    old_price: number | null;
    currency: Generated<'YER' | 'USD' | 'SAR'>;
    price_usd: number | null;
    is_active: Generated<boolean>;
    status: Generated<'pending' | 'approved' | 'rejected'>;
    rejection_reason: string | null;
    availability: Generated<'available' | 'sold' | 'rented'>;
    views: Generated<number>;
    inquiries: Generated<number>;
    /** Why an approved, active listing is out of public view (migration 021); empty when it is public. */
    withheld: Generated<WithheldReason[]>;
    /** When a public listing expires (issue 28). */
    expires_at: Timestamp | null;
    /** When the owner was reminded of the current expiry (migration 023); null until then. */
    expiry_reminded_at: Timestamp | null;
    /** When the owner last marked it sold, rented or available (migration 023). */
    availability_changed_at: Timestamp | null;
    /** The language the owner last used on it: their expiry reminder's (migration 023). */
    owner_lang: Generated<'ar' | 'en'>;
    property_type: 'APARTMENT' | 'HOUSE' | 'VILLA' | 'LAND' | 'OFFICE' | 'COMMERCIAL_SPACE';
    bedrooms: number | null;
    bathrooms: number | null;
    parking_spaces: number | null;
    area_sqm: number | null;
    build_year: number | null;
    /** Amenities (migration 011): false unless the owner says so; parking is parking_spaces > 0. */
    solar_power: Generated<boolean>;
    generator: Generated<boolean>;
    water_tank: Generated<boolean>;
    well: Generated<boolean>;
    furnished: Generated<boolean>;
    majlis: Generated<boolean>;
    roof_access: Generated<boolean>;
    /** -2 to 60; 0 the ground floor. Only for flats, offices and shops. */
    floor_number: number | null;
    latitude: number | null;
    longitude: number | null;
    /** PostgreSQL point (x = longitude, y = latitude), set from latitude/longitude. */
    location: ColumnType<unknown, unknown, unknown>;
    address_details_en: string | null;
    address_details_ar: string | null;
    governorate_id: number | null;
    district_id: number | null;
    uzlah_id: number | null;
    village_id: number | null;
    search_text: Generated<string>;
    /** search_text's words and what is left of them without an Arabic prefix (migration 038), written by a trigger. */
    search_words: ColumnType<string, never, never>;
    created_at: Timestamp;
    posted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    updated_at: Timestamp;
    /** Moves on every change a reader could see (migration 009); set by triggers, never written by the app. */
    rev: ColumnType<number, never, never>;
  };
  listing_media: {
    id: Generated<number>;
    listing_id: number;
    storage_key: string;
    widths: number[];
    /** Size of each widths[i] file (migration 032); null until the start-up backfill stats older photos. */
    variant_bytes: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
    width: number;
    height: number;
    bytes: number;
    position: Generated<number>;
    created_at: Timestamp;
  };
  moderation_events: {
    id: Generated<number>;
    listing_id: number;
    admin_id: number | null;
    action: 'approve' | 'reject' | 'resubmit';
    reason: string | null;
    created_at: Timestamp;
  };
  contact_messages: {
    id: Generated<number>;
    kind: 'platform' | 'listing';
    listing_id: number | null;
    recipient_user_id: number | null;
    sender_user_id: number | null;
    sender_name: string;
    sender_email: string | null;
    sender_phone: string | null;
    message: string;
    sender_ip: string | null;
    created_at: Timestamp;
    /** When the owner opened it in the app (migration 014); null while unread. */
    read_at: Date | null;
  };
  /** Listings a user keeps (migration 016), with the price and currency they had when kept. */
  favorites: {
    user_id: number;
    listing_id: number;
    saved_at: Timestamp;
    saved_price: number | null;
    saved_currency: 'YER' | 'USD' | 'SAR';
    /** The listing as it was kept, to name it once deleted (migration 042: a favourite outlives its listing). */
    title_en: Generated<string>;
    title_ar: Generated<string>;
    listing_type: 'FOR_SALE' | 'FOR_RENT' | null;
    /** The price the keeper last heard of: when kept, then each price-drop mail (migration 019). */
    notified_price: Generated<number | null>;
    notified_currency: Generated<'YER' | 'USD' | 'SAR' | null>;
    notified_price_usd: Generated<number | null>;
    /** Set by an edit that lowered the price below notified_price_usd; cleared by the price-drop mail job. */
    price_drop_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** Per user who keeps favourites (migration 019): the mail language and when the last price-drop mail went. */
  price_drop_mail: {
    user_id: number;
    lang: Generated<'ar' | 'en'>;
    mailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** When its user turned price-drop mails off; null: on (migration 043). */
    off_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  saved_searches: {
    id: Generated<number>;
    user_id: number;
    name: string;
    /** A POST /listings/search body as searchBody parsed it, without skip, limit and view (migration 018). */
    filters: ColumnType<Record<string, unknown>, string, string>;
    frequency: Generated<'instant' | 'daily' | 'weekly' | 'off'>;
    created_at: Generated<Timestamp>;
    updated_at: Generated<Timestamp>;
    last_seen_at: Generated<Timestamp>;
    /** The language its alerts are written in: the one it was saved in (migration 020). */
    lang: Generated<'ar' | 'en'>;
    /** saved_search_keys(filters) and saved_search_area(filters), kept by PostgreSQL (migration 035). */
    match_keys: GeneratedAlways<string[]>;
    match_area: GeneratedAlways<string | null>;
  };
  /** A listing that became public, to be matched against the saved searches (migration 020); deleted when done. */
  alert_jobs: {
    id: Generated<number>;
    listing_id: number;
    made_public_at: Generated<Timestamp>;
    claimed_until: Timestamp | null;
  };
  /** The searches a listing matched for the first time, one row per matching (migration 039). */
  alert_matches: {
    id: Generated<string>;
    listing_id: number;
    matched_at: Generated<Timestamp>;
    /** Sorted. */
    search_ids: number[];
  };
  /** Of a row of alert_matches, the searches no mail has carried yet, by what they wait for. */
  alert_unsent: {
    match_id: string;
    kind: 'new' | 'instant' | 'daily' | 'weekly';
    listing_id: number;
    matched_at: Timestamp;
    /** null on a `new` row: all of its match's searches. */
    search_ids: number[] | null;
  };
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    reply_to: string | null;
    subject: string;
    body_text: string;
    body_html: string | null;
    status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    locked_until: Date | null;
    last_error: string | null;
    contact_message_id: number | null;
    recipient_user_id: number | null;
    created_at: Timestamp;
    sent_at: Date | null;
    /** Extra headers (name → value) given to the mailer as they are (migration 020: List-Unsubscribe). */
    headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  };
  /** The reports of one listing until an administrator decides (issue 28, migration 024). */
  listing_report_cases: {
    id: Generated<number>;
    listing_id: number;
    status: Generated<'open' | 'dismissed' | 'hidden'>;
    opened_at: Timestamp;
    decided_by: number | null;
    decided_at: Timestamp | null;
    decision_reason: string | null;
  };
  listing_reports: {
    id: Generated<number>;
    case_id: number;
    listing_id: number;
    reporter_user_id: number | null;
    /** `u:<user id>` or `a:<HMAC of the address>`: tells reporters apart without keeping the address. */
    reporter_key: string;
    reason: 'scam' | 'wrong_details' | 'unavailable' | 'duplicate' | 'offensive' | 'other';
    details: string | null;
    created_at: Timestamp;
  };
  admin_actions: {
    id: Generated<number>;
    admin_id: number | null;
    action: 'approve' | 'reject' | 'hide' | 'dismiss' | 'block' | 'unblock' | 'unhide';
    listing_id: number | null;
    user_id: number | null;
    reason: string | null;
    created_at: Timestamp;
  };
  /** Rate zones (issue 29, migration 026): rials per US dollar where old and new notes circulate. */
  rate_zones: {
    id: number;
    name_en: string;
    name_ar: string;
    yer_per_usd: number;
    position: Generated<number>;
    updated_at: Timestamp;
  };
  rate_zone_governorates: { governorate_id: number; zone_id: number };
  /** A district on the other side of a front line from its governorate: its zone wins over the governorate's. */
  rate_zone_districts: { district_id: number; zone_id: number };
  /** Every administrator's change of a zone: its {yer_per_usd, governorate_ids, district_ids} before and after. */
  rate_changes: {
    id: Generated<number>;
    zone_id: number;
    admin_id: number | null;
    before: unknown;
    after: unknown;
    repriced: Generated<number>;
    created_at: Timestamp;
  };
}
