import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingPin } from '@manzil/shared';
import { apiFetch } from '../../../api/client';
import type { Bounds, LatLngPoint } from '../lib/geo';
import { buildMapSearchBody, type MapFilters } from '../lib/params';

export interface SearchAnswer {
  items: ListingPin[];
  total: number;
}

/** The server answers {items,total}; spec §7 also allows a bare array, so accept both. */
function normalise(answer: SearchAnswer | ListingPin[] | undefined): SearchAnswer {
  if (Array.isArray(answer)) return { items: answer, total: answer.length };
  return { items: answer?.items ?? [], total: answer?.total ?? answer?.items?.length ?? 0 };
}

export function mapSearchQuery(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null) {
  const body = buildMapSearchBody(filters, bounds, polygon);
  return queryOptions({
    queryKey: ['listings', 'map-search', body] as const,
    queryFn: async ({ signal }) =>
      normalise(await apiFetch<SearchAnswer | ListingPin[]>('/listings/search', { method: 'POST', body, public: true, signal })),
    staleTime: 30_000,
  });
}

/**
 * Listings in the visible box (and drawn area). Waits for the map's first bounds; keeps the previous
 * markers on screen while the next box loads, so panning never blanks the map.
 */
export function useMapSearch(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null) {
  return useQuery({ ...mapSearchQuery(filters, bounds, polygon), enabled: bounds !== null, placeholderData: keepPreviousData, retry: 1 });
}
