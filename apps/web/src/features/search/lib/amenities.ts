/**
 * Amenity filters in the search URL (issue 24), named as the API names them: `solar_power=1` … `parking=1` for
 * the yes/no ones, `min_floor` and `max_floor` for the floor (Arabic-Indic digits read too). filters.ts reads
 * and writes them with the other filters, so each gets its chip and survives a reload or a shared link.
 */
import { AMENITY_FLAGS, FLOOR_MAX, FLOOR_MIN, parseLocalizedNumber, type AmenityFlag } from '@manzil/shared';

export const AMENITY_FILTER_FLAGS = [...AMENITY_FLAGS, 'parking'] as const;
export type AmenityFilterFlag = AmenityFlag | 'parking';

export type AmenityFilters = Partial<Record<AmenityFilterFlag, true>> & { min_floor?: number; max_floor?: number };

/** The URL parameters of the amenity filters. */
export const AMENITY_PARAMS = [...AMENITY_FILTER_FLAGS, 'min_floor', 'max_floor'] as const;

const YES = new Set(['1', 'true', 'yes']);

export function parseFloor(raw: string | null | undefined): number | undefined {
  if (raw == null || raw.trim() === '') return undefined;
  const n = parseLocalizedNumber(raw.trim());
  return Number.isInteger(n) && n >= FLOOR_MIN && n <= FLOOR_MAX ? n : undefined;
}

export function parseAmenities(params: URLSearchParams): AmenityFilters {
  const f: AmenityFilters = {};
  for (const k of AMENITY_FILTER_FLAGS) if (YES.has((params.get(k) ?? '').toLowerCase())) f[k] = true;
  const min = parseFloor(params.get('min_floor'));
  const max = parseFloor(params.get('max_floor'));
  if (min !== undefined) f.min_floor = min;
  if (max !== undefined) f.max_floor = max;
  return f;
}

export function amenitiesToParams(f: AmenityFilters, p: URLSearchParams) {
  for (const k of AMENITY_FILTER_FLAGS) if (f[k]) p.set(k, '1');
  if (f.min_floor !== undefined) p.set('min_floor', String(f.min_floor));
  if (f.max_floor !== undefined) p.set('max_floor', String(f.max_floor));
}

/** The amenity part of the POST /listings/search body; a floor range typed the wrong way round is swapped. */
export function amenityBody(f: AmenityFilters): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const k of AMENITY_FILTER_FLAGS) if (f[k]) body[k] = true;
  let [min, max] = [f.min_floor, f.max_floor];
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min !== undefined) body.min_floor = min;
  if (max !== undefined) body.max_floor = max;
  return body;
}
