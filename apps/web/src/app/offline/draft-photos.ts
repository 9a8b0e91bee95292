/**
 * The photos of a listing's draft (features/owner/hooks/useListingDraft keeps its text): the copies the upload
 * would send (shrink-photo, 1600 px, a few hundred KB each), per account and listing, in IndexedDB, which holds
 * files where localStorage holds text. Ten photos are a few MB on the device, and an owner who lost the tab does
 * not pick them from the gallery again. Deleted with the session at sign-out (keep.ts).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DRAFT_PHOTOS_DB } from './snapshot';

export interface DraftPhotos {
  savedAt: number;
  files: File[];
}

interface DraftDb extends DBSchema {
  photos: { key: string; value: DraftPhotos };
}

let db: Promise<IDBPDatabase<DraftDb>> | null = null;
const open = () =>
  (db ??= openDB<DraftDb>(DRAFT_PHOTOS_DB, 1, {
    upgrade(d) {
      d.createObjectStore('photos');
    },
    // Sign-out deletes the database: this tab lets go of it rather than hold the deletion up.
    blocking() {
      void db?.then((d) => d.close());
      db = null;
    },
  }).catch((error: unknown) => {
    db = null; // a private window or a full disk: nothing is kept, the form works as before
    throw error;
  }));

const keyOf = (userId: number, listingId: number | null) => `${userId}:${listingId ?? 'new'}`;

/** One operation at a time, in the order asked: a "forget" after a "keep" is never overtaken by it. */
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(op: () => Promise<T>, fallback: T): Promise<T> {
  const out = queue.then(op).catch(() => fallback);
  queue = out;
  return out;
}

export function readDraftPhotos(userId: number, listingId: number | null): Promise<DraftPhotos | null> {
  return inOrder(async () => (await (await open()).get('photos', keyOf(userId, listingId))) ?? null, null);
}

/** Keeps `files` as the draft's photos, in this order; none: forgets them. */
export function keepDraftPhotos(userId: number, listingId: number | null, files: File[]): Promise<void> {
  return inOrder(async () => {
    const d = await open();
    if (files.length === 0) await d.delete('photos', keyOf(userId, listingId));
    else await d.put('photos', { savedAt: Date.now(), files }, keyOf(userId, listingId));
  }, undefined);
}

export function forgetDraftPhotos(userId: number, listingId: number | null): Promise<void> {
  return keepDraftPhotos(userId, listingId, []);
}

/** The saved listings of this account with photos not sent yet, and how many (My properties says so on their cards). */
export function unsentPhotos(userId: number): Promise<Map<number, number>> {
  return inOrder(async () => {
    const d = await open();
    // This account's keys only ("7:" up to "7:\uffff"; "71:…" sorts before "7:"), not every account's on the device.
    const mine = IDBKeyRange.bound(`${userId}:`, `${userId}:\uffff`);
    const [keys, values] = await Promise.all([d.getAllKeys('photos', mine), d.getAll('photos', mine)]);
    const out = new Map<number, number>();
    keys.forEach((key, i) => {
      const listing = key.slice(key.indexOf(':') + 1);
      if (listing !== 'new' && values[i]!.files.length > 0) out.set(Number(listing), values[i]!.files.length);
    });
    return out;
  }, new Map<number, number>());
}
