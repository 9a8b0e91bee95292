/**
 * Prices in the visitor's currency (issue 29), pure so they are unit-tested. The rial has two rates since the
 * banknote split: a YER amount converts with the rate of the zone its place is in (a district exception first,
 * then its governorate's zone); USD and SAR with the national rates. The rates are GET /api/v1/rates.
 */
import { formatPrice, rateZoneOf, type Currency, type RateZone, type RatesResponse, type Lang } from '@manzil/shared';

/** GET /api/v1/rates (packages/shared schemas/rates.ts): zones, national rates ({ USD: 1, SAR: 3.75 }), and
 * the rial's rate for a governorate in no zone. */
export type Rates = RatesResponse;
export type { RateZone };

export interface Place {
  governorate_id?: number | null;
  district_id?: number | null;
}

/** The zone a YER amount in `place` converts with: a zone naming its district first, else its governorate's. */
export function zoneFor(rates: Rates, place: Place): RateZone | null {
  return rateZoneOf(rates, place) ?? null;
}

/** Units of `currency` per US dollar in `place`; null when no rate applies (a rial amount with no place). */
export function unitsPerUsd(currency: Currency, rates: Rates, place: Place): number | null {
  if (currency === 'USD') return 1;
  // A place in no zone converts at the server's default rial rate, as its listings' USD values do.
  const hasPlace = place.governorate_id != null || place.district_id != null;
  const rate = currency === 'YER' ? (hasPlace ? (zoneFor(rates, place)?.yer_per_usd ?? rates.default_yer_per_usd) : null) : rates.national[currency];
  return usable(rate);
}

const usable = (rate: number | null | undefined) => (rate != null && Number.isFinite(rate) && rate > 0 ? rate : null);

/** The zone of the rials the visitor counts in (store.ts useYerZone), when they chose one that still exists. */
export function chosenZone(rates: Rates, zoneId: number | null | undefined): RateZone | null {
  return zoneId == null ? null : (rates.zones.find((z) => z.id === zoneId) ?? null);
}

/**
 * Units of the visitor's currency per US dollar: rials of the zone they chose when they chose one, whatever the
 * place; otherwise as unitsPerUsd at `place`.
 */
export function visitorUnitsPerUsd(currency: Currency, rates: Rates, place: Place, zoneId?: number | null): number | null {
  const zone = currency === 'YER' ? chosenZone(rates, zoneId) : null;
  return zone ? usable(zone.yer_per_usd) : unitsPerUsd(currency, rates, place);
}

/** `amount` in `from` at `place`'s rates, as `to` in the visitor's terms (their zone's rials); null when a rate is missing. */
export function convert(amount: number, from: Currency, to: Currency, rates: Rates, place: Place, zoneId?: number | null): number | null {
  const a = unitsPerUsd(from, rates, place);
  const b = visitorUnitsPerUsd(to, rates, place, zoneId);
  if (from === to && a === b) return amount;
  return a == null || b == null ? null : (amount / a) * b;
}

/**
 * Three significant figures: a converted price is an estimate, and "≈ 79,500,000" reads as one where
 * "≈ 79,473,684" pretends to a precision no exchange rate has.
 */
export function roughly(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  if (magnitude < 3) return Math.round(value);
  const unit = 10 ** (magnitude - 2);
  return Math.round(value / unit) * unit;
}

/** The marks formatPrice writes for Arabic text flow; the cards set direction on the element instead. */
export const plain = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');

/**
 * An amount inside a sentence or an option's plain text: in a left-to-right isolate (U+2066 … U+2069), without
 * those marks (inside the isolate a leading right-to-left mark turned "800 US$" into "$800 US"). An Arabic sentence
 * then reads "52,000,000 YER" as the headline does, not "YER 52,000,000".
 */
export const isolated = (s: string) => `\u2066${plain(s)}\u2069`;

/**
 * "≈" text of a listing's price in the visitor's currency: the amount alone ("$190,000", "53,000,000 YER"),
 * the caller adds the sign and the per-month suffix. Null when there is nothing to add: no price, no rate, or the
 * visitor's money is the listing's (the same currency, and for rials the same zone when the visitor chose one).
 */
export function approxPrice(
  listing: { price: number | null; currency: Currency; property?: Place | null },
  visitor: Currency,
  rates: Rates | undefined,
  lang: Lang,
  zoneId?: number | null,
): string | null {
  if (listing.price == null || !rates) return null;
  if (visitor === listing.currency && (visitor !== 'YER' || !chosenZone(rates, zoneId))) return null;
  const value = convert(listing.price, listing.currency, visitor, rates, listing.property ?? {}, zoneId);
  if (value == null || (visitor === listing.currency && roughly(value) === roughly(listing.price))) return null;
  const text = formatPrice(roughly(value), visitor, lang);
  return text ? plain(text) : null;
}

/** Price per square metre in the listing's own currency, or null without a price or an area. */
export function pricePerSqm(listing: { price: number | null; currency: Currency; property?: { area_sqm: number | null } | null }, lang: Lang): string | null {
  const area = listing.property?.area_sqm;
  if (listing.price == null || listing.price <= 0 || !area || area <= 0) return null;
  const text = formatPrice(listing.price / area, listing.currency, lang);
  return text ? plain(text) : null;
}

/** A lowered price: the old price above the current one, in the same currency (old_price is the listing's). */
export const isReduced = (l: { price: number | null; old_price: number | null }) => l.price != null && l.old_price != null && l.old_price > l.price;

/**
 * A price step kept in US dollars (the search's unit, spec §2) as the visitor reads it: the amount in their
 * currency, rounded as an estimate; null when it cannot be said (rials without a place), so the step is shown in
 * dollars.
 */
export function stepIn(usd: number, visitor: Currency, rates: Rates | undefined, place: Place, zoneId?: number | null): number | null {
  if (visitor === 'USD') return usd;
  if (!rates) return null;
  const rate = visitorUnitsPerUsd(visitor, rates, place, zoneId);
  return rate == null ? null : roughly(usd * rate);
}
