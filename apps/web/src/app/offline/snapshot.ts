/**
 * The last list a visitor saw of a page of their own (favourites, saved searches) and their account, kept on the
 * device with when it was saved, to show it offline (issue 30). IndexedDB (`manzil-offline`), per session: a
 * shared phone never shows one person's list to another, and everything goes at sign-out. Not localStorage: its
 * few megabytes (shared with the rest of the site) do not hold a long list of favourites with their listings, and
 * a write that does not fit fails there without a word.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';

export const SNAPSHOT_DB = 'manzil-offline';
/** Where the copies were kept before (localStorage keys with this prefix): cleared at sign-out too. */
const OLD_PREFIX = 'manzil:offline:';

export interface Snapshot<T> {
  savedAt: number;
  data: T;
}

interface SnapshotDb extends DBSchema {
  snapshots: { key: string; value: Snapshot<unknown> };
}

let db: Promise<IDBPDatabase<SnapshotDb>> | null = null;
const open = () =>
  (db ??= openDB<SnapshotDb>(SNAPSHOT_DB, 1, {
    upgrade(d) {
      d.createObjectStore('snapshots');
    },
  }).catch((error: unknown) => {
    db = null; // a private window or a full disk: try again next time
    throw error;
  }));

const keyOf = (name: string, owner: string) => `${name}:${owner}`;

export async function saveSnapshot<T>(name: string, owner: string, data: T): Promise<void> {
  try {
    await (await open()).put('snapshots', { savedAt: Date.now(), data }, keyOf(name, owner));
  } catch {
    /* storage full or unavailable: nothing kept */
  }
}

export async function readSnapshot<T>(name: string, owner: string): Promise<Snapshot<T> | null> {
  try {
    const kept = (await (await open()).get('snapshots', keyOf(name, owner))) as Snapshot<T> | undefined;
    return kept && typeof kept.savedAt === 'number' && kept.data != null ? kept : null;
  } catch {
    return null;
  }
}

/** Sign-out: the lists of whoever used this device go with their session. */
export async function clearSnapshots(): Promise<void> {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(OLD_PREFIX)) localStorage.removeItem(key);
  } catch {
    /* nothing to clear */
  }
  try {
    await (await open()).clear('snapshots');
  } catch {
    /* nothing kept */
  }
}

/** "26 November 2026 at 14:05" in the page's language (Western digits in Arabic, as the rest of the site). */
export function savedAtText(savedAt: number, lang: string): string {
  return new Intl.DateTimeFormat(lang.startsWith('ar') ? 'ar-YE-u-nu-latn' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(savedAt));
}

/** Whose list it is: the session (a token's last characters), known offline when /users/me cannot be asked. */
export const sessionKey = (token: string) => token.slice(-16);

/**
 * What useLastSeen says: undefined while there is nothing to say (the list is there, or failed otherwise),
 * 'reading' while the device's copy is being read, null offline with nothing kept, else the copy.
 */
export type LastSeen<T> = Snapshot<T> | null | undefined | 'reading';

/** The copy itself, if there is one now. */
export const keptCopy = <T,>(seen: LastSeen<T>): Snapshot<T> | null => (seen && seen !== 'reading' ? seen : null);

/**
 * A list page's last-seen copy: kept each time the list arrives, read back when it cannot arrive for want of a
 * network.
 */
export function useLastSeen<T>(name: string, owner: string, data: T | undefined, error: unknown): LastSeen<T> {
  useEffect(() => {
    if (data !== undefined && owner) void saveSnapshot(name, owner, data);
  }, [name, owner, data]);
  const failure = data === undefined && error instanceof ApiError && error.isNetworkError ? error : null;
  // Read once per failure, not on each render (the favourites' hearts are on every page).
  const [read, setRead] = useState<{ failure: unknown; key: string; copy: Snapshot<T> | null } | null>(null);
  useEffect(() => {
    if (!failure) return;
    let live = true;
    void readSnapshot<T>(name, owner).then((copy) => {
      if (live) setRead({ failure, key: keyOf(name, owner), copy });
    });
    return () => {
      live = false;
    };
  }, [failure, name, owner]);
  if (!failure) return undefined;
  return read && read.failure === failure && read.key === keyOf(name, owner) ? read.copy : 'reading';
}
