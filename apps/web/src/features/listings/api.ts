import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZES } from '@manzil/shared';
import { fetchSearch } from '../search/api/search';
import { TAB_QUERIES, type Tab } from './lib/tabs';

/** /property: a tab's listings in the server's order, 12 at a time with Load more continuing that order. */
export const propertyTabQuery = (tab: Tab) =>
  infiniteQueryOptions({
    queryKey: ['listings', 'property-page', tab] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchSearch({ skip: pageParam, limit: PAGE_SIZES.listing, ...TAB_QUERIES[tab] }, signal),
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === PAGE_SIZES.listing && loaded < last.total ? loaded : undefined;
    },
  });

/** /property's first tab (All, newest first); its first page comes with the server's HTML. */
export const propertyPageQuery = propertyTabQuery('all');

/** /recent-properties: the newest 12 still available (the latest never show a listing sold or rented). */
export const recentQueryBody = { skip: 0, limit: PAGE_SIZES.grid, sort: 'newest', availability: 'available' } as const;
