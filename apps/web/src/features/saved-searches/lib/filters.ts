/**
 * A saved search's `filters` (issue 27) ⇄ the search pages' URLs. Saving takes the body the page itself sends
 * to POST /listings/search (searchPageBody on the list and grid, buildMapSearchBody on the map), less what
 * belongs to one page of results; opening turns the stored body back into that page's URL parameters, so the
 * page rebuilds the very same body from them (filters.test.ts checks the round trip).
 */
import { AT_LEAST_FROM } from '../../search/lib/filters';
import { AMENITY_FILTER_FLAGS } from '../../search/lib/amenities';

export type SavedFilters = Record<string, unknown>;

/** Keys of a search body that describe one page of results, never the search (SAVED_SEARCH_PAGE_KEYS). */
const PAGE_KEYS = ['skip', 'limit', 'view'] as const;

const BOUNDS_KEYS = ['min_lat', 'max_lat', 'min_lon', 'max_lon'] as const;

/** The body to store: the page's search body without skip, limit and view. */
export function savedFiltersFromBody(body: Record<string, unknown>): SavedFilters {
  const out: SavedFilters = { ...body };
  for (const k of PAGE_KEYS) delete out[k];
  return out;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A room range back to the URL's value: "2" exactly two, "2+" at least two (from AT_LEAST_FROM, "5" alone means it). */
function roomsValue(min: unknown, max: unknown, atLeastFrom: number): string | undefined {
  const lo = num(min);
  if (lo === undefined) return undefined;
  const hi = num(max);
  if (hi === lo && lo < atLeastFrom) return String(lo);
  return `${lo}+`;
}

/** Polygon points as stored ({lat, lng} or [lat, lng]) to the `polygon` URL parameter. */
function polygonParam(v: unknown): string | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const points = v.map((p: unknown) => (Array.isArray(p) ? { lat: Number(p[0]), lng: Number(p[1]) } : { lat: Number((p as { lat?: unknown })?.lat), lng: Number((p as { lng?: unknown })?.lng) }));
  return points.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng)) ? JSON.stringify(points) : undefined;
}

/** Whether the search is of an area of the map (bounds or a drawn polygon): it opens on the map. */
export function hasArea(filters: SavedFilters): boolean {
  return Array.isArray(filters.polygon_coordinates) || BOUNDS_KEYS.some((k) => num(filters[k]) !== undefined);
}

/** The search pages' URL parameters for a stored body (the spellings filtersToParams writes). */
export function paramsFromFilters(filters: SavedFilters): URLSearchParams {
  const p = new URLSearchParams();
  const f = filters;
  if (typeof f.listing_type === 'string') p.set('listing_type', f.listing_type);
  if (typeof f.property_type === 'string') p.set('property_type', f.property_type);
  if (typeof f.search === 'string' && f.search.trim()) p.set('location', f.search);
  if (num(f.min_price) !== undefined) p.set('price_min', String(f.min_price));
  if (num(f.max_price) !== undefined) p.set('price_max', String(f.max_price));
  const beds = roomsValue(f.min_bedrooms, f.max_bedrooms, AT_LEAST_FROM.bedrooms);
  if (beds) p.set('bedrooms', beds);
  const baths = roomsValue(f.min_bathrooms, f.max_bathrooms, AT_LEAST_FROM.bathrooms);
  if (baths) p.set('bathrooms', baths);
  if (Array.isArray(f.governorate_id)) p.set('governorate_id', f.governorate_id.join(','));
  else if (num(f.governorate_id) !== undefined) p.set('governorate_id', String(f.governorate_id));
  for (const k of ['district_id', 'uzlah_id', 'village_id'] as const) if (num(f[k]) !== undefined) p.set(k, String(f[k]));
  for (const k of AMENITY_FILTER_FLAGS) if (f[k] === true) p.set(k, '1');
  for (const k of ['min_floor', 'max_floor'] as const) if (num(f[k]) !== undefined) p.set(k, String(f[k]));
  for (const k of BOUNDS_KEYS) if (num(f[k]) !== undefined) p.set(k, String(f[k]));
  const polygon = polygonParam(f.polygon_coordinates);
  if (polygon) p.set('polygon', polygon);
  if (typeof f.sort === 'string' && f.sort !== 'newest') p.set('sort', f.sort);
  return p;
}

/** Where Open goes: the map for an area of it, else the list, with the search's filters in the URL. */
export function searchUrl(filters: SavedFilters): string {
  const qs = paramsFromFilters(filters).toString();
  return `${hasArea(filters) ? '/search-map' : '/search-list'}${qs ? `?${qs}` : ''}`;
}
