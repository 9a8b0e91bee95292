import { queryOptions } from '@tanstack/react-query';
import type { MarketInsights } from '@manzil/shared';
import { apiFetch } from '../../api/client';
import type { MarketSelection } from './lib/selection';

/** GET /market/insights for one governorate, listing type and property type (issue 29). */
export function marketInsightsQuery(s: MarketSelection) {
  const params = new URLSearchParams({ governorate_id: String(s.governorateId), listing_type: s.listingType, property_type: s.propertyType });
  return queryOptions({
    queryKey: ['market', 'insights', s.governorateId, s.listingType, s.propertyType] as const,
    queryFn: ({ signal }) => apiFetch<MarketInsights>(`/market/insights?${params}`, { signal }),
    // The server lets an answer be kept a minute; medians move slowly.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
