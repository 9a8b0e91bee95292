import { formatPrice, type ListingRead, type Lang } from '@manzil/shared';

/** How a listing reads on the map popup and the details page, in the visitor's language. */

type Named = { name_en: string; name_ar: string } | null | undefined;

export function placeName(place: Named, lang: Lang): string {
  if (!place) return '';
  return (lang === 'ar' ? place.name_ar || place.name_en : place.name_en || place.name_ar) ?? '';
}

/** Title in the current language; English falls back to Arabic (spec §5 fallbacks). */
export function listingTitle(l: Pick<ListingRead, 'title_ar' | 'title_en'>, lang: Lang): string {
  return (lang === 'ar' ? l.title_ar || l.title_en : l.title_en || l.title_ar) ?? '';
}

export function listingDescription(l: Pick<ListingRead, 'description_ar' | 'description_en'>, lang: Lang): string {
  return (lang === 'ar' ? l.description_ar || l.description_en : l.description_en || l.description_ar) ?? '';
}

/** "USD 1,200" or null when the price is empty (the caller shows "price on request"). */
export function priceText(l: Pick<ListingRead, 'price' | 'currency'>, lang: Lang): string | null {
  return formatPrice(l.price, l.currency, lang);
}

export function hasCoordinates(l: { property: Pick<ListingRead['property'], 'latitude' | 'longitude'> }): boolean {
  const { latitude, longitude } = l.property ?? {};
  return typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude);
}
