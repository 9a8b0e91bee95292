/**
 * A message kept on the device until it reaches the server (issue 30). Shared by the page and the service
 * worker: plain data only, stored as is in IndexedDB.
 */
import type { Lang } from '@manzil/shared';

export interface OutboxItem {
  /** crypto.randomUUID(), made when the visitor pressed send; the `Idempotency-Key` of every attempt. */
  id: string;
  /** POST /contact/listing/{listingId} or /contact/platform. */
  target: { kind: 'listing'; listingId: number } | { kind: 'platform' };
  /** The JSON body as the form's schema left it (trimmed, Western digits). */
  body: Record<string, string>;
  /**
   * The visitor was signed in when writing. The token itself is NOT stored: it is read from localStorage at
   * send time, so a sign-out in between is respected; only a window can read it, so the service worker leaves
   * these to the next page that opens (see flush.ts).
   */
  auth: boolean;
  /** The page's language: the mails the request causes are written in it (no document in a worker). */
  lang: Lang;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since epoch), unless the link just came back. */
  nextAttemptAt: number;
  state: 'waiting' | 'failed';
  /** A failed item's reason: the server's message (English, translated on display) or spec §8's fallback. */
  error?: string;
}

/** What the store needs to offer the flush: the IndexedDB one (store.ts) or an in-memory one in tests. */
export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  get(id: string): Promise<OutboxItem | undefined>;
  put(item: OutboxItem): Promise<void>;
  delete(id: string): Promise<void>;
}

export const OUTBOX_DB = 'manzil-outbox';
/** Background Sync tag, Web Locks name and BroadcastChannel name alike. */
export const OUTBOX_TAG = 'manzil-outbox';
