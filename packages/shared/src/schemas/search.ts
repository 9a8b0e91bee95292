import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { LISTING_TYPES, PROPERTY_TYPES, SORTS } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { looseInt, looseNumber } from './common.js';

const optInt = (min = 0, max = 2_147_483_647) => looseInt.pipe(z.number().int().min(min).max(max)).optional();
const optNum = (min: number, max: number) => looseNumber.pipe(z.number().min(min).max(max)).optional();

/** One governorate id or a list (the footer's "Sana'a" searches ids 1 and 2, DESIGN §5). */
const idOrIds = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string' && v.includes(',')) return v.split(',').map((s) => Number(s.trim()));
  return v;
}, z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive()).min(1).max(30)]).optional());

export const latLng = z.union([
  z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
]);

/** POST /listings/search body (spec §7), plus sort, currency of the price filters, and the polygon. */
export const searchBody = z
  .object({
    skip: looseInt.pipe(z.number().int().min(0).max(1_000_000)).default(0),
    limit: looseInt.pipe(z.number().int().min(1).max(LIMITS.boundsSearchMaxLimit)).default(LIMITS.searchDefaultLimit),
    listing_type: z.enum(LISTING_TYPES).optional(),
    property_type: z.enum(PROPERTY_TYPES).optional(),
    city_id: optInt(1),
    governorate_id: idOrIds,
    district_id: optInt(1),
    uzlah_id: optInt(1),
    village_id: optInt(1),
    min_price: optNum(0, LIMITS.priceMax),
    max_price: optNum(0, LIMITS.priceMax),
    /** Currency the price filters are expressed in; default USD (spec §2 price options are USD). */
    price_currency: z.enum(['YER', 'USD', 'SAR']).default('USD'),
    min_area_sqm: optInt(0),
    max_area_sqm: optInt(0),
    min_build_year: optInt(0, 3000),
    max_build_year: optInt(0, 3000),
    min_bedrooms: optInt(0, 100),
    max_bedrooms: optInt(0, 100),
    min_bathrooms: optInt(0, 100),
    max_bathrooms: optInt(0, 100),
    min_lat: optNum(-90, 90),
    max_lat: optNum(-90, 90),
    min_lon: optNum(-180, 180),
    max_lon: optNum(-180, 180),
    polygon_coordinates: z
      .array(latLng)
      .min(LIMITS.polygonMinPoints)
      .max(LIMITS.polygonMaxPoints, MESSAGES.listingTooManyPolygonPoints)
      .optional(),
    search: z.string().trim().max(LIMITS.searchTextMax).optional(),
    sort: z.enum(SORTS).default('newest'),
  })
  .strip();
export type SearchBody = z.infer<typeof searchBody>;
