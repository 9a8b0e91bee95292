import { GOVERNORATE_IDS, SANAA_CITY_GOVERNORATE_IDS, type ListingType } from '@manzil/shared';

/**
 * spec §2 "City route": /properties-by-city/{city}/{listingType} → /search-list?…
 * Known cities become governorate ids (Sana'a is the city, i.e. governorates 1 and 2, DESIGN §5);
 * any other value is searched as location text. rent → FOR_RENT, buy/sale → FOR_SALE.
 */
const CITY_GOVERNORATES: Record<string, readonly number[]> = {
  sanaa: SANAA_CITY_GOVERNORATE_IDS,
  "sana'a": SANAA_CITY_GOVERNORATE_IDS,
  taiz: [GOVERNORATE_IDS.taiz],
  aden: [GOVERNORATE_IDS.aden],
  hadramout: [GOVERNORATE_IDS.hadramout],
};

const LISTING_TYPES: Record<string, ListingType> = { rent: 'FOR_RENT', buy: 'FOR_SALE', sale: 'FOR_SALE' };

/** `city` and `listingType` as React Router gives them (already percent-decoded). */
export function cityRedirectTarget(city: string | undefined, listingType: string | undefined): string {
  const parts: string[] = [];
  const type = LISTING_TYPES[(listingType ?? '').trim().toLowerCase()];
  if (type) parts.push(`listing_type=${type}`);
  parts.push('property_type=APARTMENT');
  const raw = (city ?? '').trim();
  const ids = CITY_GOVERNORATES[raw.toLowerCase()];
  if (ids) parts.push(`governorate_id=${ids.join(',')}`);
  else if (raw) parts.push(`location=${encodeURIComponent(raw)}`);
  return `/search-list?${parts.join('&')}`;
}
