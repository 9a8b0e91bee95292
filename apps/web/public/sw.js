/*
 * Manzil service worker (hand-written, no dependencies). Made for slow, expensive connections (DESIGN §6):
 * - App shell: on install, index.html and the files it links (entry JS, CSS, Bootstrap) are cached; other
 *   hashed files (route chunks, locale chunks) are cached the first time they are used, or when the page
 *   reports what it loaded before this worker took control. They never change, so cache first.
 * - Navigations: network first (pages are rendered on the server); without a network, the cached app shell
 *   (/app-shell: the app rendered in the browser, which then shows its notice). The shell is fetched again
 *   after the first page this worker loads online, so it follows deploys.
 * - GET /api/v1/listings/{id} without credentials: stale-while-revalidate, the 40 most recent.
 * - Listing photos under /uploads/: cache first (file names are unique per upload), the 150 most recent.
 * - Nothing else is touched: other API calls, anything with an Authorization header, other origins.
 */
const SHELL = 'manzil-shell-v1';
const LISTINGS = 'manzil-listings-v1';
const IMAGES = 'manzil-images-v1';
const KNOWN = [SHELL, LISTINGS, IMAGES];
const MAX = { [SHELL]: 200, [LISTINGS]: 40, [IMAGES]: 150 };
const SHELL_URL = '/app-shell';
const LISTING_API = /^\/api\/v1\/listings\/\d+\/?$/;
const STATIC = /^\/(assets|vendor|icons)\/|^\/(manifest\.webmanifest|favicon\.svg)$/;

/** The shell and every file it links: entry JS, CSS, both Bootstrap builds. */
async function cacheShell() {
  const cache = await caches.open(SHELL);
  const res = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL_URL, res);
  const linked = [...html.matchAll(/"(\/(?:assets|vendor)\/[^"]+)"/g)].map((m) => m[1]);
  const rtl = /data-rtl="([^"]+)"/.exec(html);
  const ltr = /data-ltr="([^"]+)"/.exec(html);
  for (const m of [rtl, ltr]) if (m) linked.push(m[1]);
  await Promise.all([...new Set(linked)].map((u) => cache.add(u).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('manzil-') && !KNOWN.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** Keep a cache to its size: the oldest entries (insertion order) go first. */
async function trim(name) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX[name]; i++) await cache.delete(keys[i]);
}

let offline = false;
async function tell(isOffline) {
  if (offline === isOffline) return;
  offline = isOffline;
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: isOffline ? 'manzil:offline' : 'manzil:online' });
  }
}

async function network(request) {
  try {
    const res = await fetch(request);
    tell(false);
    return res;
  } catch (err) {
    tell(true);
    throw err;
  }
}

let shellRefreshed = false;

async function navigate(event) {
  try {
    const res = await network(event.request);
    // Once per worker start: the shell of the version now deployed, for the next time there is no network.
    if (!shellRefreshed && res.ok) {
      shellRefreshed = true;
      event.waitUntil(cacheShell().catch(() => undefined));
    }
    return res;
  } catch {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL });
    if (cached) return cached;
    return new Response('<!doctype html><meta charset="utf-8"><title>منزل</title><p dir="rtl">لا يوجد اتصال بالإنترنت. You are offline.</p>', {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  }
}

async function cacheFirst(request, name) {
  const cache = await caches.open(name);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await network(request);
  if (res.ok && res.type === 'basic') {
    await cache.put(request, res.clone());
    trim(name);
  }
  return res;
}

async function staleWhileRevalidate(event, name) {
  const cache = await caches.open(name);
  const hit = await cache.match(event.request);
  const refresh = network(event.request).then(async (res) => {
    const cc = res.headers.get('cache-control') || '';
    if (res.ok && !/no-store|private/.test(cc)) {
      await cache.delete(event.request); // re-insert so the entry counts as recent
      await cache.put(event.request, res.clone());
      await trim(name);
    } else if (res.status === 404 || res.status === 410) {
      await cache.delete(event.request); // deleted or no longer public: forget it
    }
    return res;
  });
  if (hit) {
    event.waitUntil(refresh.catch(() => undefined));
    return hit;
  }
  return refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(event));
  if (request.headers.has('authorization')) return;
  if (LISTING_API.test(url.pathname) && !url.search) return event.respondWith(staleWhileRevalidate(event, LISTINGS));
  if (url.pathname.startsWith('/uploads/listings/')) return event.respondWith(cacheFirst(request, IMAGES));
  if (STATIC.test(url.pathname)) return event.respondWith(cacheFirst(request, SHELL));
});

/** The page lists the files it loaded before this worker controlled it; keep the app's own ones. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'manzil:warm' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      for (const raw of data.urls.slice(0, 200)) {
        let url;
        try {
          url = new URL(raw, self.location.origin);
        } catch {
          continue;
        }
        if (url.origin !== self.location.origin || !STATIC.test(url.pathname)) continue;
        if (await cache.match(url.pathname)) continue;
        await cache.add(url.pathname).catch(() => undefined);
      }
    })(),
  );
});
