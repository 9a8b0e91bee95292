import { z } from 'zod';
import { LIMITS } from '../constants.js';
import {
  AVAILABILITY,
  CONTACT_METHODS,
  CURRENCIES,
  LISTING_STATUSES,
  LISTING_TYPES,
  LISTING_TYPE_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  WITHHELD_REASONS,
  type ListingType,
  type PropertyType,
} from '../enums.js';
import { MESSAGES } from '../messages.js';
import { FLOOR_MAX, FLOOR_MIN } from '../amenities.js';
import { documented, listOf, nullableTrimmed, text } from './common.js';
import { namedPlace } from './locations.js';

const nullableInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.number().int().min(min).max(max).nullable().optional());
/** Location ids are PostgreSQL integers: a larger number names no place and would not fit the column. */
const LOCATION_ID_MAX = 2_147_483_647;
const locationId = z.preprocess((v) => (v === '' || v === 0 ? null : v), z.number().int().positive().max(LOCATION_ID_MAX).nullable().optional());
/** Governorate and district (spec §5): required on create, never cleared on edit. "", 0 and null count as missing. */
const requiredLocationId = z.preprocess(
  (v) => (v === '' || v === 0 || v === null ? undefined : v),
  z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : undefined) }).int().positive().max(LOCATION_ID_MAX),
);

const PLACE_CHAIN =
  'The places form one chain: district_id lies in governorate_id, uzlah_id in district_id, village_id in uzlah_id, and a village needs its uzlah; ' +
  'a chain that does not exist answers 422 with a message.';

/**
 * Amenities of the create/update payload (issue 24). Left out on create: false (floor: none); left out on
 * update: unchanged (hence no defaults here). Land never has furnished, majlis or roof access, and a floor
 * number only belongs to a flat, an office or a shop: the server clears those for other types.
 */
function amenityInputs() {
  const flag = (what: string) => z.boolean().optional().describe(`${what} (left out: false on create, unchanged on update)`);
  return {
    solar_power: flag('Solar panels that power the home'),
    generator: flag('A generator (the building\'s or its own)'),
    water_tank: flag('A water tank'),
    well: flag('A well'),
    furnished: flag('Furnished (not for land)'),
    majlis: flag('A majlis (sitting room for guests; not for land)'),
    roof_access: flag('Use of the roof (not for land)'),
    floor_number: nullableInt(FLOOR_MIN, FLOOR_MAX).describe(`Floor the flat, office or shop is on: ${FLOOR_MIN} to ${FLOOR_MAX}, 0 the ground floor (ignored for houses, villas and land)`),
  };
}

/** Spec §3 "property_details" of the create/update payload. */
export const propertyDetailsInput = z.object({
  property_type: z.enum(PROPERTY_TYPES).default('APARTMENT'),
  area_sqm: z.number({ error: MESSAGES.required }).int().positive().max(LIMITS.areaMax),
  governorate_id: requiredLocationId,
  district_id: requiredLocationId,
  uzlah_id: locationId,
  village_id: locationId,
  address_details_ar: nullableTrimmed(LIMITS.addressMax),
  address_details_en: nullableTrimmed(LIMITS.addressMax),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  bedrooms: nullableInt(0, LIMITS.roomsMax),
  bathrooms: nullableInt(0, LIMITS.roomsMax),
  parking_spaces: nullableInt(0, LIMITS.roomsMax),
  build_year: nullableInt(1800, 2100),
  ...amenityInputs(),
}).describe(PLACE_CHAIN);

const requiredText = (max: number, multiline = false) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(max, { error: MESSAGES.required, min: 1, minMessage: MESSAGES.required, multiline, trimmed: true }));

/** POST /listings/ body (spec §3 create payload). Governorate and district are required (spec §5). */
export const listingCreateBody = z.object({
  listing_type: z.enum(LISTING_TYPES).default('FOR_SALE'),
  title_ar: requiredText(LIMITS.titleMax),
  title_en: nullableTrimmed(LIMITS.titleMax),
  description_ar: requiredText(LIMITS.descriptionMax, true),
  description_en: nullableTrimmed(LIMITS.descriptionMax, true),
  price: z.number({ error: MESSAGES.required }).nonnegative().max(LIMITS.priceMax),
  old_price: z.number().nonnegative().max(LIMITS.priceMax).nullable().optional(),
  currency: z.enum(CURRENCIES).default('YER'),
  is_active: z.boolean().default(true),
  availability: z.enum(AVAILABILITY).default('available'),
  property_details: propertyDetailsInput,
});
export type ListingCreateBody = z.infer<typeof listingCreateBody>;

/** PATCH /listings/{id}: every field optional; fields left out stay as they are. */
export const listingUpdateBody = z.object({
  listing_type: z.enum(LISTING_TYPES).optional(),
  title_ar: requiredText(LIMITS.titleMax).optional(),
  title_en: nullableTrimmed(LIMITS.titleMax),
  description_ar: requiredText(LIMITS.descriptionMax, true).optional(),
  description_en: nullableTrimmed(LIMITS.descriptionMax, true),
  price: z.number().nonnegative().max(LIMITS.priceMax).optional(),
  old_price: z.number().nonnegative().max(LIMITS.priceMax).nullable().optional(),
  currency: z.enum(CURRENCIES).optional(),
  is_active: z.boolean().optional(),
  availability: z.enum(AVAILABILITY).optional(),
  // Not .partial(): zod 4 would still apply property_type's default and turn a land plot into a flat.
  property_details: propertyDetailsInput
    .extend({ property_type: z.enum(PROPERTY_TYPES), area_sqm: propertyDetailsInput.shape.area_sqm })
    .partial()
    .describe(PLACE_CHAIN)
    .optional(),
});
export type ListingUpdateBody = z.infer<typeof listingUpdateBody>;

/** Keys the client strips from a payload before sending (spec §7). The server ignores them too. */
export const STRIPPED_PAYLOAD_KEYS = ['lat', 'lng', 'coordinates'] as const;

export const mediaItem = z.object({
  id: z.number().int(),
  file_url: z.string(),
  /** WebP variants by width, for srcset; `bytes` is the file's size (the data saver's "show photo (34 KB)"), null when not yet known. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string(), bytes: z.number().int().nullable().optional() })),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/**
 * POST /listings/{id}/upload-image/?position=n (issue 25): the photo's place among the listing's photos, 0 the
 * cover. Each upload of a batch names its own place, so the order holds whatever order the uploads finish in.
 */
export const imageUploadQuery = z.object({
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(LIMITS.imagesPerListing - 1)
    .optional()
    .describe("Place among the listing's photos, 0 the cover; photos sort by position, then by upload. Left out: after the last photo"),
});

const imageId = z.number().int().positive().max(2_147_483_647);

/** PUT /listings/{id}/images/order (issue 25): every photo of the listing, each once, the cover first. */
export const imageOrderBody = z
  .object({
    image_ids: documented(
      z
        .array(imageId)
        .max(LIMITS.imagesPerListing)
        .refine((ids) => new Set(ids).size === ids.length, MESSAGES.imageOrderDuplicate),
      { uniqueItems: true },
    ).describe('Every photo id of the listing exactly once, in the new order; the first becomes the cover'),
  })
  .strict();
export type ImageOrderBody = z.infer<typeof imageOrderBody>;

export const ownerPublic = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  /** The owner proved their e-mail address (the "verified e-mail" mark). */
  email_verified: z.boolean(),
  /** Present only on the details read (spec §2 shows owner e-mail and phone there). */
  email: z.string().nullable().optional(),
  phone_number: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  /** With the phone (cards and details): the owner's WhatsApp number, digits with the country code (issue 28). */
  whatsapp_number: z.string().nullable().optional(),
  /** With the phone: the ways the owner chose to be reached (issue 28). */
  contact_methods: z.array(z.enum(CONTACT_METHODS)).optional(),
});

export const propertyRead = z.object({
  property_type: z.enum(PROPERTY_TYPES),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  parking_spaces: z.number().int().nullable(),
  area_sqm: z.number().int().nullable(),
  build_year: z.number().int().nullable(),
  /** Amenities (issue 24); parking is parking_spaces > 0. */
  solar_power: z.boolean(),
  generator: z.boolean(),
  water_tank: z.boolean(),
  well: z.boolean(),
  furnished: z.boolean(),
  majlis: z.boolean(),
  roof_access: z.boolean(),
  floor_number: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address_details_en: z.string().nullable(),
  address_details_ar: z.string().nullable(),
  city: namedPlace,
  governorate: namedPlace,
  district: namedPlace,
  uzlah: namedPlace,
  village: namedPlace,
  governorate_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  uzlah_id: z.number().int().nullable(),
  village_id: z.number().int().nullable(),
  owner: ownerPublic,
});

/** A listing as read (spec §3 plus status and rejection_reason, DESIGN §4). */
export const listingRead = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  listing_type: z.enum(LISTING_TYPES),
  price: z.number().nullable(),
  old_price: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  created_at: z.string(),
  posted_at: z.string().nullable(),
  updated_at: z.string(),
  is_active: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  rejection_reason: z.string().nullable(),
  /** Why an approved, active listing is out of public view (issue 28); empty when the public sees it. */
  withheld: z.array(z.enum(WITHHELD_REASONS)),
  /** When a public listing expires unless renewed (issue 28). */
  expires_at: z.string().nullable(),
  availability: z.enum(AVAILABILITY),
  views: z.number().int(),
  inquiries: z.number().int(),
  owner_id: z.number().int(),
  user_id: z.number().int(),
  owner: ownerPublic,
  media: z.array(mediaItem),
  property: propertyRead,
});
export type ListingRead = z.infer<typeof listingRead>;

export const myListingsQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const listingList = listOf(listingRead);

/**
 * A listing in its owner's list (GET /listings/my-listings): the read of spec §3 plus the messages stored for it
 * and how many of them the owner has not opened yet (issue 25), with its clicks and favourites (issue 28), each
 * counted for the whole page in one statement.
 */
export const myListingRead = listingRead.extend({
  message_count: z.number().int(),
  unread_messages: z.number().int(),
  /** Clicks on the listing's Call and WhatsApp links, and the people keeping it as a favourite (issue 28). */
  call_clicks: z.number().int(),
  whatsapp_clicks: z.number().int(),
  favorites: z.number().int(),
});
export type MyListingRead = z.infer<typeof myListingRead>;
export const myListingList = listOf(myListingRead);

/** GET /listings/{id}/similar (issue 28): up to 8 public listings like it, nearest first, as search's cards. */
export const similarListings = z.object({ items: z.array(listingRead) });
export type SimilarListings = z.infer<typeof similarListings>;

/** Property types without rooms or a build year: those fields are always null (spec §3, §4). */
export const ROOMLESS_PROPERTY_TYPES: readonly PropertyType[] = ['LAND'];

/**
 * English title and description when the owner left them empty (spec §5): the Arabic text, else a
 * generated one ("Apartment For Sale"; "Apartment for sale at <address>, 120 sqm").
 */
export function englishFallbacks(p: {
  title_en?: string | null;
  title_ar?: string | null;
  description_en?: string | null;
  description_ar?: string | null;
  listing_type: ListingType;
  property_type: PropertyType;
  address?: string | null;
  area_sqm?: number | null;
}): { title_en: string; description_en: string } {
  const type = PROPERTY_TYPE_LABELS[p.property_type].en;
  const deal = LISTING_TYPE_LABELS[p.listing_type].en;
  const title = p.title_en?.trim() || p.title_ar?.trim() || `${type} ${deal}`;
  let description = p.description_en?.trim() || p.description_ar?.trim();
  if (!description) {
    const where = p.address?.trim() ? ` at ${p.address.trim()}` : '';
    const area = p.area_sqm ? `, ${p.area_sqm} sqm` : '';
    description = `${type} ${deal.toLowerCase()}${where}${area}.`;
  }
  return { title_en: title, description_en: description };
}

/** One change of a listing's price (issue 29): what it was and what it became, in their currencies. */
export const priceChange = z.object({
  old_price: z.number().nullable(),
  old_currency: z.enum(CURRENCIES),
  new_price: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  changed_at: z.string(),
});
export type PriceChange = z.infer<typeof priceChange>;
/** GET /listings/{id}/price-history: newest first. */
export const priceHistory = z.object({ items: z.array(priceChange) });
export type PriceHistory = z.infer<typeof priceHistory>;
