import { flushOutbox } from '../features/contact/outbox/flush';
import { idbOutbox } from '../features/contact/outbox/store';
import { OUTBOX_TAG } from '../features/contact/outbox/types';

/**
 * Background Sync for the enquiry outbox (issue 30): the page registers the tag 'manzil-outbox' when it keeps a
 * message; the browser wakes the worker when the link is back, even with every tab closed, and this sends
 * what waits. Call once from the service worker's top level.
 *
 * Items written while signed in are left for the next page: the bearer token lives in the page's localStorage,
 * which a worker cannot read, and it is not copied into IndexedDB (a sign-out in between must hold).
 */
// The few worker types used, declared here: `lib: webworker` would change `self` and events for the whole app.
interface SyncEvent extends Event {
  readonly tag: string;
  readonly lastChance: boolean;
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncScope {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}

export function installOutboxSync(): void {
  const scope = self as unknown as SyncScope;
  scope.addEventListener('sync', (sync) => {
    if (sync.tag !== OUTBOX_TAG) return;
    sync.waitUntil(
      flushOutbox({ store: idbOutbox, fetch: (url, init) => fetch(url, init), token: null, force: true }).then((result) => {
        // Still no link: a rejected sync is retried by the browser later (with its own back-off).
        if (result.offline && !sync.lastChance) throw new Error('outbox: offline, retry the sync');
      }),
    );
  });
}
