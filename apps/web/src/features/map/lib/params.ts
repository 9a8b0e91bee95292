import { LIMITS, type ListingType, type PropertyType } from '@manzil/shared';
import {
  firstParam,
  parseAmount,
  parseId,
  parseIds,
  parseListingType,
  parsePropertyType,
  parseRoomsValue,
  roomsRange,
} from '../../../lib/filter-params';
import { amenityBody, parseAmenities, type AmenityFilters } from '../../search/lib/amenities';
import { BOUNDS_KEYS, parsePolygon, type Bounds, type LatLngPoint } from './geo';

/**
 * Filters of the map page read from the URL (spec §2 "Search map" names, plus the search-list spellings
 * price_min/price_max/location/search, so the list ↔ grid ↔ map switcher keeps every filter).
 */
export interface MapFilters extends AmenityFilters {
  listing_type?: ListingType;
  property_type?: PropertyType;
  min_price?: number;
  max_price?: number;
  /** "3" means exactly 3; 5 or more (or "3+") means at least (spec §9). */
  bedrooms?: { min: number; max?: number };
  /** "2" means exactly 2; 4 or more (or "2+") means at least (spec §9). */
  bathrooms?: { min: number; max?: number };
  /** One id, or a list such as "1,2" (the footer's Sana'a, DESIGN §5). */
  governorate_id?: number | number[];
  district_id?: number;
  uzlah_id?: number;
  village_id?: number;
  search?: string;
}

/** Room count as {min, max}: `atLeastFrom` and above (or a trailing +) means "at least". */
export function parseRooms(raw: string | null, atLeastFrom: number): { min: number; max?: number } | undefined {
  const value = parseRoomsValue(raw);
  return value === undefined ? undefined : (roomsRange(value, atLeastFrom) as { min: number; max?: number });
}

export { parseListingType } from '../../../lib/filter-params';

/** Spec §5: numeric filters are parsed to integers. */
const parsePrice = (raw: string | null) => {
  const n = parseAmount(raw);
  return n === undefined ? undefined : Math.floor(n);
};

export function parseMapFilters(params: URLSearchParams): MapFilters {
  const first = (...keys: string[]) => firstParam(params, ...keys);
  const filters: MapFilters = {
    listing_type: parseListingType(first('listing_type')),
    property_type: parsePropertyType(first('property_type')),
    min_price: parsePrice(first('min_price', 'price_min')),
    max_price: parsePrice(first('max_price', 'price_max')),
    bedrooms: parseRooms(first('bedrooms'), 5),
    bathrooms: parseRooms(first('bathrooms'), 4),
    governorate_id: parseIds(first('governorate_id')),
    district_id: parseId(first('district_id')),
    uzlah_id: parseId(first('uzlah_id', 'uzaal_id')),
    village_id: parseId(first('village_id')),
    search: first('location', 'search')?.trim().slice(0, LIMITS.searchTextMax) || undefined,
    ...parseAmenities(params),
  };
  for (const k of Object.keys(filters) as (keyof MapFilters)[]) {
    if (filters[k] === undefined) delete filters[k];
  }
  return filters;
}

/** How many filters are set (the page says "filters applied" and offers to clear them). */
export const countFilters = (filters: MapFilters) => Object.keys(filters).length;

/** The POST /listings/search body for a map view: filters, the visible box, the drawn area, up to 1000 results. */
export function buildMapSearchBody(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null) {
  // view 'map': pins without descriptions and with only the cover image (a fraction of the bytes).
  return { skip: 0, limit: LIMITS.boundsSearchMaxLimit, view: 'map', ...mapFilterBody(filters, bounds, polygon) };
}

/**
 * The body of the page's results: the count and the list beside the map, and what "Save this search" keeps
 * (issue 27). A drawn area is the search, however much of it the map shows: with one, the view's box is left
 * out, so a listing in the area but off the screen (a phone, a zoomed map) is still a result and a saved search
 * never holds less than the area. Without one, the view's box is the area. The markers alone are the view's
 * (buildMapViewBody).
 */
export function buildMapResultsBody(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null) {
  return buildMapSearchBody(filters, polygon ? null : bounds, polygon);
}

/**
 * The POST /listings/search/map body (issue 26): the same filters, box and drawn area, and the map's zoom; the
 * server answers the listings as pins when the view holds a few hundred at most, else clusters.
 */
export function buildMapViewBody(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null, zoom: number) {
  return { ...mapFilterBody(filters, bounds, polygon), zoom: Math.round(zoom) };
}

/** What selects the listings of a map view: the filters, the visible box and the drawn area. */
function mapFilterBody(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null) {
  const body: Record<string, unknown> = {};
  if (filters.listing_type) body.listing_type = filters.listing_type;
  if (filters.property_type) body.property_type = filters.property_type;
  if (filters.min_price !== undefined) body.min_price = filters.min_price;
  if (filters.max_price !== undefined) body.max_price = filters.max_price;
  if (filters.bedrooms) {
    body.min_bedrooms = filters.bedrooms.min;
    if (filters.bedrooms.max !== undefined) body.max_bedrooms = filters.bedrooms.max;
  }
  if (filters.bathrooms) {
    body.min_bathrooms = filters.bathrooms.min;
    if (filters.bathrooms.max !== undefined) body.max_bathrooms = filters.bathrooms.max;
  }
  if (filters.governorate_id !== undefined) body.governorate_id = filters.governorate_id;
  if (filters.district_id !== undefined) body.district_id = filters.district_id;
  if (filters.uzlah_id !== undefined) body.uzlah_id = filters.uzlah_id;
  if (filters.village_id !== undefined) body.village_id = filters.village_id;
  if (filters.search) body.search = filters.search;
  Object.assign(body, amenityBody(filters));
  if (bounds) for (const k of BOUNDS_KEYS) body[k] = bounds[k];
  if (polygon) body.polygon_coordinates = polygon.map(({ lat, lng }) => ({ lat, lng }));
  return body;
}

/** Parameters that describe the map area rather than the filters. */
export const AREA_KEYS = [...BOUNDS_KEYS, 'polygon', 'draw'] as const;

/** The URL parameters without the map area (what "clear area" keeps, and what the draw modal starts from). */
export function withoutArea(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of AREA_KEYS) next.delete(k);
  return next;
}

/** The drawn area from the URL, when valid. */
export const polygonFromParams = (params: URLSearchParams) => parsePolygon(params.get('polygon'));
