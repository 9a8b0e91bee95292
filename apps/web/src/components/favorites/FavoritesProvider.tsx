import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { keepFavorites } from '../../app/offline/keep';
import { sessionKey, useLastSeen } from '../../app/offline/snapshot';
import type { FavoriteItem } from '@manzil/shared';
import { favoritesKey, favoritesQuery, readDevice, removeFavorite, saveFavorite, serverDevice, subscribeDevice, writeDevice } from './store';

/**
 * Which listings the visitor keeps, for every heart on the page (issue 27). Signed out, the device's list;
 * signed in, the account's (GET /favorites, loaded once the session is known, after hydration) with the
 * hearts clicked since laid over it at once and sent in the background (PUT/DELETE), put back if refused.
 * At sign-in the device's list is merged into the account (PUT each, a 404 dropped) and cleared.
 */
export interface FavoritesValue {
  /** Whether the listing is kept; false on the server and during hydration. */
  isSaved: (id: number) => boolean;
  toggle: (id: number) => void;
  signedIn: boolean;
  /** The device's list (signed out), newest first; empty on the server and during hydration. */
  device: readonly number[];
}

const FavoritesContext = createContext<FavoritesValue>({ isSaved: () => false, toggle: () => {}, signedIn: false, device: [] });

export function FavoritesProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const device = useSyncExternalStore(subscribeDevice, readDevice, serverDevice);
  const account = useQuery(favoritesQuery(token));
  // Hearts clicked while signed in with this token: true kept, false forgotten (what the server now holds).
  const [clicked, setClicked] = useState<{ token: string | null; ids: ReadonlyMap<number, boolean> }>({ token, ids: new Map() });
  const overrides = clicked.token === token ? clicked.ids : null;

  // The account's list as last seen, kept for /favorites offline and read back for the hearts (issue 30).
  const lastSeen = useLastSeen<FavoriteItem[]>('favorites', token ? sessionKey(token) : '', token ? account.data : undefined, account.error);
  const accountItems = account.data ?? lastSeen?.data;

  const saved = useMemo(() => {
    const s = new Set<number>(device);
    if (token) for (const f of accountItems ?? []) s.add(f.listing_id);
    for (const [id, on] of overrides ?? []) {
      if (on) s.add(id);
      else s.delete(id);
    }
    return s;
  }, [device, token, accountItems, overrides]);

  const setClick = useCallback(
    (id: number, on: boolean | null) =>
      setClicked((c) => {
        const ids = new Map(c.token === token ? c.ids : []);
        if (on == null) ids.delete(id);
        else ids.set(id, on);
        return { token, ids };
      }),
    [token],
  );

  // Every favourite readable offline (issue 30): the worker fetches the answer and first photo of those it lacks.
  const savedKey = [...saved].join(',');
  useEffect(() => {
    if (savedKey) keepFavorites(savedKey.split(',').map(Number));
  }, [savedKey]);

  const savedRef = useRef(saved);
  useEffect(() => {
    savedRef.current = saved;
  }, [saved]);

  const toggle = useCallback(
    (id: number) => {
      const next = !savedRef.current.has(id);
      const current = readDevice();
      if (!token || current.includes(id)) writeDevice(next ? [id, ...current.filter((x) => x !== id)] : current.filter((x) => x !== id));
      if (!token) return;
      setClick(id, next);
      (next ? saveFavorite(id) : removeFavorite(id))
        // A new favourite: the account's list is read again, so the copy kept for offline has it (a forgotten one
        // stays on the list until it is opened again, as the page wants).
        .then(() => (next ? queryClient.invalidateQueries({ queryKey: favoritesKey(token) }) : undefined))
        .catch((err: unknown) => {
          // A listing gone meanwhile cannot be kept; anything else: the heart goes back to what the server holds.
          setClick(id, err instanceof ApiError && err.status === 404 && next ? false : null);
        });
    },
    [token, setClick, queryClient],
  );

  // Sign-in: the device's favourites join the account, oldest first so the newest stays newest; once per session.
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || device.length === 0 || mergedFor.current === token) return;
    mergedFor.current = token;
    void (async () => {
      const done: number[] = [];
      for (const id of [...device].reverse()) {
        try {
          await saveFavorite(id);
          done.push(id);
        } catch (err) {
          // A listing the public cannot see any more is dropped; offline, the rest waits for the next sign-in.
          if (err instanceof ApiError && err.status === 404) done.push(id);
          else break;
        }
      }
      writeDevice(readDevice().filter((id) => !done.includes(id)));
      await queryClient.invalidateQueries({ queryKey: ['favorites', 'account'] });
    })();
  }, [token, device, queryClient]);

  const value = useMemo<FavoritesValue>(
    () => ({ isSaved: (id) => saved.has(id), toggle, signedIn: Boolean(token), device }),
    [saved, toggle, token, device],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): FavoritesValue {
  return useContext(FavoritesContext);
}
