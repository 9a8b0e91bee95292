/**
 * Map pins (search with view 'map', shared listingPin): the few columns a marker and its popup show, read
 * straight from the listings of the page with their cover photo. A map asks for up to 1,000 listings on every
 * move; as full listings (listing_rows) that was ~1.5 MB of JSON and ~80 ms of database work per move at
 * 100,000 listings (`npm run bench`, "map view").
 */
import { sql, type RawBuilder } from 'kysely';
import type { ListingPin } from '@manzil/shared';
import type { Storage } from '../../lib/storage.js';
import { iso, mediaToItem, placeOf } from '../listings/read.js';
import type { PlaceNames } from '../locations/names.js';

export interface PinRow {
  id: number;
  title_en: string;
  title_ar: string;
  listing_type: ListingPin['listing_type'];
  price: number | null;
  currency: ListingPin['currency'];
  updated_at: string;
  availability: ListingPin['availability'];
  property_type: ListingPin['property']['property_type'];
  bedrooms: number | null;
  bathrooms: number | null;
  area_sqm: number | null;
  latitude: number | null;
  longitude: number | null;
  governorate_id: number | null;
  district_id: number | null;
  cover: { id: number; storage_key: string; widths: number[]; variant_bytes: number[] | null; width: number; height: number; position: number } | null;
}

/**
 * The pins of one page as one JSON array, in the page's order: json_agg reads its subquery's rows in the
 * order they come (nothing else happens at its level to reorder them), so the sort is done once, by the index.
 */
export function pinRowsSql(where: RawBuilder<unknown>, order: RawBuilder<unknown>, limit: number, skip: number) {
  return sql<PinRow[]>`(select coalesce(json_agg(p), '[]'::json) from (
    select l.id, l.title_en, l.title_ar, l.listing_type, l.price, l.currency, l.updated_at at time zone 'UTC' as updated_at, l.availability,
      l.property_type, l.bedrooms, l.bathrooms, l.area_sqm, l.latitude, l.longitude, l.governorate_id, l.district_id,
      (select json_build_object('id', m.id, 'storage_key', m.storage_key, 'widths', m.widths, 'variant_bytes', m.variant_bytes, 'width', m.width, 'height', m.height, 'position', m.position)
        from listing_media m where m.listing_id = l.id order by m.position, m.id limit 1) as cover
    from listings l where ${where} order by ${order} limit ${limit} offset ${skip}) p)`;
}

export function toPins(rows: PinRow[], names: PlaceNames, storage: Storage): ListingPin[] {
  return rows.map((r) => {
    return {
      id: r.id,
      title_en: r.title_en,
      title_ar: r.title_ar,
      listing_type: r.listing_type,
      price: r.price,
      currency: r.currency,
      updated_at: iso(r.updated_at)!,
      availability: r.availability,
      media: r.cover ? [mediaToItem(storage, r.cover)] : [],
      property: {
        property_type: r.property_type,
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        area_sqm: r.area_sqm,
        latitude: r.latitude,
        longitude: r.longitude,
        governorate: placeOf(names.governorates, r.governorate_id),
        district: placeOf(names.districts, r.district_id),
      },
    };
  });
}
