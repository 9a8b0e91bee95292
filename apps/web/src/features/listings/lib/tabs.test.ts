import { describe, expect, it } from 'vitest';
import type { ListingRead } from '@manzil/shared';
import { applyTab } from './tabs';

const l = (id: number, listing_type: 'FOR_SALE' | 'FOR_RENT', price: number | null, currency: 'USD' | 'YER', area: number | null) =>
  ({ id, listing_type, price, currency, property: { area_sqm: area } }) as unknown as ListingRead;
const rates = { USD: 1, YER: 530, SAR: 3.75 };
const items = [l(1, 'FOR_SALE', 100_000, 'USD', 150), l(2, 'FOR_RENT', 530_000, 'YER', 300), l(3, 'FOR_SALE', 53_000_000, 'YER', null), l(4, 'FOR_RENT', null, 'USD', 90)];

describe('/property filter tabs on loaded items', () => {
  it('sorts Top Properties by price (in USD) and Biggest Homes by area, descending', () => {
    expect(applyTab(items, 'top', rates).map((x) => x.id)).toEqual([1, 3, 2, 4]);
    expect(applyTab(items, 'biggest', rates).map((x) => x.id)).toEqual([2, 1, 4, 3]);
  });
  it('filters For Rent and For Sale, and All keeps the order', () => {
    expect(applyTab(items, 'rent', rates).map((x) => x.id)).toEqual([2, 4]);
    expect(applyTab(items, 'sale', rates).map((x) => x.id)).toEqual([1, 3]);
    expect(applyTab(items, 'all', rates)).toBe(items);
  });
});
