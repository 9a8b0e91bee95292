import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingPin, MapCluster, MapSearchAnswer } from '@manzil/shared';
import { apiFetch } from '../../../api/client';
import type { Bounds, LatLngPoint } from '../lib/geo';
import { buildMapResultsBody, buildMapViewBody, type MapFilters } from '../lib/params';

/** What the map shows: pins (a view of a few hundred listings at most), or the server's clusters. */
export interface MapView {
  mode: 'pins' | 'clusters';
  items: ListingPin[];
  clusters: MapCluster[];
  /** Listings in the view (pins), or in the clusters' cells. */
  total: number;
}

export interface SearchAnswer {
  items: ListingPin[];
  total: number;
  /** More match than `total` says (the search's count stops at a cap). */
  total_capped?: boolean;
}

function normaliseView(answer: MapSearchAnswer | undefined): MapView {
  if (answer?.mode === 'clusters') return { mode: 'clusters', items: [], clusters: answer.clusters ?? [], total: answer.total ?? 0 };
  const items = answer?.items ?? [];
  return { mode: 'pins', items, clusters: [], total: answer?.total ?? items.length };
}

export interface MapArea {
  bounds: Bounds;
  zoom: number;
}

export function mapViewQuery(filters: MapFilters, area: MapArea | null, polygon: LatLngPoint[] | null) {
  const body = buildMapViewBody(filters, area?.bounds ?? null, polygon, area?.zoom ?? 0);
  return queryOptions({
    queryKey: ['listings', 'map-view', body] as const,
    queryFn: async ({ signal }) => normaliseView(await apiFetch<MapSearchAnswer>('/listings/search/map', { method: 'POST', body, public: true, signal })),
    staleTime: 30_000,
  });
}

/**
 * What the map shows of the visible box (and drawn area) at its zoom: pins or clusters. Waits for the map's
 * first bounds; keeps the previous markers on screen while the next box loads, so panning never blanks the map.
 */
export function useMapSearch(filters: MapFilters, area: MapArea | null, polygon: LatLngPoint[] | null) {
  return useQuery({ ...mapViewQuery(filters, area, polygon), enabled: area !== null, placeholderData: keepPreviousData, retry: 1 });
}

/**
 * The newest listings of the page's results as pins, with their count: those in the view, for the list beside
 * the map while the map shows clusters (the clusters' answer has no listings of its own); with a drawn area,
 * those in the whole area, wherever the map looks (buildMapResultsBody). Only asked for when `enabled`.
 */
export function useMapListing(filters: MapFilters, bounds: Bounds | null, polygon: LatLngPoint[] | null, limit: number, enabled: boolean) {
  const body = { ...buildMapResultsBody(filters, bounds, polygon), limit };
  return useQuery({
    queryKey: ['listings', 'map-list', body] as const,
    queryFn: async ({ signal }) => {
      const a = await apiFetch<SearchAnswer>('/listings/search', { method: 'POST', body, public: true, signal });
      return { items: a?.items ?? [], total: a?.total ?? 0, capped: a?.total_capped ?? false };
    },
    staleTime: 30_000,
    enabled: enabled && (bounds !== null || polygon !== null),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
