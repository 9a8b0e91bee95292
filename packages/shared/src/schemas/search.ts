import { z } from 'zod';
import { LIMITS, MAP_SEARCH } from '../constants.js';
import { AVAILABILITY, LISTING_TYPES, PROPERTY_TYPES, SORTS } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { FLOOR_MAX, FLOOR_MIN } from '../amenities.js';
import { listingRead, mediaItem, propertyRead } from './listings.js';
import { documented, looseInt, looseNumber, text } from './common.js';

const optInt = (min = 0, max = 2_147_483_647) => looseInt(min, max).optional();
const optNum = (min: number, max: number) => looseNumber(min, max).optional();

/** One governorate id or a list (the footer's "Sana'a" searches ids 1 and 2, DESIGN §5). */
const idOrIds = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string' && v.includes(',')) return v.split(',').map((s) => Number(s.trim()));
  return v;
}, z.union([z.coerce.number().int().positive().max(2_147_483_647), z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1).max(30)]).optional());

/** listing_type as the API names it; the spellings of spec §2 URLs (sale, rent, for_sale) are accepted too. */
const listingTypeLoose = z.preprocess((v) => {
  if (v === '' || v === null) return undefined;
  if (typeof v !== 'string') return v;
  const s = v.trim().toUpperCase();
  return s === 'SALE' || s === 'BUY' ? 'FOR_SALE' : s === 'RENT' ? 'FOR_RENT' : s;
}, z.enum(LISTING_TYPES).optional());

const emptyToUndefined = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s);

export const latLng = z.union([
  z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  // OpenAPI 3.0 cannot say which item of a pair is which: the document shows the bounds both items meet.
  documented(z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]), {
    items: { type: 'number', minimum: -90, maximum: 90 },
    description: '[lat, lng]: lat from -90 to 90, lng from -180 to 180 (the document shows the bounds both meet)',
  }),
]);
export type LatLng = z.infer<typeof latLng>;

/**
 * An amenity filter (issue 24): true keeps only the listings that have it; false or left out sets no condition.
 * "true"/"1" and "false"/"0" are read as well, as a query string writes them.
 */
const amenityFlag = (what: string) =>
  z
    .preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 || v === '' || v === null ? undefined : v), z.boolean().optional())
    .describe(`true: only listings with ${what}; false or left out: no condition`);

/** Bounds of a map area: any one of them lets a page hold up to 1,000 listings. */
const AREA_KEYS = ['min_lat', 'max_lat', 'min_lon', 'max_lon'] as const;

/**
 * The filters of a search (everything but paging, order and view): the search's own body and the map's
 * (mapSearchBody) take the same fields, so one set of WHERE conditions serves both.
 */
const searchFilterFields = {
  listing_type: listingTypeLoose,
  property_type: emptyToUndefined(z.enum(PROPERTY_TYPES).optional()),
  city_id: optInt(1),
  governorate_id: idOrIds,
  district_id: optInt(1),
  uzlah_id: optInt(1),
  village_id: optInt(1),
  min_price: optNum(0, LIMITS.priceMax),
  max_price: optNum(0, LIMITS.priceMax),
  /** Currency the price filters are expressed in; default USD (spec §2 price options are USD). */
  price_currency: emptyToUndefined(z.enum(['YER', 'USD', 'SAR']).default('USD')),
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
    .min(LIMITS.polygonMinPoints, 'A drawn area needs at least 3 points')
    .max(LIMITS.polygonMaxPoints, MESSAGES.listingTooManyPolygonPoints)
    .optional(),
  search: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(LIMITS.searchTextMax).optional()),
  solar_power: amenityFlag('solar power'),
  generator: amenityFlag('a generator'),
  water_tank: amenityFlag('a water tank'),
  well: amenityFlag('a well'),
  furnished: amenityFlag('furniture'),
  majlis: amenityFlag('a majlis'),
  roof_access: amenityFlag('roof access'),
  parking: amenityFlag('parking (parking_spaces of 1 or more)'),
  /** Floor of a flat, office or shop (0 the ground floor); listings without a floor number do not match a floor filter. */
  min_floor: optInt(FLOOR_MIN, FLOOR_MAX),
  max_floor: optInt(FLOOR_MIN, FLOOR_MAX),
  /**
   * Only listings whose deal is in this state (the home's latest ask for 'available'). Whatever the sort,
   * listings sold or rented always come after the available ones.
   */
  availability: emptyToUndefined(z.enum(AVAILABILITY).optional()),
};

/**
 * POST /listings/search body (spec §7), plus sort, the currency of the price filters, and the polygon.
 *
 * Rooms (spec §9): the UI's "5+" bedrooms / "4+" bathrooms send min_bedrooms=5 / min_bathrooms=4 alone;
 * an exact value sends min = max (e.g. min_bedrooms=2&max_bedrooms=2).
 * Prices are compared in USD: min_price/max_price are in `price_currency` (default USD) and each listing's
 * price is converted with the configured rates. `limit` is at most 100, or 1000 with bounds or a polygon.
 * `city_id` is the listing's "city" of the read model: its district.
 */
export const searchBody = documented(
  z
    .object({
      skip: looseInt(0, 1_000_000).default(0),
      limit: looseInt(1, LIMITS.boundsSearchMaxLimit).default(LIMITS.searchDefaultLimit),
      ...searchFilterFields,
      sort: emptyToUndefined(z.enum(SORTS).default('newest')),
      /** 'map': the items are pins (listingPin): what a marker and its popup show (a map asks for up to 1,000). */
      view: emptyToUndefined(z.enum(['full', 'map']).default('full')),
    })
    .strip()
    .superRefine((b, ctx) => {
      const area = b.polygon_coordinates || AREA_KEYS.some((k) => b[k] !== undefined);
      if (!area && b.limit > LIMITS.searchMaxLimit) {
        ctx.addIssue({ code: 'too_big', maximum: LIMITS.searchMaxLimit, origin: 'number', inclusive: true, path: ['limit'], message: `limit must be at most ${LIMITS.searchMaxLimit} without bounds or a polygon` });
      }
    }),
  // The same rule for the OpenAPI document: limit up to 100, or up to 1,000 with a bound or a polygon.
  { anyOf: [{ properties: { limit: { maximum: LIMITS.searchMaxLimit } } }, ...['polygon_coordinates', ...AREA_KEYS].map((k) => ({ required: [k] }))] },
);
export type SearchBody = z.infer<typeof searchBody>;
export type SearchBodyInput = z.input<typeof searchBody>;
/** What selects the listings of a search (searchFilterFields): the WHERE of both the search and the map's search. */
export type SearchFilters = Omit<SearchBody, 'skip' | 'limit' | 'sort' | 'view'>;

/** `total` stops at a cap that moves with the page (1,000 at first, see the API docs); `total_capped` says there are more. */
export const searchResult = z.object({ items: z.array(listingRead), total: z.number().int(), total_capped: z.boolean() });
export type SearchResult = z.infer<typeof searchResult>;

/**
 * A listing as a map pin (search with view 'map'): what a marker and its popup show (spec §2 "Search map":
 * image, title, price, beds, baths, area, details link), in the shape of listingRead so the same display code
 * reads both. A thousand pins are about a third of the bytes of a thousand full listings on a phone's
 * connection, and a fraction of the database's work.
 */
export const listingPin = listingRead.pick({ id: true, title_en: true, title_ar: true, listing_type: true, price: true, currency: true, updated_at: true, availability: true }).extend({
  /** The cover photo only. */
  media: z.array(mediaItem).max(1),
  property: propertyRead.pick({
    property_type: true, bedrooms: true, bathrooms: true, area_sqm: true, latitude: true, longitude: true,
    governorate: true, district: true,
  }),
});
export type ListingPin = z.infer<typeof listingPin>;
export const mapSearchResult = searchResult.extend({ items: z.array(listingPin) });
export type MapSearchResult = z.infer<typeof mapSearchResult>;

/**
 * POST /listings/search/map (issue 26): what a map can show of a search at a zoom level. The filters, bounds
 * and drawn area of a search, and the map's zoom (Leaflet's, 0 the whole world in one 256-px tile). Paging,
 * order and view do not apply: the server answers pins or clusters (mapSearchAnswer).
 */
export const mapSearchBody = z
  .object({
    ...searchFilterFields,
    /** The map's zoom level (whole numbers, as Leaflet's default zoomSnap gives them). */
    zoom: looseInt(MAP_SEARCH.minZoom, MAP_SEARCH.maxZoom).describe(
      `The map's zoom level, ${MAP_SEARCH.minZoom}–${MAP_SEARCH.maxZoom}: a cluster is a grid cell of about ${MAP_SEARCH.cellPx} px at this zoom`,
    ),
  })
  .strip();
export type MapSearchBody = z.infer<typeof mapSearchBody>;
export type MapSearchBodyInput = z.input<typeof mapSearchBody>;

/**
 * The listings of one grid cell, counted by the server: where they are (the mean of their positions, and the
 * box around them, which a click zooms to), how many, their price range in USD and how many are for sale and
 * for rent (a cluster of one type takes that type's colour).
 */
export const mapCluster = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().min(1),
  /** [south, west, north, east]: the smallest box around the cell's listings. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Lowest and highest price in USD (whole dollars); null when none of them has a price. */
  min_price_usd: z.number().nullable(),
  max_price_usd: z.number().nullable(),
  for_sale: z.number().int().min(0),
  for_rent: z.number().int().min(0),
});
export type MapCluster = z.infer<typeof mapCluster>;

/**
 * The map's answer: `pins` (the listings themselves, as view 'map' sends them) when the view holds at most
 * MAP_SEARCH.maxPins listings or the zoom is MAP_SEARCH.pinsFromZoom or more; else `clusters`, one per grid
 * cell that has listings. `total` is how many listings match in the view (pins), or in the cells (clusters:
 * the sum of their counts; the cells are whole, so they may reach a little past the edges of the view).
 */
export const mapPinsAnswer = z.object({
  mode: z.literal('pins'),
  items: z.array(listingPin),
  total: z.number().int(),
  total_capped: z.boolean(),
});
export const mapClustersAnswer = z.object({
  mode: z.literal('clusters'),
  clusters: z.array(mapCluster),
  total: z.number().int(),
  total_capped: z.boolean(),
  /** The side of a grid cell in degrees. */
  cell_deg: z.number(),
});
export const mapSearchAnswer = z.discriminatedUnion('mode', [mapPinsAnswer, mapClustersAnswer]);
export type MapPinsAnswer = z.infer<typeof mapPinsAnswer>;
export type MapClustersAnswer = z.infer<typeof mapClustersAnswer>;
export type MapSearchAnswer = z.infer<typeof mapSearchAnswer>;

/** GET /listings/stats/by-city: approved, active listings per governorate (the /properties-by-city page). */
export const cityStat = z.object({
  governorate_id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  for_sale: z.number().int(),
  for_rent: z.number().int(),
  total: z.number().int(),
});
export type CityStat = z.infer<typeof cityStat>;
