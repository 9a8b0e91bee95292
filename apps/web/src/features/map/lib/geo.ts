import { LIMITS, MAP } from '@manzil/shared';

/** Pure geometry and URL helpers of the map search; no Leaflet here, so unit tests and pages share them. */

export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** Map area of spec §3: the four bounds the search call takes. */
export interface Bounds {
  min_lat: number;
  max_lat: number;
  min_lon: number;
  max_lon: number;
}

export const BOUNDS_KEYS = ['min_lat', 'max_lat', 'min_lon', 'max_lon'] as const;

const FACTOR = 10 ** MAP.coordinateDecimals;

/** Round to the 6 decimals used everywhere (about 0.1 m): short URLs, stable cache keys. */
export function roundCoord(value: number): number {
  return Math.round(value * FACTOR) / FACTOR;
}

const isLat = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= -90 && v <= 90;
const isLng = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= -180 && v <= 180;

/** The smallest box around the points, or null when there are none. */
export function polygonBounds(points: readonly LatLngPoint[]): Bounds | null {
  if (points.length === 0) return null;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const { lat, lng } of points) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
  }
  return { min_lat: roundCoord(minLat), max_lat: roundCoord(maxLat), min_lon: roundCoord(minLng), max_lon: roundCoord(maxLng) };
}

/**
 * The `polygon` URL parameter: a JSON list of points, each {lat, lng} (also {lat, lon}) or [lat, lng].
 * Anything malformed, out of range, with fewer than 3 or more than the server's maximum points gives null,
 * so a hand-edited URL never reaches the server as a 422.
 */
export function parsePolygon(raw: string | null | undefined): LatLngPoint[] | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length < LIMITS.polygonMinPoints || data.length > LIMITS.polygonMaxPoints) return null;
  const points: LatLngPoint[] = [];
  for (const item of data) {
    let lat: unknown;
    let lng: unknown;
    if (Array.isArray(item) && item.length === 2) {
      [lat, lng] = item;
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      lat = o.lat;
      lng = o.lng ?? o.lon;
    }
    if (!isLat(lat) || !isLng(lng)) return null;
    points.push({ lat: roundCoord(lat), lng: roundCoord(lng) });
  }
  return points;
}

export function serializePolygon(points: readonly LatLngPoint[]): string {
  return JSON.stringify(points.map(({ lat, lng }) => ({ lat: roundCoord(lat), lng: roundCoord(lng) })));
}

/** The four bounds from the URL when all are present, valid and not inverted; else null. */
export function parseBounds(params: URLSearchParams): Bounds | null {
  const values = BOUNDS_KEYS.map((k) => {
    const raw = params.get(k);
    return raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  });
  const [minLat, maxLat, minLon, maxLon] = values as [number, number, number, number];
  if (!isLat(minLat) || !isLat(maxLat) || !isLng(minLon) || !isLng(maxLon)) return null;
  if (minLat > maxLat || minLon > maxLon) return null;
  return { min_lat: minLat, max_lat: maxLat, min_lon: minLon, max_lon: maxLon };
}

/** Write (or with null, remove) the four bounds in a copy of the parameters. */
export function withBounds(params: URLSearchParams, bounds: Bounds | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of BOUNDS_KEYS) {
    if (bounds) next.set(k, String(roundCoord(bounds[k])));
    else next.delete(k);
  }
  return next;
}

/** Same box within rounding: used to tell the map's own URL writes from a navigation to another area. */
export function sameBounds(a: Bounds | null, b: Bounds | null, epsilon = 1e-5): boolean {
  if (!a || !b) return a === b;
  return BOUNDS_KEYS.every((k) => Math.abs(a[k] - b[k]) <= epsilon);
}

/** Ray casting (even-odd rule), as the server filters a drawn area. */
export function pointInPolygon(point: LatLngPoint, polygon: readonly LatLngPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    const crosses = a.lat > point.lat !== b.lat > point.lat && point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}
