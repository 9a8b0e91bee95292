/**
 * Direct inserts of ready-to-show listings (approved unless told otherwise), with the derived columns the
 * search reads filled in: search_text (both languages and place names, normalised), price_usd and the
 * location point. Used by the demo seed and the test fixtures; owners' listings go through the listings
 * service instead.
 */
import { sql } from 'kysely';
import { DEFAULT_EXCHANGE_RATES, type AmenityFlag, type Currency, type ListingType, type PropertyType } from '@manzil/shared';
import type { Database } from '../client.js';
import { buildSearchText, locationNameParts, priceUsd, typeWords } from '../../modules/listings/search-text.js';
import { listingRates } from '../../modules/rates/service.js';

/** Amenities a listing has (issue 24); left out: none. */
export type AmenitiesInput = Partial<Record<AmenityFlag, boolean>> & { floor_number?: number | null };

export interface ListingInput extends AmenitiesInput {
  listing_type?: ListingType;
  property_type?: PropertyType;
  title_en?: string;
  title_ar?: string;
  description_en?: string;
  description_ar?: string;
  price?: number | null;
  old_price?: number | null;
  currency?: Currency;
  status?: 'pending' | 'approved' | 'rejected';
  is_active?: boolean;
  availability?: 'available' | 'sold' | 'rented';
  bedrooms?: number | null;
  bathrooms?: number | null;
  parking_spaces?: number | null;
  area_sqm?: number | null;
  build_year?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  address_details_en?: string | null;
  address_details_ar?: string | null;
  governorate_id?: number | null;
  district_id?: number | null;
  uzlah_id?: number | null;
  village_id?: number | null;
  created_at?: Date | string;
  views?: number;
}

/** Inserts one listing and returns its id. Defaults: an approved, active apartment for sale in Sana'a. */
export async function insertListingRow(
  db: Database,
  ownerId: number,
  input: ListingInput = {},
  rates: Record<string, number> = DEFAULT_EXCHANGE_RATES,
): Promise<number> {
  const v = {
    listing_type: 'FOR_SALE' as ListingType,
    property_type: 'APARTMENT' as PropertyType,
    title_en: 'Apartment',
    title_ar: 'شقة',
    description_en: 'A listing.',
    description_ar: 'عقار.',
    price: 100_000 as number | null,
    currency: 'USD' as Currency,
    status: 'approved' as const,
    is_active: true,
    bedrooms: 2 as number | null,
    bathrooms: 1 as number | null,
    area_sqm: 120 as number | null,
    latitude: 15.3694 as number | null,
    longitude: 44.191 as number | null,
    governorate_id: 1 as number | null,
    district_id: null as number | null,
    ...input,
  };
  const places = await locationNameParts(db, v);
  const search_text = buildSearchText([
    v.title_ar,
    v.title_en,
    v.description_ar,
    v.description_en,
    v.address_details_ar,
    v.address_details_en,
    ...places,
    ...typeWords(v.listing_type, v.property_type),
  ]);
  const hasPoint = v.latitude != null && v.longitude != null;
  const row = await db
    .insertInto('listings')
    .values({
      owner_id: ownerId,
      listing_type: v.listing_type,
      property_type: v.property_type,
      title_en: v.title_en,
      title_ar: v.title_ar,
      description_en: v.description_en,
      description_ar: v.description_ar,
      price: v.price,
      old_price: v.old_price ?? null,
      currency: v.currency,
      price_usd: priceUsd(v.price, v.currency, await listingRates(db, v, rates)),
      status: v.status,
      is_active: v.is_active,
      availability: v.availability ?? 'available',
      bedrooms: v.bedrooms,
      bathrooms: v.bathrooms,
      parking_spaces: v.parking_spaces ?? null,
      area_sqm: v.area_sqm,
      build_year: v.build_year ?? null,
      solar_power: v.solar_power ?? false,
      generator: v.generator ?? false,
      water_tank: v.water_tank ?? false,
      well: v.well ?? false,
      furnished: v.furnished ?? false,
      majlis: v.majlis ?? false,
      roof_access: v.roof_access ?? false,
      floor_number: v.floor_number ?? null,
      latitude: v.latitude,
      longitude: v.longitude,
      location: hasPoint ? sql`point(${v.longitude}, ${v.latitude})` : null,
      address_details_en: v.address_details_en ?? null,
      address_details_ar: v.address_details_ar ?? null,
      governorate_id: v.governorate_id,
      district_id: v.district_id,
      uzlah_id: v.uzlah_id ?? null,
      village_id: v.village_id ?? null,
      search_text,
      views: v.views ?? 0,
      ...(v.created_at ? { created_at: new Date(v.created_at), updated_at: new Date(v.created_at) } : {}),
      posted_at: v.status === 'approved' ? (v.created_at ? new Date(v.created_at) : new Date()) : null,
      // Published now: its 90 days start now (issue 28); a sold home's 14 days in search likewise.
      expires_at: v.status === 'approved' ? sql<Date>`now() + interval '90 days'` : null,
      availability_changed_at: (v.availability ?? 'available') === 'available' ? null : sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
