/**
 * Slow and missing connections: after a first visit the service worker opens the app shell with the
 * network cut, with the offline notice; when the entry bundle never arrives, the start-up watchdog shows
 * its Arabic fallback (reload, install Chrome) after 10 s, and the preloader is gone after 3 s.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newContext, openApp, type RunningServer, shot, startServer, waitForApp } from './harness.js';

let server: RunningServer;
let browser: Browser;

const ADMIN = { email: 'admin.offline@manzil.test', password: 'offline-admin-pass' };

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMITS: 'false' });
  browser = await launchBrowser();
});

/** An approved listing, created and approved through the API as the admin. */
async function approvedListing(): Promise<number> {
  const login = await fetch(`${server.url}/api/v1/login/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const districts = (await (await fetch(`${server.url}/api/v1/locations/districts?governorate_id=1`)).json()) as { id: number }[];
  const created = await fetch(`${server.url}/api/v1/listings/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title_ar: 'شقة للاختبار دون اتصال',
      title_en: 'Offline test flat',
      description_ar: 'شقة من ثلاث غرف.',
      price: 40000,
      currency: 'USD',
      property_details: { property_type: 'APARTMENT', area_sqm: 120, governorate_id: 1, district_id: districts[0]!.id },
    }),
  });
  const { id } = (await created.json()) as { id: number };
  const approved = await fetch(`${server.url}/api/v1/admin/listings/${id}/approve`, { method: 'POST', headers: auth, body: '{}' });
  if (!approved.ok) throw new Error(`approve failed: ${approved.status} ${await approved.text()}`);
  return id;
}
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Wait until the service worker controls the page and holds every app file the page has loaded. */
async function waitForShellCached(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  let last: unknown;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await page.waitForTimeout(500)) {
    last = await page.evaluate(async () => {
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && /^\/(assets|vendor)\//.test(u.pathname))
        .map((u) => u.pathname);
      const cache = await caches.open('manzil-shell-v1');
      const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
      return { missing: loaded.filter((p) => !cached.has(p)), hasShell: cached.has('/app-shell') };
    });
    const state = last as { missing: string[]; hasShell: boolean };
    if (state.hasShell && state.missing.length === 0) return;
  }
  throw new Error(`app shell not cached: ${JSON.stringify(last)}`);
}

describe('offline', () => {
  it.each([
    ['ar', DESKTOP, 'desktop'],
    ['en', MOBILE, 'mobile'],
  ] as const)('after a first visit, the app shell opens without a network and says so (%s, %s)', async (lang, viewport, device) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    expect(await page.locator('[data-testid="offline-notice"]').count()).toBe(0);
    await waitForShellCached(page);

    await ctx.setOffline(true);
    await page.reload();
    await waitForApp(page, 15_000);
    const notice = page.locator('[data-testid="offline-notice"]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.innerText()).toContain(lang === 'ar' ? 'لا يوجد اتصال بالإنترنت' : 'You are offline');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // The watchdog must not mistake an offline start for a broken one.
    await page.waitForTimeout(500);
    expect(await page.locator('#startup-fallback').count()).toBe(0);
    await shot(page, 'offline', `offline-${lang}-${device}`);

    // Back online: the notice goes away by itself.
    await ctx.setOffline(false);
    await expect.poll(() => notice.count(), { timeout: 5000 }).toBe(0);

    // Requests the worker must never cache: other API calls.
    const cachedApi = await page.evaluate(async () => {
      await fetch('/api/v1/health');
      const names = await caches.keys();
      const urls: string[] = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
      return urls.filter((u) => u.startsWith('/api/'));
    });
    expect(cachedApi).toEqual([]);
    await ctx.close();
  });

  it('keeps a listing the visitor opened, and never caches it for a signed-in request', async () => {
    const id = await approvedListing();
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    await waitForShellCached(page);
    // What the details page does: read the listing anonymously.
    const online = await page.evaluate(async (lid) => (await fetch(`/api/v1/listings/${lid}`)).json(), id);
    expect(online.title_en).toBe('Offline test flat');
    await expect
      .poll(() => page.evaluate(async (lid) => Boolean(await (await caches.open('manzil-listings-v1')).match(`/api/v1/listings/${lid}`)), id))
      .toBe(true);
    // With a bearer token the worker stays out of the way: nothing new is stored.
    await page.evaluate(async () => {
      await fetch('/api/v1/listings/999999', { headers: { authorization: 'Bearer x' } }).catch(() => undefined);
    });
    const keys = await page.evaluate(async () => (await (await caches.open('manzil-listings-v1')).keys()).map((r) => new URL(r.url).pathname));
    expect(keys).toEqual([`/api/v1/listings/${id}`]);

    await ctx.setOffline(true);
    const offline = await page.evaluate(async (lid) => (await fetch(`/api/v1/listings/${lid}`)).json(), id);
    expect(offline.title_ar).toBe('شقة للاختبار دون اتصال');
    await ctx.close();
  });

  it('serves the manifest with the Arabic name, icons and standalone display', async () => {
    const res = await fetch(server.url + '/manifest.webmanifest');
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const m = (await res.json()) as Record<string, any>;
    expect(m).toMatchObject({ short_name: 'منزل', start_url: '/', display: 'standalone', dir: 'rtl', lang: 'ar', theme_color: '#0b5d56' });
    expect(m.name).toContain('Manzil');
    for (const size of ['192x192', '512x512']) {
      const icon = m.icons.find((i: { sizes: string }) => i.sizes === size);
      expect(icon).toBeTruthy();
      const png = await fetch(server.url + icon.src);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
  });
});

describe('start-up watchdog', () => {
  it('shows the Arabic fallback with reload and install-Chrome after 10 s when the bundle stalls', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: MOBILE });
    const page = await ctx.newPage();
    // The entry script never answers (a stalled connection).
    await page.route(/\/assets\/index-[^/]+\.js$/, () => {
      /* never fulfilled */
    });
    const started = Date.now();
    // The page with the preloader: the app shell (what the service worker opens without a network); pages the
    // server renders are readable without the app and have none.
    await page.goto(server.url + '/app-shell', { waitUntil: 'commit' });
    await page.locator('#preloader').waitFor({ state: 'attached' });
    // The preloader is gone after 3 s even though the app never started.
    await page.waitForFunction(() => !document.getElementById('preloader'), undefined, { timeout: 6000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(await page.locator('#startup-fallback').count()).toBe(0);

    const fallback = page.locator('#startup-fallback');
    await fallback.waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9900);
    expect(await fallback.getAttribute('dir')).toBe('rtl');
    expect(await fallback.getAttribute('role')).toBe('alert');
    expect(await fallback.innerText()).toContain('تعذّر تشغيل منزل');
    expect(await fallback.getByRole('button', { name: 'إعادة التحميل' }).count()).toBe(1);
    expect(await fallback.getByRole('link', { name: 'تثبيت Google Chrome' }).getAttribute('href')).toBe('https://www.google.com/chrome/');
    await shot(page, 'offline', 'watchdog-fallback-mobile');

    // Reload really reloads: once the bundle flows again, the app starts and no fallback remains.
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    // Clicked from inside the page: the stalled first load never fires "load", which Playwright's own click
    // would wait on for the navigation it starts.
    await page.evaluate(() => {
      setTimeout(() => (document.querySelector('#startup-fallback button') as HTMLButtonElement).click(), 50);
    });
    await page.locator('header .brand').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    expect(await page.locator('#startup-fallback').count()).toBe(0);
    await ctx.close();
  });

  it('stays silent when the app renders normally', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
    const page = await ctx.newPage();
    await page.goto(server.url + '/faq');
    await page.locator('main h1').waitFor();
    // The server's page is there before the app; the app then marks it rendered.
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.dataset.appRendered)).toBe('true');
    expect(await page.locator('#preloader').count()).toBe(0);
    await page.waitForTimeout(10_500);
    expect(await page.locator('#startup-fallback').count()).toBe(0);
    await ctx.close();
  });
});
