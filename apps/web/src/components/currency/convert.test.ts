import { describe, expect, it } from 'vitest';
import { approxPrice, convert, isolated, isReduced, pricePerSqm, roughly, stepIn, unitsPerUsd, zoneFor, type Rates } from './convert';

/** Two zones as GET /api/v1/rates gives them: Sana'a's old notes, Aden's new ones, with a district of Taiz in each. */
const rates: Rates = {
  zones: [
    { id: 1, name_en: 'Old notes', name_ar: 'الطبعة القديمة', yer_per_usd: 530, governorate_ids: [1, 2, 12], district_ids: [] },
    { id: 2, name_en: 'New notes', name_ar: 'الطبعة الجديدة', yer_per_usd: 1600, governorate_ids: [3, 15], district_ids: [210] },
  ],
  national: { USD: 1, SAR: 3.75 },
  default_yer_per_usd: 530,
  updated_at: '2026-11-26T09:00:00.000Z',
};
const sanaa = { governorate_id: 1, district_id: 5 };
const aden = { governorate_id: 3, district_id: 40 };
const listing = (price: number | null, currency: 'YER' | 'USD' | 'SAR', place = sanaa, area: number | null = 100) => ({
  price,
  currency,
  old_price: null,
  property: { ...place, area_sqm: area },
});

describe('zone choice', () => {
  it('a district named by a zone goes by that zone, else by its governorate’s', () => {
    expect(zoneFor(rates, sanaa)?.id).toBe(1);
    expect(zoneFor(rates, aden)?.id).toBe(2);
    // District 210 lies in Taiz (an old-notes governorate) but trades with new notes.
    expect(zoneFor(rates, { governorate_id: 12, district_id: 210 })?.id).toBe(2);
    expect(zoneFor(rates, { governorate_id: 12, district_id: 211 })?.id).toBe(1);
    expect(zoneFor(rates, {})).toBeNull();
    expect(zoneFor(rates, { governorate_id: 99 })).toBeNull();
    // A governorate in no zone: the server's default rial rate, as its listings' USD values.
    expect(unitsPerUsd('YER', rates, { governorate_id: 99 })).toBe(530);
  });
  it('rials need a place; dollars and riyals use the national rates', () => {
    expect(unitsPerUsd('YER', rates, aden)).toBe(1600);
    expect(unitsPerUsd('YER', rates, {})).toBeNull();
    expect(unitsPerUsd('SAR', rates, {})).toBe(3.75);
    expect(unitsPerUsd('USD', rates, {})).toBe(1);
  });
  it('the same rial price is worth three times less in Aden', () => {
    expect(convert(53_000_000, 'YER', 'USD', rates, sanaa)).toBe(100_000);
    expect(convert(53_000_000, 'YER', 'USD', rates, aden)).toBeCloseTo(33_125);
    expect(convert(375_000, 'SAR', 'USD', rates, aden)).toBe(100_000);
    expect(convert(100_000, 'USD', 'YER', rates, aden)).toBe(160_000_000);
    expect(convert(375_000, 'SAR', 'YER', rates, sanaa)).toBe(53_000_000);
  });
});

describe('≈ prices', () => {
  it('rounds to three significant figures', () => {
    expect(roughly(79_473_684)).toBe(79_500_000);
    expect(roughly(33_125)).toBe(33_100);
    expect(roughly(188.68)).toBe(189);
    expect(roughly(0)).toBe(0);
  });
  it('formats in the visitor’s currency in both languages, with the dollar sign of spec §9', () => {
    expect(approxPrice(listing(53_000_000, 'YER', aden), 'USD', rates, 'en')).toBe('$33,100');
    expect(approxPrice(listing(53_000_000, 'YER', aden), 'USD', rates, 'ar')).toBe('33,100\u00a0US$');
    expect(approxPrice(listing(100_000, 'USD'), 'YER', rates, 'en')).toBe('YER\u00a053,000,000');
    expect(approxPrice(listing(100_000, 'USD', aden), 'YER', rates, 'ar')).toBe('160,000,000\u00a0YER');
    expect(approxPrice(listing(100_000, 'USD'), 'SAR', rates, 'en')).toBe('SAR\u00a0375,000');
  });
  it('says nothing in the listing’s own currency, without a price or without rates', () => {
    expect(approxPrice(listing(100_000, 'USD'), 'USD', rates, 'en')).toBeNull();
    expect(approxPrice(listing(null, 'YER'), 'USD', rates, 'en')).toBeNull();
    expect(approxPrice(listing(100_000, 'YER'), 'USD', undefined, 'en')).toBeNull();
    expect(approxPrice({ ...listing(100_000, 'YER'), property: null }, 'USD', rates, 'en')).toBeNull();
  });
});

describe('the rials the visitor counts in (a zone they chose)', () => {
  it('a rial price of another zone reads in the visitor’s rials; of their own zone, nothing is added', () => {
    // 53,000,000 old-note rials in Sana'a = $100,000 = 160,000,000 new-note rials.
    expect(approxPrice(listing(53_000_000, 'YER', sanaa), 'YER', rates, 'en', 2)).toBe('YER\u00a0160,000,000');
    expect(approxPrice(listing(53_000_000, 'YER', aden), 'YER', rates, 'en', 2)).toBeNull();
    expect(approxPrice(listing(160_000_000, 'YER', aden), 'YER', rates, 'ar', 1)).toBe('53,000,000\u00a0YER');
    // No zone chosen (or one since removed): rials are each listing's own, nothing to add.
    expect(approxPrice(listing(53_000_000, 'YER', sanaa), 'YER', rates, 'en', null)).toBeNull();
    expect(approxPrice(listing(53_000_000, 'YER', sanaa), 'YER', rates, 'en', 9)).toBeNull();
  });
  it('dollars and riyals convert to the chosen zone’s rials wherever the listing is', () => {
    expect(approxPrice(listing(100_000, 'USD', sanaa), 'YER', rates, 'en', 2)).toBe('YER\u00a0160,000,000');
    expect(convert(375_000, 'SAR', 'YER', rates, aden, 1)).toBe(53_000_000);
    // The zone is about rials only: a dollar visitor is unaffected.
    expect(approxPrice(listing(53_000_000, 'YER', aden), 'USD', rates, 'en', 1)).toBe('$33,100');
  });
  it('price steps in the chosen rials need no place', () => {
    expect(stepIn(100_000, 'YER', rates, {}, 2)).toBe(160_000_000);
    expect(stepIn(2_000, 'YER', rates, aden, 1)).toBe(1_060_000);
    expect(stepIn(100_000, 'SAR', rates, {}, 2)).toBe(375_000);
  });
});

describe('price per m², reductions and filter steps', () => {
  it('price per m² in the listing’s currency, where there is an area', () => {
    expect(pricePerSqm(listing(120_000, 'USD'), 'en')).toBe('$1,200');
    expect(pricePerSqm(listing(53_000_000, 'YER'), 'ar')).toBe('530,000\u00a0YER');
    expect(pricePerSqm(listing(120_000, 'USD', sanaa, null), 'en')).toBeNull();
    expect(pricePerSqm(listing(null, 'USD'), 'en')).toBeNull();
  });
  it('a price is reduced when its old price is higher', () => {
    expect(isReduced({ price: 90, old_price: 100 })).toBe(true);
    expect(isReduced({ price: 100, old_price: 90 })).toBe(false);
    expect(isReduced({ price: 100, old_price: null })).toBe(false);
    expect(isReduced({ price: null, old_price: 100 })).toBe(false);
  });
  it('dollar steps read in the visitor’s currency; rials only with a place', () => {
    expect(stepIn(100_000, 'USD', undefined, {})).toBe(100_000);
    expect(stepIn(100_000, 'SAR', rates, {})).toBe(375_000);
    expect(stepIn(2_000, 'YER', rates, aden)).toBe(3_200_000);
    expect(stepIn(100_000, 'YER', rates, {})).toBeNull();
    expect(stepIn(100_000, 'SAR', undefined, {})).toBeNull();
  });
});

describe('isolated', () => {
  it('puts an amount in a left-to-right isolate without its direction marks', () => {
    expect(isolated('\u200f52,000,000\u00a0YER')).toBe('\u206652,000,000\u00a0YER\u2069');
    expect(isolated('\u200f\u200e-5\u00a0US$')).toBe('\u2066-5\u00a0US$\u2069');
  });
});
