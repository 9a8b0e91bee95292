import { z } from 'zod';
import { LISTING_TYPES, PROPERTY_TYPES } from '../enums.js';

/**
 * District medians of price per m² (issue 29). A figure is shown only when at least MARKET_MIN_LISTINGS public
 * listings back it: a median of two or three homes says more about those homes than about a district.
 */
export const MARKET_MIN_LISTINGS = 5;

/** A sale's price is the total; a rent's is per month (see marketInsights.price_period). */
export const PRICE_PERIODS = ['total', 'month'] as const;
const pricePeriod = z.enum(PRICE_PERIODS);

const placeId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET /market/insights. Sale and rent are never mixed: listing_type defaults to FOR_SALE. Without property_type
 * each district has a row per property type (a flat's m² and a plot's are not one market).
 */
export const marketInsightsQuery = z.object({
  governorate_id: placeId.optional(),
  district_id: placeId.optional(),
  listing_type: z.enum(LISTING_TYPES).default('FOR_SALE'),
  property_type: z.enum(PROPERTY_TYPES).optional(),
});
export type MarketInsightsQuery = z.infer<typeof marketInsightsQuery>;

/** One district × property type with enough listings: the median of price_usd / area_sqm and how many listings. */
export const districtMedian = z.object({
  district_id: z.number().int(),
  governorate_id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  /** USD per m² (per month for rent), rounded to the cent. */
  median_usd_per_sqm: z.number(),
  /** Public listings with a price and an area behind the figure; never below MARKET_MIN_LISTINGS. */
  listings: z.number().int().min(MARKET_MIN_LISTINGS),
});
export type DistrictMedian = z.infer<typeof districtMedian>;

export const marketInsights = z.object({
  listing_type: z.enum(LISTING_TYPES),
  governorate_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  currency: z.literal('USD'),
  /**
   * What a price is: 'total' for sale, 'month' for rent. A rent's price is read as a monthly rent everywhere (spec
   * §9's per-month suffix); listings store no rent period, so a yearly rent typed as one is counted as monthly.
   */
  price_period: pricePeriod,
  min_listings: z.number().int(),
  /** Highest median first. Districts with fewer than min_listings listings are left out, not shown as zero. */
  districts: z.array(districtMedian),
});
export type MarketInsights = z.infer<typeof marketInsights>;

/**
 * GET /listings/{id}/market-position: the listing's own price per m² beside its district's median for its
 * listing and property type. `comparison` is null when the listing has no price or area, no district, or fewer
 * than MARKET_MIN_LISTINGS listings back the median.
 */
export const marketPosition = z.object({
  listing_id: z.number().int(),
  comparison: z
    .object({
      listing_type: z.enum(LISTING_TYPES),
      property_type: z.enum(PROPERTY_TYPES),
      district_id: z.number().int(),
      governorate_id: z.number().int(),
      name_en: z.string(),
      name_ar: z.string(),
      usd_per_sqm: z.number(),
      median_usd_per_sqm: z.number(),
      listings: z.number().int().min(MARKET_MIN_LISTINGS),
      /** (usd_per_sqm / median - 1) × 100, rounded to a whole percent: negative below the median. */
      difference_pct: z.number().int(),
      price_period: pricePeriod,
    })
    .nullable(),
});
export type MarketPosition = z.infer<typeof marketPosition>;
