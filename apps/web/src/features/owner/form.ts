/**
 * The add/edit listing form without React: values as typed, their defaults (spec §3), the payload they
 * become (spec §3 create/update payload, §5 fallbacks, §7 stripping), validation with the shared schema,
 * the address auto-fill (spec §4) and the image checks (spec §5).
 */
import {
  AMENITY_FLAGS,
  LIMITS,
  MAP,
  MESSAGES,
  ROOMLESS_PROPERTY_TYPES,
  STRIPPED_PAYLOAD_KEYS,
  amenityApplies,
  englishFallbacks,
  listingCreateBody,
  parseLocalizedNumber,
  type AmenityFlag,
  type Availability,
  type Currency,
  type ListingRead,
  type ListingType,
  type PropertyType,
} from '@manzil/shared';

/** Amenities of the form (issue 24): a switch per flag; the floor typed like the other numbers. */
type AmenityValues = Record<AmenityFlag, boolean> & { floor_number: string };

export interface ListingFormValues extends AmenityValues {
  listing_type: ListingType;
  property_type: PropertyType;
  title_ar: string;
  title_en: string;
  description_ar: string;
  description_en: string;
  price: string;
  old_price: string;
  currency: Currency;
  is_active: boolean;
  availability: Availability;
  area_sqm: string;
  bedrooms: string;
  bathrooms: string;
  parking_spaces: string;
  build_year: string;
  governorate_id: string;
  district_id: string;
  uzlah_id: string;
  village_id: string;
  address_details_ar: string;
  address_details_en: string;
  latitude: string;
  longitude: string;
}

export type FieldName = keyof ListingFormValues;

/** Spec §3 form defaults: FOR_SALE, YER, active, APARTMENT. */
export const DEFAULT_VALUES: ListingFormValues = {
  listing_type: 'FOR_SALE',
  property_type: 'APARTMENT',
  title_ar: '',
  title_en: '',
  description_ar: '',
  description_en: '',
  price: '',
  old_price: '',
  currency: 'YER',
  is_active: true,
  availability: 'available',
  area_sqm: '',
  bedrooms: '',
  bathrooms: '',
  parking_spaces: '',
  build_year: '',
  governorate_id: '',
  district_id: '',
  uzlah_id: '',
  village_id: '',
  address_details_ar: '',
  address_details_en: '',
  latitude: '',
  longitude: '',
  ...amenityDefaults(),
};

function amenityDefaults(): AmenityValues {
  return { ...(Object.fromEntries(AMENITY_FLAGS.map((f) => [f, false])) as Record<AmenityFlag, boolean>), floor_number: '' };
}

/** The fields the spec §5 requires; shown with an asterisk. */
export const REQUIRED_FIELDS: FieldName[] = ['title_ar', 'description_ar', 'property_type', 'area_sqm', 'price', 'governorate_id', 'district_id'];

/** LAND has no bedrooms, bathrooms or build year (spec §4). */
export const ROOM_FIELDS = ['bedrooms', 'bathrooms', 'build_year'] as const;
export const isRoomless = (t: PropertyType) => ROOMLESS_PROPERTY_TYPES.includes(t);

const str = (v: number | null | undefined) => (v == null ? '' : String(v));

/** Form values of a listing being edited. */
export function valuesFromListing(l: ListingRead): ListingFormValues {
  const p = l.property;
  return {
    listing_type: l.listing_type,
    property_type: p.property_type,
    title_ar: l.title_ar,
    // An English text that is a copy of the Arabic one was a fallback: show it empty again.
    title_en: l.title_en === l.title_ar ? '' : l.title_en,
    description_ar: l.description_ar,
    description_en: l.description_en === l.description_ar ? '' : l.description_en,
    price: str(l.price),
    old_price: str(l.old_price),
    currency: l.currency,
    is_active: l.is_active,
    availability: l.availability,
    area_sqm: str(p.area_sqm),
    bedrooms: str(p.bedrooms),
    bathrooms: str(p.bathrooms),
    parking_spaces: str(p.parking_spaces),
    build_year: str(p.build_year),
    governorate_id: str(p.governorate_id),
    district_id: str(p.district_id),
    uzlah_id: str(p.uzlah_id),
    village_id: str(p.village_id),
    address_details_ar: p.address_details_ar ?? '',
    address_details_en: p.address_details_en ?? '',
    latitude: str(p.latitude),
    longitude: str(p.longitude),
    ...(Object.fromEntries(AMENITY_FLAGS.map((f) => [f, p[f]])) as Record<AmenityFlag, boolean>),
    floor_number: str(p.floor_number),
  };
}

/** A typed number (Western or Arabic-Indic digits, Arabic decimal separator): null when empty, the raw text when not a number (so validation names it). */
export function numberOrRaw(v: string): number | null | string {
  const s = v.trim();
  if (s === '') return null;
  const n = parseLocalizedNumber(s);
  return Number.isFinite(n) ? n : s;
}

/** A coordinate rounded to 6 decimals (spec §5), or null when not a usable number. */
export function toCoordinate(v: string | number, limit: 90 | 180): number | null {
  const n = typeof v === 'number' ? v : parseLocalizedNumber(String(v).trim());
  if (!Number.isFinite(n) || Math.abs(n) > limit) return null;
  return roundCoordinate(n);
}

export const roundCoordinate = (n: number) => Number(n.toFixed(MAP.coordinateDecimals));

/** The point the two coordinate fields hold, or null while either is empty or out of range. */
export function typedPoint(latitude: string | undefined, longitude: string | undefined): { lat: number; lng: number } | null {
  if (!latitude?.trim() || !longitude?.trim()) return null;
  const lat = toCoordinate(latitude, 90);
  const lng = toCoordinate(longitude, 180);
  return lat != null && lng != null ? { lat, lng } : null;
}

/** Drop the keys the spec strips (lat, lng, latitude, longitude, coordinates at the top level). */
export function stripPayload<T extends Record<string, unknown>>(payload: T): T {
  const out: Record<string, unknown> = { ...payload };
  for (const k of [...STRIPPED_PAYLOAD_KEYS, 'latitude', 'longitude']) delete out[k];
  return out as T;
}

/** The create/update payload of spec §3. */
export function toPayload(v: ListingFormValues) {
  const roomless = isRoomless(v.property_type);
  const id = (s: string) => (s ? Number(s) : null);
  const fb = englishFallbacks({
    title_en: v.title_en,
    title_ar: v.title_ar,
    description_en: v.description_en,
    description_ar: v.description_ar,
    listing_type: v.listing_type,
    property_type: v.property_type,
    address: v.address_details_en,
    area_sqm: typeof numberOrRaw(v.area_sqm) === 'number' ? (numberOrRaw(v.area_sqm) as number) : null,
  });
  return stripPayload({
    listing_type: v.listing_type,
    title_ar: v.title_ar.trim(),
    title_en: fb.title_en,
    description_ar: v.description_ar.trim(),
    description_en: fb.description_en,
    price: numberOrRaw(v.price),
    old_price: numberOrRaw(v.old_price),
    currency: v.currency,
    is_active: v.is_active,
    availability: v.availability,
    property_details: {
      property_type: v.property_type,
      area_sqm: numberOrRaw(v.area_sqm),
      governorate_id: id(v.governorate_id),
      district_id: id(v.district_id),
      uzlah_id: id(v.uzlah_id),
      village_id: id(v.village_id),
      address_details_ar: v.address_details_ar.trim() || null,
      address_details_en: v.address_details_en.trim() || null,
      latitude: v.latitude.trim() ? toCoordinate(v.latitude, 90) ?? v.latitude : null,
      longitude: v.longitude.trim() ? toCoordinate(v.longitude, 180) ?? v.longitude : null,
      bedrooms: roomless ? null : numberOrRaw(v.bedrooms),
      bathrooms: roomless ? null : numberOrRaw(v.bathrooms),
      parking_spaces: numberOrRaw(v.parking_spaces),
      build_year: roomless ? null : numberOrRaw(v.build_year),
      // What the type cannot have is sent as none (the server clears it too): land has no furniture, only a flat, an office or a shop a floor.
      ...(Object.fromEntries(AMENITY_FLAGS.map((f) => [f, v[f] && amenityApplies(v.property_type, f)])) as Record<AmenityFlag, boolean>),
      floor_number: amenityApplies(v.property_type, 'floor_number') ? numberOrRaw(v.floor_number) : null,
    },
  });
}
export type ListingPayload = ReturnType<typeof toPayload>;

/** Validation message keys of the owner namespace (validation.<key>). */
export type ValidationKey = 'required' | 'number' | 'integer' | 'positive' | 'range' | 'tooLong' | 'invalid' | 'coordinate' | 'coordinatePair';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  expected?: string;
}

function keyFor(issue: Issue, value: unknown): ValidationKey {
  if (value === null || value === undefined || value === '') return 'required';
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'integer' : typeof value === 'number' && !Number.isInteger(value) ? 'integer' : 'number';
    case 'too_small':
      return issue.origin === 'string' ? 'required' : 'positive';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : 'range';
    case 'invalid_format':
      return 'invalid';
    default:
      return issue.message === MESSAGES.required ? 'required' : 'invalid';
  }
}

/**
 * Validate with the shared create schema (one rule set for browser and server) plus what only the form
 * knows (the governorate select, coordinate pairs). Returns field → message key.
 */
export function validate(v: ListingFormValues): Partial<Record<FieldName, ValidationKey>> {
  const payload = toPayload(v);
  const errors: Partial<Record<FieldName, ValidationKey>> = {};
  const result = listingCreateBody.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues as unknown as Issue[]) {
      const field = String(issue.path[issue.path.length - 1]) as FieldName;
      if (!(field in DEFAULT_VALUES) || errors[field]) continue;
      let value: unknown = payload;
      for (const p of issue.path) value = (value as Record<PropertyKey, unknown> | null)?.[p];
      errors[field] = keyFor(issue, value);
    }
  }
  // An English title or description left empty is the Arabic one (englishFallback): a fault in it is the Arabic
  // field's, said there, not under a field the owner left empty.
  if (!v.title_en.trim()) delete errors.title_en;
  if (!v.description_en.trim()) delete errors.description_en;
  if (!v.governorate_id) errors.governorate_id = 'required';
  if (!v.district_id) errors.district_id = 'required';
  const lat = v.latitude.trim();
  const lng = v.longitude.trim();
  if (lat && toCoordinate(lat, 90) === null) errors.latitude = 'coordinate';
  if (lng && toCoordinate(lng, 180) === null) errors.longitude = 'coordinate';
  if (Boolean(lat) !== Boolean(lng)) errors[lat ? 'longitude' : 'latitude'] = 'coordinatePair';
  return errors;
}

export interface Place {
  name_en: string;
  name_ar: string;
}

/** Spec §4 address auto-fill: names from village up to governorate, joined with ', ' or the Arabic '، '. */
export function addressFromChain(chain: (Place | null | undefined)[]): { en: string; ar: string } {
  const places = chain.filter((p): p is Place => Boolean(p)).reverse();
  return { en: places.map((p) => p.name_en).join(', '), ar: places.map((p) => p.name_ar).join('، ') };
}

/** What the image checks found; null when every file may be added. */
export type ImageProblem =
  | { key: 'maxImagesExceeded'; maxImages: number; remaining: number }
  | { key: 'invalidFileType'; name: string }
  | { key: 'fileSizeExceeded'; name: string; maxMb: number }
  /** The file's bytes are not a JPEG, PNG or WebP picture, whatever its name or type say; `name` lists them all. */
  | { key: 'invalidFileContent'; name: string };

/**
 * A picked photo above 5 MB is taken if it shrinks under that on the device (shrink-photo.ts): phones' photos are
 * often 5–12 MB, and the 5 MB is the server's limit on what arrives. Past this, it is not tried.
 */
export const PICKED_IMAGE_BYTES = 25 * 1024 * 1024;

/**
 * Spec §5: at most 10 in total, JPEG/PNG/WebP, 5 MB each; any violation adds none of the files. `maxBytes`: the
 * size a file may have here (PICKED_IMAGE_BYTES for a photo about to be shrunk); the message names the 5 MB.
 */
export function checkImages(files: { name: string; type: string; size: number }[], alreadyThere: number, maxBytes = LIMITS.imageBytes): ImageProblem | null {
  const remaining = Math.max(0, LIMITS.imagesPerListing - alreadyThere);
  if (files.length > remaining) return { key: 'maxImagesExceeded', maxImages: LIMITS.imagesPerListing, remaining };
  for (const f of files) {
    if (!LIMITS.imageMimeTypes.includes(f.type.toLowerCase())) return { key: 'invalidFileType', name: f.name };
  }
  for (const f of files) {
    if (f.size > maxBytes) return { key: 'fileSizeExceeded', name: f.name, maxMb: LIMITS.imageBytes / 1024 / 1024 };
  }
  return null;
}

/**
 * The picture format a file's first bytes show (its "magic bytes"): JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A,
 * WebP "RIFF" size "WEBP". The server judges by content too (sharp); this only saves a doomed upload.
 */
export async function sniffImageType(file: Blob): Promise<'jpeg' | 'png' | 'webp' | null> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const at = (offset: number, bytes: number[]) => bytes.every((x, i) => b[offset + i] === x);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/** The names of the files whose content is not a JPEG, PNG or WebP picture (empty: all are). */
export async function filesWithBadContent(files: File[]): Promise<string[]> {
  const kinds = await Promise.all(files.map((f) => sniffImageType(f).catch(() => null)));
  return files.filter((_, i) => kinds[i] == null).map((f) => f.name);
}

/** `list` with the item at `from` moved to `to` (both clamped to the list); the others keep their order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item!);
  return out;
}

/**
 * Where the map looks for a chosen location (spec §9): the place's centre at its level's zoom. A place without
 * coordinates of its own (the data set has none below the governorate) shows its governorate at the governorate's
 * zoom: street level at the governorate's centre would put the owner's pin far from their village.
 */
export function focusFor(
  level: 'governorate' | 'district' | 'uzlah' | 'village' | null,
  place: { latitude: number | null; longitude: number | null } | null | undefined,
  governorate: { latitude: number | null; longitude: number | null } | null | undefined,
): { center: [number, number]; zoom: number } {
  if (!level) return { center: MAP.defaultCenter, zoom: MAP.defaultZoom };
  if (place?.latitude != null && place.longitude != null) return { center: [place.latitude, place.longitude], zoom: MAP.zoomByLevel[level] };
  if (governorate?.latitude == null || governorate.longitude == null) return { center: MAP.defaultCenter, zoom: MAP.defaultZoom };
  return { center: [governorate.latitude, governorate.longitude], zoom: MAP.zoomByLevel.governorate };
}
