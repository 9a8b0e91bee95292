/**
 * Reading listings in the shape of spec §3 (property nested, media list, owner's public fields).
 * Every page of listings is read with one statement whatever its size: listing_rows() (migration 007) gives
 * the rows with their owner and their images; place names come from an in-memory map of the static location
 * tables. Search, my-listings, admin and details all come here (search calls listingRowsSql in its own statement).
 */
import { sql, type Expression, type Selectable } from 'kysely';
import type { AmenityFlag, ContactMethod, ListingRead, MediaItem, WithheldReason } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import type { Storage } from '../../lib/storage.js';
import { placeNames, type PlaceName, type PlaceNames } from '../locations/names.js';

interface MediaRow {
  id: number;
  storage_key: string;
  widths: number[];
  variant_bytes?: number[] | null;
  width: number;
  height: number;
  position: number;
}

export interface ReadOptions {
  /** Include the owner's phone, and their e-mail when they chose to show it (the details page, spec §2). */
  contact?: boolean;
  /** An administrator's read: the owner's e-mail whatever they chose (moderation may need to write to them). */
  moderation?: boolean;
}

/** The listings columns a read needs: everything but search_text and the location point (derived columns). */
type Column =
  | 'id' | 'owner_id' | 'listing_type' | 'title_en' | 'title_ar' | 'price' | 'old_price' | 'currency' | 'price_usd'
  | 'is_active' | 'status' | 'rejection_reason' | 'availability' | 'views' | 'inquiries' | 'property_type'
  | 'bedrooms' | 'bathrooms' | 'parking_spaces' | 'area_sqm' | 'build_year' | 'latitude' | 'longitude'
  | 'address_details_en' | 'address_details_ar' | 'governorate_id' | 'district_id' | 'uzlah_id' | 'village_id'
  | 'description_en' | 'description_ar' | AmenityFlag | 'floor_number' | 'withheld';

/**
 * One element of listing_rows() (migration 007): the listing, its owner's fields and its images. It arrives
 * as JSON, its times in UTC without a zone (see iso()).
 */
export type ListingRow = Pick<Selectable<DB['listings']>, Column> & {
  created_at: string;
  posted_at: string | null;
  updated_at: string;
  expires_at: string | null;
  owner_email: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_full_name: string;
  owner_phone: string | null;
  owner_email_verified: boolean;
  owner_whatsapp: string | null;
  owner_contact_methods: ContactMethod[];
  media_rows: MediaRow[] | null;
};

/**
 * The rows of the listings with these ids, in this order (missing ids skipped), as one JSON value: a SQL
 * expression for a statement of its own or inside a larger one (search puts the page's id query in `ids`, so
 * a page of results is one round trip). listing_rows' own statement is planned once per connection.
 */
export function listingRowsSql(ids: Expression<number[]>) {
  // listing_rows' second argument (a summary without descriptions) served the map before it had pins of its own.
  return sql<ListingRow[]>`listing_rows(${ids}, false)`;
}

/** A listing's place of one level, {id, name_en, name_ar} from the in-memory names, or null (none, or unknown id). */
export function placeOf(names: Map<number, PlaceName>, id: number | null) {
  const r = id == null ? undefined : names.get(id);
  return id != null && r ? { id, name_en: r.name_en, name_ar: r.name_ar ?? r.name_en } : null;
}

/** A UTC time from listing_rows(), "2026-01-18T05:01:33.191234" (fraction optional, up to microseconds). */
const UTC_NO_ZONE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?$/;
/** As Date.toISOString() writes it ("2026-01-18T05:01:33.191Z"), without parsing a date for each. */
export function iso(d: string | null): string | null {
  if (d == null) return null;
  if (UTC_NO_ZONE.test(d)) return `${d.slice(0, 19)}.${d.slice(20, 23).padEnd(3, '0')}Z`;
  return new Date(d).toISOString();
}

export function mediaToItem(
  storage: Storage,
  m: { id: number; storage_key: string; widths: number[]; variant_bytes?: number[] | null; width: number; height: number; position: number },
): MediaItem {
  // variant_bytes[i] is the size of widths[i]'s file (migration 032).
  const sizes = new Map(m.widths.map((w, i) => [w, m.variant_bytes?.[i] ?? null]));
  const widths = [...m.widths].sort((a, b) => a - b);
  // The middle variant is the default picture; srcset offers all of them.
  const main = widths.find((w) => w >= 960) ?? widths[widths.length - 1]!;
  return {
    id: m.id,
    file_url: storage.url(`${m.storage_key}-${main}.webp`),
    variants: widths.map((w) => ({ width: w, url: storage.url(`${m.storage_key}-${w}.webp`), bytes: sizes.get(w) ?? null })),
    width: m.width,
    height: m.height,
    position: m.position,
  };
}

/** The listings with these ids, in the order given (missing ids are skipped). */
export async function readListings(db: Database, storage: Storage, ids: number[], opts: ReadOptions = {}): Promise<ListingRead[]> {
  if (ids.length === 0) return [];
  // One statement: the rows, their owner, and their images aggregated per listing. Place names come from
  // memory (modules/locations/names.ts) rather than four more joins.
  const [res, names] = await Promise.all([
    sql<{ rows: ListingRow[] }>`select ${listingRowsSql(sql`${ids}::int[]`)} as rows`.execute(db),
    placeNames(db),
  ]);
  return toListings(res.rows[0]!.rows, names, storage, opts);
}

/** Rows of listing_rows() in the shape of spec §3, in the order given. */
export function toListings(rows: ListingRow[], names: PlaceNames, storage: Storage, opts: ReadOptions = {}): ListingRead[] {
  return rows.map((r) => {
    const fullName = r.owner_full_name || `${r.owner_first_name} ${r.owner_last_name}`.trim();
    const owner = {
      id: r.owner_id,
      // Never the e-mail or a part of it (usernameOf in users/service.ts): it would leak the address.
      username: fullName || `user${r.owner_id}`,
      first_name: r.owner_first_name,
      last_name: r.owner_last_name,
      full_name: fullName,
      email_verified: r.owner_email_verified,
      ...(opts.contact
        ? { email: r.owner_email, phone_number: r.owner_phone, phone: r.owner_phone, whatsapp_number: r.owner_whatsapp, contact_methods: r.owner_contact_methods }
        : {}),
    };
    const governorate = placeOf(names.governorates, r.governorate_id);
    const district = placeOf(names.districts, r.district_id);
    return {
      id: r.id,
      title_en: r.title_en,
      title_ar: r.title_ar,
      description_en: r.description_en,
      description_ar: r.description_ar,
      listing_type: r.listing_type,
      price: r.price,
      old_price: r.old_price,
      currency: r.currency,
      created_at: iso(r.created_at)!,
      posted_at: iso(r.posted_at),
      updated_at: iso(r.updated_at)!,
      is_active: r.is_active,
      status: r.status,
      rejection_reason: r.rejection_reason,
      withheld: r.withheld,
      expires_at: iso(r.expires_at),
      availability: r.availability,
      views: r.views,
      inquiries: r.inquiries,
      owner_id: r.owner_id,
      user_id: r.owner_id,
      owner,
      media: (r.media_rows ?? []).map((m) => mediaToItem(storage, m)),
      property: {
        property_type: r.property_type,
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        parking_spaces: r.parking_spaces,
        area_sqm: r.area_sqm,
        build_year: r.build_year,
        solar_power: r.solar_power,
        generator: r.generator,
        water_tank: r.water_tank,
        well: r.well,
        furnished: r.furnished,
        majlis: r.majlis,
        roof_access: r.roof_access,
        floor_number: r.floor_number,
        latitude: r.latitude,
        longitude: r.longitude,
        address_details_en: r.address_details_en,
        address_details_ar: r.address_details_ar,
        // "City" is the district where there is one (Yemeni addresses name the district as the town).
        city: district ?? governorate,
        governorate,
        district,
        uzlah: placeOf(names.uzaal, r.uzlah_id),
        village: placeOf(names.villages, r.village_id),
        governorate_id: r.governorate_id,
        district_id: r.district_id,
        uzlah_id: r.uzlah_id,
        village_id: r.village_id,
        owner,
      },
    };
  });
}

export async function readListing(db: Database, storage: Storage, id: number, opts: ReadOptions = {}) {
  const listing = (await readListings(db, storage, [id], opts))[0] ?? null;
  // The e-mail only when its owner chose to show it (issue 25); the phone is how the spec reaches an owner.
  if (listing && opts.contact && !opts.moderation && listing.owner.email != null) {
    const owner = await db.selectFrom('users').select('show_email').where('id', '=', listing.owner_id).executeTakeFirst();
    if (!owner?.show_email) listing.owner.email = null;
  }
  return listing;
}

/** Listings shown as cards (search, favourites): the card's call link needs the owner's phone (spec §2 "Listing
 * page"); the e-mail stays on the details page. */
export function asCards(rows: ListingRow[], names: PlaceNames, storage: Storage): ListingRead[] {
  const listings = toListings(rows, names, storage, { contact: true });
  for (const it of listings) {
    for (const o of [it.owner, it.property.owner]) delete o.email;
  }
  return listings;
}

/**
 * The condition for what the public may see (DESIGN §5): approved and active, and not withheld (expired, off
 * the market, reported, hidden or its owner blocked; migration 021). Every public read uses one of these.
 */
export const isPublic = sql<boolean>`(status = 'approved' and is_active and withheld = '{}')`;
/**
 * A listing's `withheld` with these reasons added (each at most once) and those cleared: how every path sets and
 * clears its own reason (migration 021) without touching the others'.
 */
export function withheldChange(change: { add?: WithheldReason[]; remove?: WithheldReason[] }) {
  let v = sql<WithheldReason[]>`withheld`;
  for (const r of [...(change.remove ?? []), ...(change.add ?? [])]) v = sql<WithheldReason[]>`array_remove(${v}, ${r}::text)`;
  for (const r of change.add ?? []) v = sql<WithheldReason[]>`array_append(${v}, ${r}::text)`;
  return v;
}
/** The same for a query where the listings table is `l`. */
export const isPublicL = sql<boolean>`(l.status = 'approved' and l.is_active and l.withheld = '{}')`;
/** The same for a listing read in JavaScript. */
export const isPublicListing = (l: { status: string; is_active: boolean; withheld: readonly string[] }) =>
  l.status === 'approved' && l.is_active && l.withheld.length === 0;
