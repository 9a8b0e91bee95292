/**
 * Reading search filters from a URL, shared by the list/grid pages (features/search) and the map page
 * (features/map) so that every spelling of spec §2 means the same thing on all three views.
 */
import { LIMITS, LISTING_TYPES, PROPERTY_TYPES, parseLocalizedNumber, type ListingType, type PropertyType } from '@manzil/shared';

/** The first of several spellings of a parameter that has a non-blank value (e.g. price_min / min_price). */
export function firstParam(params: URLSearchParams, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = params.get(k);
    if (v !== null && v.trim() !== '') return v;
  }
  return null;
}

const enumKey = (raw: string) => raw.trim().toUpperCase().replace(/[\s-]/g, '_');

/** sale/buy/rent (home search) and FOR_SALE/FOR_RENT (footer), in any case. */
export function parseListingType(raw: string | null | undefined): ListingType | undefined {
  if (!raw) return undefined;
  const v = enumKey(raw);
  if (v === 'SALE' || v === 'BUY') return 'FOR_SALE';
  if (v === 'RENT') return 'FOR_RENT';
  return (LISTING_TYPES as readonly string[]).includes(v) ? (v as ListingType) : undefined;
}

export function parsePropertyType(raw: string | null | undefined): PropertyType | undefined {
  if (!raw) return undefined;
  const v = enumKey(raw);
  return (PROPERTY_TYPES as readonly string[]).includes(v) ? (v as PropertyType) : undefined;
}

/** A non-negative price (Arabic-Indic digits allowed) within the schema's bound. */
export function parseAmount(raw: string | null | undefined): number | undefined {
  if (raw == null || raw.trim() === '') return undefined;
  const n = parseLocalizedNumber(raw);
  return Number.isFinite(n) && n >= 0 && n <= LIMITS.priceMax ? n : undefined;
}

/** A positive database id. */
export function parseId(raw: string | null | undefined): number | undefined {
  if (!raw) return undefined;
  const n = parseLocalizedNumber(raw);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : undefined;
}

/** One id, or a list such as "1,2" (the footer's Sana'a, DESIGN §5), at most 30. */
export function parseIds(raw: string | null | undefined): number | number[] | undefined {
  if (!raw) return undefined;
  const ids = raw.split(',').map((s) => parseId(s.trim())).filter((n): n is number => n !== undefined);
  if (ids.length === 0) return undefined;
  return ids.length === 1 ? ids[0] : [...new Set(ids)].slice(0, 30);
}

/** "2", "5+", "٣" → a normalised room value, or undefined. */
export function parseRoomsValue(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const t = raw.trim();
  const plus = t.endsWith('+');
  const n = parseLocalizedNumber(plus ? t.slice(0, -1) : t);
  if (!Number.isInteger(n) || n < 0 || n > LIMITS.roomsMax) return undefined;
  return plus ? `${n}+` : String(n);
}

/** min/max for the search body: exact below the threshold, at least from it (or with a trailing +). */
export function roomsRange(value: string | undefined, atLeastFrom: number): { min?: number; max?: number } {
  if (!value) return {};
  const plus = value.endsWith('+');
  const n = Number(plus ? value.slice(0, -1) : value);
  if (!Number.isInteger(n)) return {};
  return plus || n >= atLeastFrom ? { min: n } : { min: n, max: n };
}
