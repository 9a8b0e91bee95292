/// <reference lib="webworker" />
/**
 * Manzil's service worker (issue 30), built with Workbox to /sw.js (build/service-worker.ts). For power cuts and
 * paid megabytes:
 * - Precache: the shell only (entry script and its preloads, entry stylesheet, icon font, /app-shell).
 * - Navigations: network first (pages are rendered on the server); without a network, the precached /app-shell,
 *   which renders the page in the browser from what is kept here, or says plainly that it was not saved.
 * - GET /api/v1/listings/{id}: network first (prices change), the kept answer without a network (also to a
 *   signed-in request); only answers read without a token are kept (a token may read an owner's pending listing).
 *   The page hands over public answers the worker did not see: inside the server's HTML, or read signed in
 *   (keep-listing), and asks for favourites
 *   (keep-favorites): their answer and first photo at the small variant, in a cache of their own, and the code
 *   of the pages they are read on.
 * - Listing photos and hashed app files not precached: cache first (their URLs never change), with expiry.
 * - Nothing else: other API calls and other origins go to the network untouched.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CACHES, firstPhotoSmall, isAppFile, isListingAnswer, isListingPhoto, LIMITS, listingAnswerUrl, mayKeep, OLD_CACHES, photoOf, SHELL_URL } from './cache-rules';
import { offlinePage } from './offline-page';
import { installOutboxSync } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Marks the files of the offline pages in the manifest (build/service-worker.ts): fetched with favourites, not on install. */
const OFFLINE_PAGE_REVISION = 'offline-page';
const manifest = self.__WB_MANIFEST.filter((e): e is PrecacheEntry => typeof e !== 'string');
const offlinePageFiles = manifest.filter((e) => e.revision === OFFLINE_PAGE_REVISION).map((e) => `/${e.url}`);

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(manifest.filter((e) => e.revision !== OFFLINE_PAGE_REVISION));

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(OLD_CACHES.map((name) => caches.delete(name))));
});

// ---- telling the pages whether the network answers (the offline notice, also when the link is up but dead) ----

let offline = false;
async function tell(isOffline: boolean) {
  if (offline === isOffline) return;
  offline = isOffline;
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: isOffline ? 'manzil:offline' : 'manzil:online' });
}
const reportNetwork: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    void tell(false);
    return response;
  },
  fetchDidFail: async () => {
    void tell(true);
  },
};

/** Without a network and not in the route's own cache: a favourite kept apart (keepFavorites). */
const favoritesFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.open(CACHES.favorites)).match(request.url, { ignoreVary: true }),
};

// ---- navigations ----

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request }) => {
    try {
      const res = await fetch(request);
      void tell(false);
      return res;
    } catch {
      void tell(true);
      return (await matchPrecache(SHELL_URL)) ?? offlinePage();
    }
  },
);

// ---- listing answers ----

const listingExpiry = { ...LIMITS.listings, purgeOnQuotaError: true };
const keepOnlyReusable: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    mayKeep(response.status, response.headers.get('cache-control'), request.headers.has('authorization')) ? response : null,
  // A listing deleted or no longer public is forgotten.
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 404 || response.status === 410) await (await caches.open(CACHES.listings)).delete(request.url);
    return response;
  },
};
const listings = new NetworkFirst({
  cacheName: CACHES.listings,
  // A link that is up but carries nothing: the kept answer after 6 s rather than a spinner.
  networkTimeoutSeconds: 6,
  // Signed in, the request carries a token; the answer kept is the one anyone may read.
  matchOptions: { ignoreVary: true },
  plugins: [keepOnlyReusable, new ExpirationPlugin(listingExpiry), reportNetwork, favoritesFallback],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isListingAnswer(url), listings);

// ---- photos and app files ----

/**
 * Without a network, a photo at a size not kept: the same photo at a size that is (a favourite's small one, or the
 * card's on a listing's page), rather than a grey box.
 */
const anyKeptSize: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const wanted = photoOf(new URL(request.url).pathname);
    if (!wanted) return undefined;
    for (const name of [CACHES.photos, CACHES.favorites]) {
      const cache = await caches.open(name);
      const kept = (await cache.keys()).find((r) => photoOf(new URL(r.url).pathname) === wanted);
      if (kept) return (await cache.match(kept, { ignoreVary: true })) ?? undefined;
    }
    return undefined;
  },
};

const photos = new CacheFirst({
  cacheName: CACHES.photos,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...LIMITS.photos, purgeOnQuotaError: true }), reportNetwork, favoritesFallback, anyKeptSize],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && isListingPhoto(url), photos);

const appFiles = new CacheFirst({
  cacheName: CACHES.appFiles,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...LIMITS.appFiles, purgeOnQuotaError: true }), reportNetwork],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && isAppFile(url), appFiles);

// ---- what the pages hand over ----

type PageMessage =
  | { type: 'manzil:warm'; urls: string[] }
  | { type: 'manzil:keep-listing'; id: number; body: unknown }
  | { type: 'manzil:keep-favorites'; ids: number[] };

self.addEventListener('message', (event) => {
  const data = event.data as PageMessage | null;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'manzil:warm' && Array.isArray(data.urls)) event.waitUntil(warm(data.urls, event));
  else if (data.type === 'manzil:keep-listing' && Number.isInteger(data.id) && data.body && typeof data.body === 'object') event.waitUntil(keepListing(data.id, data.body));
  else if (data.type === 'manzil:keep-favorites' && Array.isArray(data.ids)) event.waitUntil(keepFavorites(data.ids.filter((id) => Number.isInteger(id) && id > 0).slice(0, 500), event));
});

/** App files the page loaded before this worker controlled it (the first visit): kept like later ones. */
async function warm(urls: string[], event: ExtendableEvent) {
  for (const raw of urls.slice(0, 300)) {
    const url = sameOriginUrl(raw);
    if (!url || !isAppFile(url) || (await matchPrecache(url.pathname)) || (await caches.match(url.pathname, { cacheName: CACHES.appFiles }))) continue;
    await appFiles.handle({ request: new Request(url.pathname), event }).catch(() => undefined);
  }
}

/** A public listing answer the page got inside the server's HTML, kept as if the worker had fetched it. */
async function keepListing(id: number, body: object) {
  const url = listingAnswerUrl(id);
  const cache = await caches.open(CACHES.listings);
  await cache.put(url, new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60', date: new Date().toUTCString() } }));
  const expiry = new CacheExpiration(CACHES.listings, listingExpiry);
  await expiry.updateTimestamp(new URL(url, self.location.origin).href);
  await expiry.expireEntries();
}

/**
 * Favourites: each one's answer (as the public reads it) and its first photo at the small variant, kept in their
 * own cache and fetched only when not kept yet (a phone on paid data asks once per favourite, not each time the
 * list loads). The listing and photo routes fall back to this cache without a network.
 */
async function keepFavorites(ids: number[], event: ExtendableEvent) {
  // The code of the pages a favourite is read on (its listing, /favorites, /saved-searches), once.
  await warm(offlinePageFiles, event);
  const cache = await caches.open(CACHES.favorites);
  const expiry = new CacheExpiration(CACHES.favorites, LIMITS.favorites);
  const keep = async (url: string, accept: string) => {
    const kept = await cache.match(url, { ignoreVary: true });
    if (kept) return kept;
    const res = await fetch(url, { headers: { accept }, credentials: 'omit' });
    if (!mayKeep(res.status, res.headers.get('cache-control')) && !(res.status === 200 && url.startsWith('/uploads/'))) return null;
    await cache.put(url, res.clone());
    await expiry.updateTimestamp(new URL(url, self.location.origin).href);
    return res;
  };
  for (const id of ids) {
    try {
      const answer = await keep(listingAnswerUrl(id), 'application/json');
      const photo = answer && firstPhotoSmall(await answer.clone().json());
      if (photo) await keep(photo, 'image/webp,image/*');
      void tell(false);
    } catch {
      void tell(true);
      break; // offline: tried again the next time the favourites are read
    }
  }
  await expiry.expireEntries();
}

function sameOriginUrl(raw: string): URL | null {
  try {
    const url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? url : null;
  } catch {
    return null;
  }
}

// ---- the enquiry outbox (issue 30) ----
// Its Background Sync listener, installed once at the top level of the worker (a `sync` listener added later would
// not be registered). POST /contact/* is never routed above: the outbox alone retries, with its Idempotency-Key.
installOutboxSync();
