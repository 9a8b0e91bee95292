import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CityStat, ListingRead, LocationSuggestion } from '@manzil/shared';
import { apiFetch } from '../../../api/client';

/**
 * POST /listings/search and friends. Used by the search pages and, one way only, by the home and
 * listing pages of the same engineer (features/home, features/listings).
 */
export interface SearchAnswer {
  items: ListingRead[];
  total: number;
  /** The server stops counting at 10,000 ("10,000+"). */
  total_capped?: boolean;
}

/** The server answers {items,total}; spec §7 also allows a bare array. */
function normalise(answer: SearchAnswer | ListingRead[] | undefined): SearchAnswer {
  if (Array.isArray(answer)) return { items: answer, total: answer.length };
  return { items: answer?.items ?? [], total: answer?.total ?? answer?.items?.length ?? 0, total_capped: answer?.total_capped ?? false };
}

export function fetchSearch(body: Record<string, unknown>, signal?: AbortSignal): Promise<SearchAnswer> {
  return apiFetch<SearchAnswer | ListingRead[]>('/listings/search', { method: 'POST', body, public: true, signal }).then(normalise);
}

export const searchQuery = (body: Record<string, unknown>) =>
  queryOptions({
    queryKey: ['listings', 'search', body] as const,
    queryFn: ({ signal }) => fetchSearch(body, signal),
    staleTime: 30_000,
  });

/** One page of results; the previous page stays on screen while the next one loads. */
export function useSearch(body: Record<string, unknown>, enabled = true) {
  return useQuery({ ...searchQuery(body), enabled, placeholderData: keepPreviousData, retry: 1 });
}

export const cityStatsQuery = queryOptions({
  queryKey: ['listings', 'stats', 'by-city'] as const,
  queryFn: ({ signal }) => apiFetch<CityStat[]>('/listings/stats/by-city', { signal }),
  staleTime: 60_000,
});

export type Suggestion = LocationSuggestion;

/** GET /locations/search?q=&limit= (DESIGN §4): suggestions over all four levels, best match first. */
export function fetchLocationSuggestions(q: string, limit: number, signal?: AbortSignal): Promise<Suggestion[]> {
  return apiFetch<Suggestion[]>(`/locations/search?q=${encodeURIComponent(q)}&limit=${limit}`, { signal });
}

export interface PlaceItem {
  id: number;
  name_en: string;
  name_ar: string;
}

/** The cascade of the sidebar's location selector. */
export function placesQuery(level: 'districts' | 'uzaal' | 'villages', parentId: number | undefined) {
  const param = level === 'districts' ? 'governorate_id' : level === 'uzaal' ? 'district_id' : 'uzaal_id';
  return queryOptions({
    queryKey: ['locations', level, parentId] as const,
    queryFn: ({ signal }) => apiFetch<PlaceItem[]>(`/locations/${level}/?${param}=${parentId}`, { signal }),
    enabled: parentId !== undefined,
    staleTime: 60 * 60 * 1000,
  });
}
