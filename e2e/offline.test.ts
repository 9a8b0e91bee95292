/**
 * Slow and missing connections: after a first visit the service worker opens the app shell with the
 * network cut, with the offline notice; when the entry bundle never arrives, the start-up watchdog shows
 * its Arabic fallback (reload, install Chrome) after 10 s, and the preloader is gone after 3 s.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newContext, shot, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Wait until the service worker controls the page and holds every app file the page has loaded. */
async function waitForShellCached(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && /^\/(assets|vendor)\//.test(u.pathname))
            .map((u) => u.pathname);
          const cache = await caches.open('manzil-shell-v1');
          const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
          return { missing: loaded.filter((p) => !cached.has(p)), hasShell: cached.has('/'), count: loaded.length };
        }),
      { timeout: 30_000, interval: 500 },
    )
    .toMatchObject({ missing: [], hasShell: true });
}

describe('offline', () => {
  it.each([
    ['ar', DESKTOP, 'desktop'],
    ['en', MOBILE, 'mobile'],
  ] as const)('after a first visit, the app shell opens without a network and says so (%s, %s)', async (lang, viewport, device) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    await page.locator('header .brand').waitFor();
    expect(await page.locator('[data-testid="offline-notice"]').count()).toBe(0);
    await waitForShellCached(page);

    await ctx.setOffline(true);
    await page.reload();
    await page.locator('header .brand').waitFor({ timeout: 15_000 });
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
    await page.goto(server.url + '/', { waitUntil: 'commit' });
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
    await fallback.getByRole('button', { name: 'إعادة التحميل' }).click();
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
    expect(await page.evaluate(() => document.documentElement.dataset.appRendered)).toBe('true');
    expect(await page.locator('#preloader').count()).toBe(0);
    await page.waitForTimeout(10_500);
    expect(await page.locator('#startup-fallback').count()).toBe(0);
    await ctx.close();
  });
});
