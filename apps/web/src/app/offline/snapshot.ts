/**
 * The last list a visitor saw of a page of their own (favourites, saved searches), kept on the device with when
 * it was saved, to show it offline (issue 30). localStorage, per account: a shared phone never shows one
 * person's list to another (cleared with the session's other keys at sign-out by key prefix).
 */
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../api/client';

export const SNAPSHOT_PREFIX = 'manzil:offline:';
/** The IndexedDB database of drafts' photos (draft-photos.ts), named here so sign-out deletes it without loading idb. */
export const DRAFT_PHOTOS_DB = 'manzil-drafts';

export interface Snapshot<T> {
  savedAt: number;
  data: T;
}

const keyOf = (name: string, userId: number | string) => `${SNAPSHOT_PREFIX}${name}:${userId}`;

export function saveSnapshot<T>(name: string, userId: number | string, data: T): void {
  try {
    localStorage.setItem(keyOf(name, userId), JSON.stringify({ savedAt: Date.now(), data } satisfies Snapshot<T>));
  } catch {
    /* storage full or unavailable: nothing kept */
  }
}

export function readSnapshot<T>(name: string, userId: number | string): Snapshot<T> | null {
  try {
    const raw = localStorage.getItem(keyOf(name, userId));
    const parsed = raw ? (JSON.parse(raw) as Snapshot<T>) : null;
    return parsed && typeof parsed.savedAt === 'number' && parsed.data != null ? parsed : null;
  } catch {
    return null;
  }
}

export function removeSnapshot(name: string, userId: number | string): void {
  try {
    localStorage.removeItem(keyOf(name, userId));
  } catch {
    /* nothing kept */
  }
}

/** Sign-out: the lists and drafts of whoever used this device go with their session, drafts' photos too. */
export function clearSnapshots(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(SNAPSHOT_PREFIX)) localStorage.removeItem(key);
  } catch {
    /* nothing to clear */
  }
  try {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DRAFT_PHOTOS_DB);
  } catch {
    /* nothing to clear */
  }
}

/** "26 November 2026 at 14:05" in the page's language (Western digits in Arabic, as the rest of the site). */
export function savedAtText(savedAt: number, lang: string): string {
  return new Intl.DateTimeFormat(lang.startsWith('ar') ? 'ar-YE-u-nu-latn' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(savedAt));
}

/** Whose list it is: the session (a token's last characters), known offline when /users/me cannot be asked. */
export const sessionKey = (token: string) => token.slice(-16);

/**
 * A list page's last-seen copy: kept each time the list arrives, read back when it cannot arrive for want of a
 * network. Undefined while there is nothing to say (the list is there, or failed otherwise); null offline with
 * nothing kept.
 */
export function useLastSeen<T>(name: string, owner: string, data: T | undefined, error: unknown): Snapshot<T> | null | undefined {
  useEffect(() => {
    if (data !== undefined) saveSnapshot(name, owner, data);
  }, [name, owner, data]);
  const failure = data === undefined && error instanceof ApiError && error.isNetworkError ? error : null;
  // Read once per failure, not on each render (the favourites' hearts are on every page).
  return useMemo(() => (failure ? readSnapshot<T>(name, owner) : undefined), [failure, name, owner]);
}
