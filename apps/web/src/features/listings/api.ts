import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZES } from '@manzil/shared';
import { fetchSearch } from '../search/api/search';

/** /property: newest listings, 12 at a time with Load more; the first page comes with the server's HTML. */
export const propertyPageQuery = infiniteQueryOptions({
  queryKey: ['listings', 'property-page'] as const,
  initialPageParam: 0,
  queryFn: ({ pageParam, signal }) => fetchSearch({ skip: pageParam, limit: PAGE_SIZES.listing, sort: 'newest' }, signal),
  getNextPageParam: (last, all) => {
    const loaded = all.reduce((n, p) => n + p.items.length, 0);
    return last.items.length === PAGE_SIZES.listing && loaded < last.total ? loaded : undefined;
  },
});

/** /recent-properties: the newest 12 still available (the latest never show a listing sold or rented). */
export const recentQueryBody = { skip: 0, limit: PAGE_SIZES.grid, sort: 'newest', availability: 'available' } as const;
