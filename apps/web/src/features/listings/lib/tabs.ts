import type { ListingType, SearchSort } from '@manzil/shared';

/** The five tabs of spec §2 "Listing page". */
export const TABS = ['all', 'top', 'biggest', 'rent', 'sale'] as const;
export type Tab = (typeof TABS)[number];

/**
 * What each tab asks the server (POST /listings/search), so a tab is right over every listing, not only the
 * cards loaded (issue 24; the spec's tabs sorted and filtered the loaded page): Top Properties by price (in USD,
 * across currencies), Biggest Homes by area, For Rent and For Sale newest first. Load more continues the
 * same order; sold and rented listings come last in each.
 */
export const TAB_QUERIES: Record<Tab, { sort: SearchSort; listing_type?: ListingType }> = {
  all: { sort: 'newest' },
  top: { sort: 'price_desc' },
  biggest: { sort: 'area_desc' },
  rent: { sort: 'newest', listing_type: 'FOR_RENT' },
  sale: { sort: 'newest', listing_type: 'FOR_SALE' },
};
