import { CACHES } from '../../sw/cache-rules';
import { clearSnapshots } from './snapshot';

/**
 * What the page hands the service worker to keep for offline reading (issue 30; src/sw/sw.ts). Production only,
 * like the worker; `ready` waits for a worker that is installing on a first visit.
 */
function tellWorker(message: object): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage(message)).catch(() => undefined);
}

/**
 * A public listing answer the page got inside the server's HTML: the browser never asked the API for it, so
 * without this the worker would have nothing to show offline (the bug of issue 30).
 */
export function keepListing(id: number, listing: object): void {
  tellWorker({ type: 'manzil:keep-listing', id, body: listing });
}

/** Favourites: their answers and first photos, fetched by the worker when not kept yet. */
export function keepFavorites(ids: readonly number[]): void {
  if (ids.length) tellWorker({ type: 'manzil:keep-favorites', ids: [...ids] });
}

/** Offline, as far as the page can tell: the browser says so, or a request failed for want of a network. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Sign-out: the signed-in person's lists and favourites kept for offline reading leave the device with them. */
export function forgetDeviceCopies(): void {
  clearSnapshots();
  if (typeof caches !== 'undefined') void caches.delete(CACHES.favorites).catch(() => undefined);
}
