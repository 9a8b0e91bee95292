import type { RateZone, RatesResponse } from './schemas/rates.js';

// Apart from schemas/rates.ts: the browser's entry converts prices with these, and importing them from the schema
// module would bring zod and every shared schema into it.

/** The zone whose rate converts a listing's rials: its district's exception first, else its governorate's. */
export function rateZoneOf(
  rates: Pick<RatesResponse, 'zones'>,
  place: { governorate_id?: number | null; district_id?: number | null },
): RateZone | undefined {
  if (place.district_id != null) {
    const z = rates.zones.find((zone) => zone.district_ids.includes(place.district_id!));
    if (z) return z;
  }
  if (place.governorate_id == null) return undefined;
  return rates.zones.find((zone) => zone.governorate_ids.includes(place.governorate_id!));
}

/** Units per US dollar for a place: YER from its zone (or the default), USD and SAR national. */
export function ratesAt(
  rates: Pick<RatesResponse, 'zones' | 'national' | 'default_yer_per_usd'>,
  place: { governorate_id?: number | null; district_id?: number | null },
): Record<'USD' | 'SAR' | 'YER', number> {
  return { ...rates.national, YER: rateZoneOf(rates, place)?.yer_per_usd ?? rates.default_yer_per_usd };
}
