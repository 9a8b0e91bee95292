import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_EXCHANGE_RATES, type governorateItem } from '@manzil/shared';
import type { z } from 'zod';
import { apiFetch } from './client';

/** Query hooks shared by several areas. Feature-only queries live in features/<area>/api. */

export type Governorate = z.infer<typeof governorateItem>;

/** GET /locations/governorates/ — the 22 governorates; they change only with a data import. */
export const governoratesQuery = queryOptions({
  queryKey: ['locations', 'governorates'] as const,
  queryFn: ({ signal }) => apiFetch<Governorate[]>('/locations/governorates/', { signal }),
  staleTime: 60 * 60 * 1000,
  gcTime: 24 * 60 * 60 * 1000,
});

export const useGovernorates = () => useQuery(governoratesQuery);

/** GET /config — what the browser needs from the server's configuration. */
export interface PublicConfig {
  map_tile_url: string;
  satellite_tile_url: string;
  google_client_id: string | null;
  /** Units per 1 USD, e.g. { USD: 1, SAR: 3.75, YER: 530 }. */
  exchange_rates: Record<string, number>;
}

/** Used while /config loads or when it fails, so maps and prices still work. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  map_tile_url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  satellite_tile_url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  google_client_id: null,
  exchange_rates: DEFAULT_EXCHANGE_RATES,
};

export const publicConfigQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => apiFetch<PublicConfig>('/config', { signal }),
  staleTime: 60 * 60 * 1000,
});

/** `config` is always usable: the server's when loaded, the defaults otherwise. */
export function usePublicConfig() {
  const query = useQuery(publicConfigQuery);
  return { ...query, config: { ...DEFAULT_PUBLIC_CONFIG, ...query.data } as PublicConfig };
}
