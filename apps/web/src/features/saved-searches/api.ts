/**
 * Saved searches (issue 27): the calls of the API (bearer token) and the alerts' unsubscribe link (public).
 * Types only from @manzil/shared: its schemas (and zod) stay out of the browser's chunks.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SavedSearchFrequency, SavedSearchList, SavedSearchRead } from '@manzil/shared';
import { apiFetch } from '../../api/client';

export type { SavedSearchFrequency, SavedSearchRead };

/** The choices, in the order the dialog and the page offer them (SAVED_SEARCH_FREQUENCIES). */
export const FREQUENCIES: readonly SavedSearchFrequency[] = ['instant', 'daily', 'weekly', 'off'];
export const DEFAULT_FREQUENCY: SavedSearchFrequency = 'daily';

/** The longest name (LIMITS.savedSearchNameMax) and the most searches a user keeps (LIMITS.savedSearchesPerUser). */
export const NAME_MAX = 100;
export const SAVED_MAX = 50;

export const savedSearchesKey = (token: string | null) => ['saved-searches', token] as const;

export const savedSearchesQuery = (token: string | null) =>
  queryOptions({
    queryKey: savedSearchesKey(token),
    queryFn: ({ signal }) => apiFetch<SavedSearchList>('/saved-searches', { auth: true, signal }),
    enabled: Boolean(token),
  });

export const createSavedSearch = (body: { name: string; filters: Record<string, unknown>; frequency: SavedSearchFrequency }) =>
  apiFetch<SavedSearchRead>('/saved-searches', { method: 'POST', body, auth: true });

export const patchSavedSearch = (id: number, body: { name?: string; frequency?: SavedSearchFrequency; seen?: true }) =>
  apiFetch<SavedSearchRead>(`/saved-searches/${id}`, { method: 'PATCH', body, auth: true });

export const deleteSavedSearch = (id: number) => apiFetch<void>(`/saved-searches/${id}`, { method: 'DELETE', auth: true });

/** The search an unsubscribe link is for: 400 a bad or expired token, 404 the search is gone. */
export const unsubscribeInfo = (token: string, signal?: AbortSignal) =>
  apiFetch<{ name: string; frequency: SavedSearchFrequency }>(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`, { signal });

/** Turns that search's alerts off (204), without signing in. */
export const unsubscribe = (token: string) => apiFetch<void>('/alerts/unsubscribe', { method: 'POST', body: { token } });
