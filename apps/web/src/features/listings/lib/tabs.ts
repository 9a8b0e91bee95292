import { toUsd, type ListingRead } from '@manzil/shared';

/** The five tabs of spec §2 "Listing page"; they work on the listings already loaded. */
export const TABS = ['all', 'top', 'biggest', 'rent', 'sale'] as const;
export type Tab = (typeof TABS)[number];

const usd = (l: ListingRead, rates: Record<string, number>) => {
  if (l.price == null) return -1;
  try {
    return toUsd(l.price, l.currency, rates);
  } catch {
    return l.price;
  }
};

/** Top Properties: price descending (compared in USD so YER and USD prices line up); Biggest Homes: area descending. */
export function applyTab(items: ListingRead[], tab: Tab, rates: Record<string, number>): ListingRead[] {
  switch (tab) {
    case 'top':
      return [...items].sort((a, b) => usd(b, rates) - usd(a, rates));
    case 'biggest':
      return [...items].sort((a, b) => (b.property.area_sqm ?? -1) - (a.property.area_sqm ?? -1));
    case 'rent':
      return items.filter((l) => l.listing_type === 'FOR_RENT');
    case 'sale':
      return items.filter((l) => l.listing_type === 'FOR_SALE');
    default:
      return items;
  }
}
