import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { LOCATION_LEVELS } from '../enums.js';
import { text } from './common.js';

export const locationItem = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LocationItem = z.infer<typeof locationItem>;

export const governorateItem = locationItem.extend({ governorate_id: z.number().int() });
export const districtItem = locationItem.extend({ district_id: z.number().int(), governorate_id: z.number().int() });
export const uzlahItem = locationItem.extend({ uzaal_id: z.number().int(), district_id: z.number().int() });
export const villageItem = locationItem.extend({ village_id: z.number().int(), uzaal_id: z.number().int() });

export const locationSuggestion = z.object({
  id: z.number().int(),
  type: z.enum(LOCATION_LEVELS),
  name_en: z.string(),
  name_ar: z.string(),
  /** "Village, Uzlah, District, Governorate" in English; the Arabic one is `displayTextAr`. */
  displayText: z.string(),
  displayTextAr: z.string(),
  governorate_id: z.number().int(),
  /**
   * Only on a place that spans governorates: Sana'a the city, the capital (1) with the governorate around it
   * (2), DESIGN §5. Search them all (`governorate_id: [1, 2]`) rather than `governorate_id` alone.
   */
  governorate_ids: z
    .array(z.number().int())
    .optional()
    .describe(
      "Only on a place that spans governorates (Sana'a the city: [1, 2], the capital and the governorate around it): " +
        'search with all of them as governorate_id instead of governorate_id alone.',
    ),
  district_id: z.number().int().nullable(),
  uzlah_id: z.number().int().nullable(),
  village_id: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LocationSuggestion = z.infer<typeof locationSuggestion>;

export const locationSearchQuery = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(100, { min: LIMITS.locationSearchMin, trimmed: true })),
  limit: z.coerce.number().int().min(1).max(LIMITS.locationSearchMax).default(LIMITS.locationSearchDefault),
  type: z.enum(LOCATION_LEVELS).optional(),
});

/** A resolved location name, nested in a listing's property (spec §3). */
export const namedPlace = z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string() }).nullable();
export type NamedPlace = z.infer<typeof namedPlace>;
