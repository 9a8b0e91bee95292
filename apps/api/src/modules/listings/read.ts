/**
 * Reading listings in the shape of spec §3 (property nested, media list, owner's public fields).
 * Every page of listings is read with one statement whatever its size: the rows with their owner and
 * their images aggregated in place; place names come from an in-memory map of the static location tables.
 * Search, my-listings, admin and details all come here (search embeds listingColumns in its own statement).
 */
import { sql, type Selectable } from 'kysely';
import type { ListingRead, MediaItem } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import type { Storage } from '../../lib/storage.js';
import { placeNames, type PlaceNames } from '../locations/names.js';

interface MediaRow {
  id: number;
  storage_key: string;
  widths: number[];
  width: number;
  height: number;
  position: number;
}

export interface ReadOptions {
  /** Include the owner's e-mail and phone (the details page shows them, spec §2). */
  contact?: boolean;
  /**
   * Map pins: no descriptions and only the cover image. A map view asks for up to 1,000 listings, and full
   * descriptions made that about 1.4 MB per move of the map on a slow connection (`npm run bench`).
   */
  summary?: boolean;
}

/** The listings columns a read needs: everything but search_text and the location point (derived columns). */
const COLUMNS = [
  'id', 'owner_id', 'listing_type', 'title_en', 'title_ar', 'price', 'old_price', 'currency', 'price_usd', 'is_active',
  'status', 'rejection_reason', 'availability', 'views', 'inquiries', 'property_type', 'bedrooms', 'bathrooms',
  'parking_spaces', 'area_sqm', 'build_year', 'latitude', 'longitude', 'address_details_en', 'address_details_ar',
  'governorate_id', 'district_id', 'uzlah_id', 'village_id', 'created_at', 'posted_at', 'updated_at',
] as const;

/** One row of listingColumns(): the listing, its owner's fields and its images. */
export type ListingRow = Pick<Selectable<DB['listings']>, (typeof COLUMNS)[number] | 'description_en' | 'description_ar'> & {
  owner_email: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_full_name: string;
  owner_phone: string | null;
  media_rows: MediaRow[] | null;
};

const columnsSql = (summary: boolean) => sql`${sql.join(COLUMNS.map((c) => sql.ref(`l.${c}`)))},
    ${summary ? sql`'' as description_en, '' as description_ar` : sql`l.description_en, l.description_ar`},
    u.email as owner_email, u.first_name as owner_first_name, u.last_name as owner_last_name,
    u.full_name as owner_full_name, u.phone_number as owner_phone,
    (select json_agg(json_build_object('id', m.id, 'storage_key', m.storage_key, 'widths', m.widths,
        'width', m.width, 'height', m.height, 'position', m.position) order by m.position, m.id)
      from (select * from listing_media m where m.listing_id = l.id order by m.position, m.id
            ${summary ? sql`limit 1` : sql``}) m) as media_rows`;
/** Built once: the select list is the same for every read, and building it took a fifth of a search's Kysely time. */
const FULL_COLUMNS = columnsSql(false);
const SUMMARY_COLUMNS = columnsSql(true);

/**
 * The select list of a listing read, over `listings l` joined to its owner `users u`: the columns, the owner's
 * fields, and the images aggregated in place (summary reads: no descriptions, only the cover image). Search
 * puts it into its own statement, so a page of results is one round trip.
 */
export function listingColumns(opts: ReadOptions = {}) {
  return opts.summary ? SUMMARY_COLUMNS : FULL_COLUMNS;
}

function place(id: number | null, en: string | null, ar: string | null) {
  return id != null && en != null ? { id, name_en: en, name_ar: ar ?? en } : null;
}

const iso = (d: Date | string | null) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function mediaToItem(storage: Storage, m: { id: number; storage_key: string; widths: number[]; width: number; height: number; position: number }): MediaItem {
  const widths = [...m.widths].sort((a, b) => a - b);
  // The middle variant is the default picture; srcset offers all of them.
  const main = widths.find((w) => w >= 960) ?? widths[widths.length - 1]!;
  return {
    id: m.id,
    file_url: storage.url(`${m.storage_key}-${main}.webp`),
    variants: widths.map((w) => ({ width: w, url: storage.url(`${m.storage_key}-${w}.webp`) })),
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
    sql<ListingRow>`select ${listingColumns(opts)} from listings l join users u on u.id = l.owner_id
      where l.id in (${sql.join(ids)})`.execute(db),
    placeNames(db),
  ]);
  const byId = new Map(res.rows.map((r) => [r.id, r]));
  return toListings(ids.map((id) => byId.get(id)).filter((r): r is ListingRow => Boolean(r)), names, storage, opts);
}

/** Rows of listingColumns() in the shape of spec §3, in the order given. */
export function toListings(rows: ListingRow[], names: PlaceNames, storage: Storage, opts: ReadOptions = {}): ListingRead[] {
  const name = (map: Map<number, { name_en: string; name_ar: string }>, id: number | null) => {
    const r = id == null ? undefined : map.get(id);
    return { en: r?.name_en ?? null, ar: r?.name_ar ?? null };
  };
  return rows.map((r) => {
    const g = name(names.governorates, r.governorate_id);
    const d = name(names.districts, r.district_id);
    const z = name(names.uzaal, r.uzlah_id);
    const v = name(names.villages, r.village_id);
    const fullName = r.owner_full_name || `${r.owner_first_name} ${r.owner_last_name}`.trim();
    const owner = {
      id: r.owner_id,
      username: fullName || r.owner_email.split('@')[0]!,
      first_name: r.owner_first_name,
      last_name: r.owner_last_name,
      full_name: fullName,
      ...(opts.contact ? { email: r.owner_email, phone_number: r.owner_phone, phone: r.owner_phone } : {}),
    };
    const governorate = place(r.governorate_id, g.en, g.ar);
    const district = place(r.district_id, d.en, d.ar);
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
        latitude: r.latitude,
        longitude: r.longitude,
        address_details_en: r.address_details_en,
        address_details_ar: r.address_details_ar,
        // "City" is the district where there is one (Yemeni addresses name the district as the town).
        city: district ?? governorate,
        governorate,
        district,
        uzlah: place(r.uzlah_id, z.en, z.ar),
        village: place(r.village_id, v.en, v.ar),
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
  return (await readListings(db, storage, [id], opts))[0] ?? null;
}

/** The condition for what the public may see (DESIGN §5): approved and active. */
export const isPublic = sql<boolean>`(status = 'approved' and is_active)`;
