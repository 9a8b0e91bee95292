/** The app's languages; Arabic is the default. */
export const LANGUAGES = ['ar', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const LISTING_TYPES = ['FOR_SALE', 'FOR_RENT'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const PROPERTY_TYPES = ['APARTMENT', 'HOUSE', 'VILLA', 'LAND', 'OFFICE', 'COMMERCIAL_SPACE'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const CURRENCIES = ['YER', 'USD', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Moderation status of a listing (DESIGN §5). */
export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Whether the deal is still open: owners can mark a listing sold or rented (DESIGN §6). */
export const AVAILABILITY = ['available', 'sold', 'rented'] as const;
export type Availability = (typeof AVAILABILITY)[number];

/**
 * Why an approved, active listing is out of public view (issue 28, migration 021): expired (90 days after it was
 * last published or renewed), off_market (sold or rented more than 14 days ago), reported (held after 3
 * reporters until an admin decides), hidden (by an admin), blocked (its owner is blocked).
 */
export const WITHHELD_REASONS = ['expired', 'off_market', 'reported', 'hidden', 'blocked'] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** The ways an owner may choose to be reached (issue 28). */
export const CONTACT_METHODS = ['call', 'whatsapp', 'email'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const LOCATION_LEVELS = ['governorate', 'district', 'uzlah', 'village'] as const;
export type LocationLevel = (typeof LOCATION_LEVELS)[number];

export const SORTS = ['newest', 'price_asc', 'price_desc', 'area_desc'] as const;
export type SearchSort = (typeof SORTS)[number];

/** Labels for GET /choices/ and the UI (the web app also has them in its locale files). */
export const LISTING_TYPE_LABELS: Record<ListingType, { en: string; ar: string }> = {
  FOR_SALE: { en: 'For Sale', ar: 'للبيع' },
  FOR_RENT: { en: 'For Rent', ar: 'للإيجار' },
};

export const PROPERTY_TYPE_LABELS: Record<PropertyType, { en: string; ar: string }> = {
  APARTMENT: { en: 'Apartment', ar: 'شقة' },
  HOUSE: { en: 'House', ar: 'بيت' },
  VILLA: { en: 'Villa', ar: 'فيلا' },
  LAND: { en: 'Land', ar: 'أرض' },
  OFFICE: { en: 'Office', ar: 'مكتب' },
  COMMERCIAL_SPACE: { en: 'Commercial Space', ar: 'محل تجاري' },
};

/** "Apartment for sale" / "شقة للبيع": a listing's kind in a sentence (a mail's line, a share card's facts). */
export function listingKind(propertyType: PropertyType, listingType: ListingType, lang: 'ar' | 'en'): string {
  const what = LISTING_TYPE_LABELS[listingType][lang];
  return `${PROPERTY_TYPE_LABELS[propertyType][lang]} ${lang === 'en' ? what.toLowerCase() : what}`;
}
