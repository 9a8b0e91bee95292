/**
 * Reading listings in the shape of spec §3 (property nested, media list, owner's public fields).
 * Every page of listings is read with two queries whatever its size: one for the rows with their owner
 * and place names, one for all their images. Search, my-listings, admin and details all come here.
 */
import { sql } from 'kysely';
import type { ListingRead, MediaItem } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';

export interface ReadOptions {
  /** Include the owner's e-mail and phone (the details page shows them, spec §2). */
  contact?: boolean;
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
  const rows = await db
    .selectFrom('listings as l')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    .leftJoin('governorates as g', 'g.id', 'l.governorate_id')
    .leftJoin('districts as d', 'd.id', 'l.district_id')
    .leftJoin('uzaal as z', 'z.id', 'l.uzlah_id')
    .leftJoin('villages as v', 'v.id', 'l.village_id')
    .selectAll('l')
    .select([
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.full_name as owner_full_name',
      'u.phone_number as owner_phone',
      'g.name_en as g_en',
      'g.name_ar as g_ar',
      'd.name_en as d_en',
      'd.name_ar as d_ar',
      'z.name_en as z_en',
      'z.name_ar as z_ar',
      'v.name_en as v_en',
      'v.name_ar as v_ar',
    ])
    .where('l.id', 'in', ids)
    .execute();
  const media = await db
    .selectFrom('listing_media')
    .select(['id', 'listing_id', 'storage_key', 'widths', 'width', 'height', 'position'])
    .where('listing_id', 'in', ids)
    .orderBy('listing_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const mediaBy = new Map<number, MediaItem[]>();
  for (const m of media) {
    const list = mediaBy.get(m.listing_id) ?? [];
    list.push(mediaToItem(storage, m));
    mediaBy.set(m.listing_id, list);
  }
  const byId = new Map<number, ListingRead>();
  for (const r of rows) {
    const fullName = r.owner_full_name || `${r.owner_first_name} ${r.owner_last_name}`.trim();
    const owner = {
      id: r.owner_id,
      username: fullName || r.owner_email.split('@')[0]!,
      first_name: r.owner_first_name,
      last_name: r.owner_last_name,
      full_name: fullName,
      ...(opts.contact ? { email: r.owner_email, phone_number: r.owner_phone, phone: r.owner_phone } : {}),
    };
    const governorate = place(r.governorate_id, r.g_en, r.g_ar);
    const district = place(r.district_id, r.d_en, r.d_ar);
    byId.set(r.id, {
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
      media: mediaBy.get(r.id) ?? [],
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
        uzlah: place(r.uzlah_id, r.z_en, r.z_ar),
        village: place(r.village_id, r.v_en, r.v_ar),
        governorate_id: r.governorate_id,
        district_id: r.district_id,
        uzlah_id: r.uzlah_id,
        village_id: r.village_id,
        owner,
      },
    });
  }
  return ids.map((id) => byId.get(id)).filter((x): x is ListingRead => Boolean(x));
}

export async function readListing(db: Database, storage: Storage, id: number, opts: ReadOptions = {}) {
  return (await readListings(db, storage, [id], opts))[0] ?? null;
}

/** The condition for what the public may see (DESIGN §5): approved and active. */
export const isPublic = sql<boolean>`(status = 'approved' and is_active)`;
