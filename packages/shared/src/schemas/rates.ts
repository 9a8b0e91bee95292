import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { listOf, paginationQuery } from './common.js';

/**
 * Exchange rates (issue 29). The rial has two prices since the banknote split: each rate zone has its own
 * rials per US dollar, and covers governorates, with district exceptions where a governorate is divided. SAR
 * and USD rates are national (EXCHANGE_RATES). A district's zone wins over its governorate's.
 */
export const YER_PER_USD_MIN = 1;
export const YER_PER_USD_MAX = 100_000;

export const rateZone = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  yer_per_usd: z.number(),
  governorate_ids: z.array(z.number().int()),
  /** Districts in this zone whose governorate is in another one. */
  district_ids: z.array(z.number().int()),
});
export type RateZone = z.infer<typeof rateZone>;

/** GET /rates. */
export const ratesResponse = z.object({
  zones: z.array(rateZone),
  /** Units of each currency per US dollar, the same everywhere. */
  national: z.object({ USD: z.number(), SAR: z.number() }),
  /** Rials per dollar for a governorate in no zone (EXCHANGE_RATES' YER; no governorate by default). */
  default_yer_per_usd: z.number(),
  /** When a zone last changed (ISO 8601). */
  updated_at: z.string(),
});
export type RatesResponse = z.infer<typeof ratesResponse>;

const ids = (max: number) => z.array(z.number().int().positive().max(2_147_483_647)).max(max);

/**
 * PATCH /admin/rates/zones/{id}: fields left out stay. governorate_ids and district_ids are the zone's whole
 * lists: a governorate listed moves here from its zone; one left out must be in another zone (every governorate
 * is in one); a district left out goes back to its governorate's zone.
 */
export const rateZonePatch = z.object({
  yer_per_usd: z
    .number({ error: MESSAGES.rateOutOfRange })
    .min(YER_PER_USD_MIN, { error: MESSAGES.rateOutOfRange })
    .max(YER_PER_USD_MAX, { error: MESSAGES.rateOutOfRange })
    .optional(),
  governorate_ids: ids(100).optional(),
  district_ids: ids(2000).optional(),
});
export type RateZonePatch = z.infer<typeof rateZonePatch>;

/** PATCH answer: the rates as they now are, and how many listings' USD values moved. */
export const rateZoneUpdated = z.object({ rates: ratesResponse, repriced: z.number().int() });
export type RateZoneUpdated = z.infer<typeof rateZoneUpdated>;

const zoneState = z.object({ yer_per_usd: z.number(), governorate_ids: z.array(z.number().int()), district_ids: z.array(z.number().int()) });
export type RateZoneState = z.infer<typeof zoneState>;

export const rateChange = z.object({
  id: z.number().int(),
  zone_id: z.number().int(),
  zone_name_en: z.string(),
  zone_name_ar: z.string(),
  admin_id: z.number().int().nullable(),
  /** Null once the administrator's account is deleted. */
  admin_name: z.string().nullable(),
  before: zoneState,
  after: zoneState,
  /** Listings whose USD value the change moved. */
  repriced: z.number().int(),
  created_at: z.string(),
});
export type RateChange = z.infer<typeof rateChange>;

export const rateChangesQuery = paginationQuery;
export const rateChangeList = listOf(rateChange);
export type RateChangeList = z.infer<typeof rateChangeList>;
