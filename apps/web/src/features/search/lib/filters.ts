import { LIMITS, PAGE_SIZES, SORTS, parseLocalizedNumber, type ListingType, type PropertyType, type SearchSort } from '@manzil/shared';
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
import { AMENITY_PARAMS, amenitiesToParams, amenityBody, parseAmenities, type AmenityFilters } from './amenities';

export { parseListingType, parseRoomsValue, roomsRange } from '../../../lib/filter-params';

/**
 * Search filters ⇄ URL ⇄ POST /listings/search body (spec §2 "Search list and search grid").
 * Every spelling of spec §2 is read: listing_type sale|rent|FOR_SALE|FOR_RENT, location or search,
 * price_min/price_max or min_price/max_price, governorate_id as one id or "1,2". The URL is written
 * back in one spelling (FOR_SALE, location, price_min, price_max); anything else in the query string
 * (a drawn polygon, map bounds) is kept as it is and sent along.
 */
export interface SearchFilters extends AmenityFilters {
  listing_type?: ListingType;
  property_type?: PropertyType;
  /** Free-text location (and any words): matched against titles, descriptions, addresses and place names. */
  location?: string;
  price_min?: number;
  price_max?: number;
  /** "2" exactly two; "5+" (or 5 and more) at least five. */
  bedrooms?: string;
  /** "2" exactly two; "4+" (or 4 and more) at least four. */
  bathrooms?: string;
  governorate_id?: number | number[];
  district_id?: number;
  uzlah_id?: number;
  village_id?: number;
}

export const FILTER_KEYS = [
  'listing_type', 'property_type', 'location', 'search', 'price_min', 'price_max', 'min_price', 'max_price',
  'bedrooms', 'bathrooms', 'governorate_id', 'district_id', 'uzlah_id', 'uzaal_id', 'village_id', 'page', ...AMENITY_PARAMS,
] as const;

/** Rooms: values from this number up mean "at least" (spec §9: 5+ bedrooms, 4+ bathrooms). */
export const AT_LEAST_FROM = { bedrooms: 5, bathrooms: 4 } as const;

export function parseFilters(params: URLSearchParams): SearchFilters {
  const first = (...keys: string[]) => firstParam(params, ...keys);
  const f: SearchFilters = {
    listing_type: parseListingType(first('listing_type')),
    property_type: parsePropertyType(first('property_type')),
    location: first('location', 'search')?.trim().slice(0, LIMITS.searchTextMax) || undefined,
    price_min: parseAmount(first('price_min', 'min_price')),
    price_max: parseAmount(first('price_max', 'max_price')),
    bedrooms: parseRoomsValue(first('bedrooms')),
    bathrooms: parseRoomsValue(first('bathrooms')),
    governorate_id: parseIds(first('governorate_id')),
    district_id: parseId(first('district_id')),
    uzlah_id: parseId(first('uzlah_id', 'uzaal_id')),
    village_id: parseId(first('village_id')),
    ...parseAmenities(params),
  };
  for (const k of Object.keys(f) as (keyof SearchFilters)[]) if (f[k] === undefined) delete f[k];
  return f;
}

/** The query string for these filters, keeping unrelated parameters of `base` (polygon, bounds). */
export function filtersToParams(f: SearchFilters, base?: URLSearchParams, page?: number): URLSearchParams {
  const p = new URLSearchParams(base);
  for (const k of FILTER_KEYS) p.delete(k);
  if (f.listing_type) p.set('listing_type', f.listing_type);
  if (f.property_type) p.set('property_type', f.property_type);
  if (f.location) p.set('location', f.location);
  if (f.price_min !== undefined) p.set('price_min', String(f.price_min));
  if (f.price_max !== undefined) p.set('price_max', String(f.price_max));
  if (f.bedrooms) p.set('bedrooms', f.bedrooms);
  if (f.bathrooms) p.set('bathrooms', f.bathrooms);
  if (f.governorate_id !== undefined) p.set('governorate_id', Array.isArray(f.governorate_id) ? f.governorate_id.join(',') : String(f.governorate_id));
  if (f.district_id !== undefined) p.set('district_id', String(f.district_id));
  if (f.uzlah_id !== undefined) p.set('uzlah_id', String(f.uzlah_id));
  if (f.village_id !== undefined) p.set('village_id', String(f.village_id));
  amenitiesToParams(f, p);
  if (page && page > 1) p.set('page', String(page));
  return p;
}

export function pageFromParams(params: URLSearchParams): number {
  const n = parseId(params.get('page'));
  return n && n <= 100_000 ? n : 1;
}

function parsePolygonParam(raw: string | null): { lat: number; lng: number }[] | undefined {
  if (!raw) return undefined;
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data) || data.length < LIMITS.polygonMinPoints || data.length > LIMITS.polygonMaxPoints) return undefined;
    const pts = data.map((d) => (Array.isArray(d) ? { lat: Number(d[0]), lng: Number(d[1]) } : { lat: Number(d?.lat), lng: Number(d?.lng ?? d?.lon) }));
    return pts.every((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180) ? pts : undefined;
  } catch {
    return undefined;
  }
}

/** The POST /listings/search body for one page of results (newest first). */
export function searchBodyFor(f: SearchFilters, params: URLSearchParams, skip: number, limit: number): Record<string, unknown> {
  const body: Record<string, unknown> = { skip, limit };
  if (f.listing_type) body.listing_type = f.listing_type;
  if (f.property_type) body.property_type = f.property_type;
  if (f.location) body.search = f.location;
  if (f.price_min !== undefined) body.min_price = f.price_min;
  if (f.price_max !== undefined) body.max_price = f.price_max;
  // A range typed the wrong way round (min above max) means the range between them, not nothing.
  if (f.price_min !== undefined && f.price_max !== undefined && f.price_min > f.price_max) [body.min_price, body.max_price] = [f.price_max, f.price_min];
  const beds = roomsRange(f.bedrooms, AT_LEAST_FROM.bedrooms);
  if (beds.min !== undefined) body.min_bedrooms = beds.min;
  if (beds.max !== undefined) body.max_bedrooms = beds.max;
  const baths = roomsRange(f.bathrooms, AT_LEAST_FROM.bathrooms);
  if (baths.min !== undefined) body.min_bathrooms = baths.min;
  if (baths.max !== undefined) body.max_bathrooms = baths.max;
  if (f.governorate_id !== undefined) body.governorate_id = f.governorate_id;
  if (f.district_id !== undefined) body.district_id = f.district_id;
  if (f.uzlah_id !== undefined) body.uzlah_id = f.uzlah_id;
  if (f.village_id !== undefined) body.village_id = f.village_id;
  // An area drawn on the map, or else a bounding box (the map's view, the home search's), narrows the list too.
  // A drawn area is the search whatever the map showed around it (as the map's own results, buildMapResultsBody):
  // the view's box the map page's URL carries beside it would cut the area down to what was on screen.
  const polygon = parsePolygonParam(params.get('polygon'));
  if (polygon) body.polygon_coordinates = polygon;
  else {
    for (const k of ['min_lat', 'max_lat', 'min_lon', 'max_lon'] as const) {
      const v = parseLocalizedNumber(params.get(k) ?? '');
      if (Number.isFinite(v)) body[k] = v;
    }
  }
  Object.assign(body, amenityBody(f));
  const sort = sortFromParams(params);
  if (sort !== 'newest') body.sort = sort;
  return body;
}

/**
 * The body of the page of results a search URL shows (/search-list: 10 per page, /search-grid: 12). The page,
 * and its route's loader (on the server, and early in the browser) ask with this, so they share one cached answer.
 */
export function searchPageBody(params: URLSearchParams, view: 'list' | 'grid'): Record<string, unknown> {
  const size = view === 'list' ? PAGE_SIZES.list : PAGE_SIZES.grid;
  return searchBodyFor(parseFilters(params), params, (pageFromParams(params) - 1) * size, size);
}

/** The query string the view switch's links carry: every filter (and a drawn area), no page number. */
export function viewSwitchQuery(search: string): string {
  const p = new URLSearchParams(search);
  p.delete('page');
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The order of results (`sort=` in the URL; newest when absent or unknown). */
export function sortFromParams(params: URLSearchParams): SearchSort {
  const s = params.get('sort');
  return (SORTS as readonly string[]).includes(s ?? '') ? (s as SearchSort) : 'newest';
}

/** The URL with another order of results, back on page 1 (the default order is left out). */
export function withSort(params: URLSearchParams, sort: SearchSort): URLSearchParams {
  const p = new URLSearchParams(params);
  p.delete('page');
  if (sort === 'newest') p.delete('sort');
  else p.set('sort', sort);
  return p;
}

/**
 * One removable chip above the results: `key` names the filter (a key of SearchFilters, 'price', 'polygon' or
 * 'bounds'), `value` is what the chip shows, `params` are the URL parameters removing the chip deletes.
 */
export interface FilterChip {
  key: string;
  value: unknown;
  params: readonly string[];
}

/**
 * The URL parameters behind each filter, when more than its own name: the spellings of spec §2, and a location
 * level takes the levels under it along. A filter added to SearchFilters and parseFilters gets a chip by itself
 * (labelled by its key, see FilterChips.tsx); add it here only if it has more than one URL parameter.
 */
const CHIP_PARAMS: Record<string, readonly string[]> = {
  location: ['location', 'search'],
  price: ['price_min', 'price_max', 'min_price', 'max_price'],
  floor: ['min_floor', 'max_floor'],
  governorate_id: ['governorate_id', 'district_id', 'uzlah_id', 'uzaal_id', 'village_id'],
  district_id: ['district_id', 'uzlah_id', 'uzaal_id', 'village_id'],
  uzlah_id: ['uzlah_id', 'uzaal_id', 'village_id'],
  polygon: ['polygon', 'draw'],
  bounds: ['min_lat', 'max_lat', 'min_lon', 'max_lon'],
};

/**
 * Every active filter of a search URL as a chip, in the sidebar's order: the filters of parseFilters (the two
 * ends of a price range as one chip), then a drawn area and the map's bounds, unless `withBounds` is false (the
 * map page, whose bounds are the map itself).
 */
export function activeChips(params: URLSearchParams, withBounds = true): FilterChip[] {
  const f: Record<string, unknown> = { ...parseFilters(params) };
  const chips: FilterChip[] = [];
  // The two ends of a range are one chip: a price range, a floor range.
  const ranges: Record<string, [string, string, string]> = { price_min: ['price', 'price_min', 'price_max'], price_max: ['price', 'price_min', 'price_max'], min_floor: ['floor', 'min_floor', 'max_floor'], max_floor: ['floor', 'min_floor', 'max_floor'] };
  for (const [key, value] of Object.entries(f)) {
    const range = ranges[key];
    if (range && key === range[2] && f[range[1]] !== undefined) continue;
    const k = range ? range[0] : key;
    const v = range ? { min: f[range[1]] as number | undefined, max: f[range[2]] as number | undefined } : value;
    chips.push({ key: k, value: v, params: CHIP_PARAMS[k] ?? [k] });
  }
  // A drawn area comes with its bounding box (the draw modal writes both): one chip, which removes both; on the
  // map the box is the map's view and stays.
  if (parsePolygonParam(params.get('polygon'))) {
    chips.push({ key: 'polygon', value: true, params: withBounds ? [...CHIP_PARAMS.polygon!, ...CHIP_PARAMS.bounds!] : CHIP_PARAMS.polygon! });
  } else if (withBounds && CHIP_PARAMS.bounds!.some((k) => Number.isFinite(parseLocalizedNumber(params.get(k) ?? '')))) {
    chips.push({ key: 'bounds', value: true, params: CHIP_PARAMS.bounds! });
  }
  return chips;
}

/** The URL without one chip's filter, back on page 1. */
export function withoutChip(params: URLSearchParams, chip: FilterChip): URLSearchParams {
  const p = new URLSearchParams(params);
  for (const k of [...chip.params, 'page']) p.delete(k);
  return p;
}

/** The URL without any filter: Clear. Keeps only the order of results (and, on the map, its bounds). */
export function withoutFilters(params: URLSearchParams, keep: readonly string[] = ['sort']): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of keep) for (const v of params.getAll(k)) p.append(k, v);
  return p;
}

/** How many filters are set (the phone's Filters button): one per chip, a drawn area and map bounds included. */
export const countActive = (params: URLSearchParams) => activeChips(params).length;
