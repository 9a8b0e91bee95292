import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingRead, PriceHistory } from '@manzil/shared';
import { ApiError, apiFetch } from '../../../api/client';

/** A positive integer id from the route, else null (a junk id is "not found" without asking the server). */
export function parseListingId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * GET /listings/{id}. Signed in, the token goes along, so owners and admins can open listings the public
 * cannot (pending, rejected, inactive). Each public read counts a view, so it is not refetched on focus.
 */
export function listingDetailsQuery(id: number, token: string | null) {
  return queryOptions({
    queryKey: ['listings', 'detail', id, token ? 'auth' : 'anon'] as const,
    queryFn: ({ signal }) => apiFetch<ListingRead>(`/listings/${id}`, { auth: Boolean(token), public: !token, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (count, error) => !isNotFound(error) && count < 1,
    // A listing the server already found missing (its page came with the failed query) is not asked for again.
    retryOnMount: false,
  });
}

export function useListingDetails(id: number | null, token: string | null) {
  return useQuery({ ...listingDetailsQuery(id ?? 0, token), enabled: id !== null });
}

/** DELETE /listings/{id} (owner or admin); drops every cached listing view afterwards. */
export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/listings/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: ['listings', 'detail', id] });
      void client.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}

/**
 * GET /listings/{id}/price-history (issue 29): the listing's price changes, newest first. Read like the listing
 * (public, or the owner's and admins' own); the details page's loader asks for it with the listing.
 */
export function priceHistoryQuery(id: number, token: string | null) {
  return queryOptions({
    queryKey: ['listings', 'price-history', id, token ? 'auth' : 'anon'] as const,
    queryFn: ({ signal }) => apiFetch<PriceHistory>(`/listings/${id}/price-history`, { auth: Boolean(token), public: !token, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (count, error) => !isNotFound(error) && count < 1,
    retryOnMount: false,
  });
}
