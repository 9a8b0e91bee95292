/**
 * Favourites (issue 27), the shared part every page uses: the calls of the API (bearer token), the list kept on
 * the device while signed out (localStorage STORAGE_KEYS.favorites, listing ids newest first), and a store of
 * that list for useSyncExternalStore whose server snapshot is empty, so the server's HTML and the first render
 * in the browser both show every heart "not saved" (hydration), and only then the device's or account's.
 */
import { queryOptions } from '@tanstack/react-query';
import { STORAGE_KEYS, type FavoriteItem, type FavoriteList, type ListingRead } from '@manzil/shared';
import { apiFetch } from '../../api/client';

/** The most favourites kept on the device while signed out (listing ids, newest first). */
const DEVICE_MAX = 500;

/** The most a page of GET /favorites holds. */
const PAGE = 100;

/** Every favourite of the signed-in user, newest kept first (pages of 100 until the total). */
export async function fetchFavorites(signal?: AbortSignal): Promise<FavoriteItem[]> {
  const items: FavoriteItem[] = [];
  for (;;) {
    const page = await apiFetch<FavoriteList>(`/favorites?skip=${items.length}&limit=${PAGE}`, { auth: true, signal });
    items.push(...page.items);
    if (page.items.length < PAGE || items.length >= page.total) return items;
  }
}

export const favoritesKey = (token: string | null) => ['favorites', 'account', token] as const;

export const favoritesQuery = (token: string | null) =>
  queryOptions({
    queryKey: favoritesKey(token),
    queryFn: ({ signal }) => fetchFavorites(signal),
    enabled: Boolean(token),
  });

export const saveFavorite = (id: number) => apiFetch<void>(`/favorites/${id}`, { method: 'PUT', auth: true });
export const removeFavorite = (id: number) => apiFetch<void>(`/favorites/${id}`, { method: 'DELETE', auth: true });

/** A listing kept on the device, read publicly (signed out). A listing the public cannot see answers 404. */
export const publicListingQuery = (id: number) =>
  queryOptions({
    queryKey: ['favorites', 'device', id] as const,
    queryFn: ({ signal }) => apiFetch<ListingRead>(`/listings/${id}`, { signal }),
    staleTime: 60_000,
  });

// ---- the device's list ----

const EMPTY: readonly number[] = Object.freeze([]);
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: readonly number[] } = { raw: null, ids: EMPTY };

export function readDevice(): readonly number[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.favorites);
  } catch {
    /* storage unavailable (private mode): nothing kept */
  }
  if (raw === cache.raw) return cache.ids;
  let ids: readonly number[] = EMPTY;
  try {
    // Checked by hand, not with a zod schema: this module is in every page's entry, and a shared schema would
    // bring zod and every other shared schema with it (~100 KB before compression).
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (isDeviceList(parsed)) ids = [...new Set(parsed)];
  } catch {
    /* not JSON: start again */
  }
  cache = { raw, ids };
  return ids;
}

/** What the device may hold: at most DEVICE_MAX positive integer ids. */
const isDeviceList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length <= DEVICE_MAX && v.every((id) => Number.isInteger(id) && id > 0);

/** The server renders nobody's favourites. */
export const serverDevice = (): readonly number[] => EMPTY;

export function writeDevice(ids: readonly number[]) {
  try {
    if (ids.length) localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify(ids.slice(0, DEVICE_MAX)));
    else localStorage.removeItem(STORAGE_KEYS.favorites);
  } catch {
    /* storage unavailable: the change lasts for this page only */
    cache = { raw: cache.raw, ids: [...ids] };
  }
  for (const l of listeners) l();
}

export function subscribeDevice(listener: () => void) {
  listeners.add(listener);
  // Another tab kept or forgot a favourite.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.favorites || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
