import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OUTBOX_DB, OUTBOX_TAG, type OutboxItem, type OutboxStore } from './types';

/** No DOM here: the service worker imports this module too (sw/outbox-sync.ts). */

interface OutboxDb extends DBSchema {
  messages: { key: string; value: OutboxItem };
}

let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
const open = () =>
  (db ??= openDB<OutboxDb>(OUTBOX_DB, 1, {
    upgrade(d) {
      d.createObjectStore('messages', { keyPath: 'id' });
    },
  }).catch((error: unknown) => {
    db = null; // a private window or a full disk: try again next time
    throw error;
  }));

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;
function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OUTBOX_TAG) : null;
    channel?.addEventListener('message', () => listeners.forEach((l) => l()));
  }
  return channel;
}

/** Call `listener` whenever the outbox changes, here, in another tab or in the service worker. */
export function subscribeOutbox(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  listeners.forEach((l) => l());
  getChannel()?.postMessage('changed');
}

/** The device's outbox (IndexedDB `manzil-outbox`); every write tells the other tabs and the worker. */
export const idbOutbox: OutboxStore = {
  async all() {
    return (await (await open()).getAll('messages')).sort((a, b) => a.createdAt - b.createdAt);
  },
  async get(id) {
    return (await open()).get('messages', id);
  },
  async put(item) {
    await (await open()).put('messages', item);
    changed();
  },
  async delete(id) {
    await (await open()).delete('messages', id);
    changed();
  },
};
