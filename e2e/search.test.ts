/**
 * Visitors search (spec §2 Home, Search box, Search list/grid), in Arabic and English, desktop and mobile,
 * on the demo content (SEED_DEMO=true): from the home page a visitor picks Rent, types Aden and picks the
 * suggestion, chooses 2 bedrooms, searches, sees the list, and switches list → grid keeping the filters.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, type Lang, launchBrowser, MOBILE, newContext, openApp, ROOT, type RunningServer, shot, startServer, waitForApp, watchPage, watchTakeover } from './harness.js';
import { pick } from './locales.js';

const AREA = 'search';
const locales = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/${ns}.json`), 'utf8')) as Record<string, any>;
const L = {
  en: { search: locales('en', 'search'), listings: locales('en', 'listings'), home: locales('en', 'home') },
  ar: { search: locales('ar', 'search'), listings: locales('ar', 'listings'), home: locales('ar', 'home') },
};
const ADEN = { en: 'Aden', ar: 'عدن' };

let server: RunningServer;
let browser: Browser;
let expected: number[] = [];

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  browser = await launchBrowser();
  // What the journey must find: the demo's rentals in Aden with exactly two bedrooms.
  const r = await api(server, 'POST', '/listings/search', { body: { listing_type: 'FOR_RENT', governorate_id: 3, min_bedrooms: 2, max_bedrooms: 2 } });
  expected = r.body.items.map((x: { id: number }) => x.id).sort();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cardIds = async (page: Page) =>
  (await page.locator('.search-page article.listing-card h3 a').evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())))).sort();

describe.each([
  ['ar', 'desktop'],
  ['en', 'desktop'],
  ['ar', 'mobile'],
  ['en', 'mobile'],
] as const)('search journey (%s, %s)', (lang, device) => {
  it('home → Rent in Aden with 2 bedrooms → list → grid, filters kept', async () => {
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const ctx = await newContext(browser, { lang, viewport: device === 'mobile' ? MOBILE : DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const tag = `${lang}-${device}`;
    const s = L[lang].search;

    await openApp(page, server.url + '/');
    await page.locator('.latest-track article.listing-card').first().waitFor();
    expect(await page.locator('.latest-track article.listing-card').count()).toBe(4);
    await page.locator('.latest-track img').first().evaluate((img: HTMLImageElement) => img.decode());
    // Nothing widens the page (the slider scrolls inside itself).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual((device === 'mobile' ? MOBILE : DESKTOP).width);
    // A card offers its copies up to 960 px (listing-card/display.ts): never the 1600 px one, at any pixel ratio.
    expect(await page.locator('.latest-track img').first().getAttribute('srcset')).toMatch(/-400\.webp 400w, .*-720\.webp 720w, .*-960\.webp 960w$/);
    await shot(page, AREA, `${tag}-1-home`);
    if (device === 'mobile') {
      // The row starts at its first card: "previous" is off until "next" has moved it; at the last card "next" is off.
      const prev = page.getByRole('button', { name: pick(L[lang].home, 'previous') });
      const next = page.getByRole('button', { name: pick(L[lang].home, 'next') });
      expect(await prev.getAttribute('aria-disabled')).toBe('true');
      expect(await next.getAttribute('aria-disabled')).toBe('false');
      const moved = () => page.locator('.latest-track').evaluate((el) => Math.abs(el.scrollLeft));
      // The smooth scroll a tap starts has come to rest (two reads 150 ms apart agree): only then is "next" decided.
      const settled = async () => {
        let last = -1;
        await expect.poll(async () => last === (last = await moved()), { interval: 150 }).toBe(true);
      };
      for (let i = 0; i < 4 && (await next.getAttribute('aria-disabled')) === 'false'; i++) {
        const before = await moved();
        await next.click();
        await expect.poll(moved).toBeGreaterThan(before);
        await settled();
        expect(await prev.getAttribute('aria-disabled')).toBe('false');
      }
      await expect.poll(() => next.getAttribute('aria-disabled')).toBe('true');
      await prev.click();
      await expect.poll(() => next.getAttribute('aria-disabled')).toBe('false');
    }

    await page.getByRole('tab', { name: s.tabs.rent }).click();
    expect(await page.getByRole('tab', { name: s.tabs.rent }).getAttribute('aria-selected')).toBe('true');
    const box = page.getByRole('combobox', { name: s.location });
    await box.click();
    await box.pressSequentially(ADEN[lang], { delay: 40 });
    const option = page.getByRole('option', { name: new RegExp(`^${ADEN[lang]}`) }).first();
    await option.waitFor();
    // The two actions are always offered.
    await expect(page.getByRole('option', { name: s.advancedLocationSearch }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('option', { name: s.drawOnMap }).isVisible()).resolves.toBe(true);
    await shot(page, AREA, `${tag}-2-autocomplete`);
    // Keyboard: first suggestion is the governorate Aden (exact name, highest level).
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe(ADEN[lang]);
    await page.locator('#hero-beds').selectOption('2');
    await page.getByRole('button', { name: s.searchButton }).click();

    await page.waitForURL(/\/search-list\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('listing_type')).toBe('rent');
    expect(url.searchParams.get('governorate_id')).toBe('3');
    expect(url.searchParams.get('bedrooms')).toBe('2');
    await page.locator('.search-page article.listing-card').first().waitFor();
    expect(await cardIds(page)).toEqual(expected);
    // Every result is a rental: its badge says so and its price carries the per-month suffix.
    for (const badge of await page.locator('.search-page .listing-card-badge:not(.listing-card-gone)').allTextContents()) expect(badge).toBe(L[lang].listings.forRent);
    expect(await page.locator('.search-page .listing-card-per').count()).toBe(expected.length);
    await page.waitForLoadState('networkidle');
    await shot(page, AREA, `${tag}-3-list`, true);

    if (device === 'mobile') {
      // The sidebar sits behind a Filters button, built when first opened; it shows the filters from the URL.
      expect(await page.locator('#search-filters form.filters-sidebar').count()).toBe(0);
      await page.getByRole('button', { name: new RegExp(s.filters) }).click();
      const dialog = page.locator('#search-filters[open]');
      await dialog.waitFor();
      await page.waitForTimeout(400);
      expect(await dialog.getByRole('button', { name: s.forRent }).getAttribute('aria-pressed')).toBe('true');
      // The results behind the panel do not scroll while it is open.
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await shot(page, AREA, `${tag}-4-filters`);
      await dialog.getByRole('button', { name: s.closeFilters }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
      // Escape closes it too, and a tap beside it; each time focus is back on the Filters button.
      const filtersButton = page.locator('button[aria-controls="search-filters"]');
      await expect.poll(() => filtersButton.evaluate((b) => b === document.activeElement)).toBe(true);
      await filtersButton.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The browser closes the dialog at once; React hears its close event and re-renders the button just after.
      await expect.poll(() => filtersButton.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => filtersButton.evaluate((b) => b === document.activeElement)).toBe(true);
      await filtersButton.click();
      await dialog.waitFor();
      // The strip of page the panel leaves at the reading direction's start (it slides in at the end).
      await page.mouse.click(lang === 'ar' ? MOBILE.width - 10 : 10, 400);
      await dialog.waitFor({ state: 'detached' });
    } else {
      expect(await page.locator('#f-gov').inputValue()).toBe('3');
      expect(await page.getByRole('button', { name: s.forRent, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }

    await page.locator('.view-switch').getByRole('link', { name: s.views.grid }).click();
    await page.waitForURL(/\/search-grid\?/);
    const grid = new URL(page.url());
    for (const k of ['listing_type', 'governorate_id', 'bedrooms']) expect(grid.searchParams.get(k)).toBe(url.searchParams.get(k));
    await page.locator('.search-page .row .col article.listing-card').first().waitFor();
    expect(await cardIds(page)).toEqual(expected);
    await page.waitForLoadState('networkidle');
    await shot(page, AREA, `${tag}-5-grid`, true);
    // The map link keeps the query string too.
    const mapHref = await page.locator('.view-switch').getByRole('link', { name: s.views.map }).getAttribute('href');
    expect(mapHref).toContain('governorate_id=3');
    expect(mapHref).toContain('bedrooms=2');

    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('listing pages', () => {
  it('/search-list paints its title, count and cards from the HTML before the app, then the app takes over in place', async () => {
    const url = server.url + '/search-list?listing_type=FOR_RENT';
    const api1 = await api(server, 'POST', '/listings/search', { body: { listing_type: 'FOR_RENT', skip: 0, limit: 10 } });
    const ids = api1.body.items.map((x: { id: number }) => x.id) as number[];
    expect(ids.length).toBeGreaterThan(1);
    const visibleIds = (page: Page) =>
      page.locator('article.listing-card h3 a:visible').evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())));
    for (const [lang, viewport] of [['ar', MOBILE], ['en', DESKTOP]] as const) {
      // The app's scripts never arrive: the HTML alone shows the page's results, in the visitor's language.
      const ctx = await newContext(browser, { lang, viewport, serviceWorkers: 'block' });
      const page = await ctx.newPage();
      await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
      await page.goto(url);
      await expect.poll(() => page.locator('h1:visible').count()).toBe(1);
      expect(await page.locator('h1:visible').textContent()).toBe(L[lang].search.titleList);
      expect(await visibleIds(page)).toEqual(ids);
      const cover = page.locator('article.listing-card:visible img').first();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await shot(page, AREA, `${lang}-${viewport.width}-static-list`);
      await ctx.close();

      // With the app: the same cards in the same place, no spinner in between.
      const live = await newContext(browser, { lang, viewport });
      const p2 = await live.newPage();
      const takeover = await watchTakeover(p2, { element: 'article.listing-card', loading: '.search-state .spinner-border' });
      const errors = watchPage(p2);
      await openApp(p2, url);
      await p2.locator('#search-filters').waitFor({ state: 'attached' });
      expect(await visibleIds(p2)).toEqual(ids);
      const state = await takeover.read();
      expect(state.sameNode).toBe(true);
      const box = (await p2.locator('article.listing-card').first().boundingBox())!;
      expect(state.at).not.toBeNull();
      expect(Math.abs(box.y - state.at!.y)).toBeLessThan(1);
      expect(Math.abs(box.x - state.at!.x)).toBeLessThan(1);
      expect(state.loadingSeen).toBe(false);
      expect(state.cls).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await live.close();
    }
  });

  it('/property loads 12, Load more adds 12, tabs ask the server (right over all listings); by-city shows real counts', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const t = L.en.listings;
    await openApp(page, server.url + '/property');
    await page.locator('article.listing-card').first().waitFor();
    expect(await page.locator('article.listing-card').count()).toBe(12);
    await page.getByRole('button', { name: t.loadMore }).click();
    await page.waitForFunction(() => document.querySelectorAll('article.listing-card').length === 24);
    // Each tab shows the server's first 12 of its order over all listings (issue 24), not a sort of what was loaded.
    const cardIds = () => page.locator('article.listing-card h3[id]').evaluateAll((hs) => hs.map((h) => Number(h.id.replace(/\D/g, ''))));
    const serverIds = async (body: Record<string, unknown>) =>
      ((await api(server, 'POST', '/listings/search', { body: { skip: 0, limit: 12, ...body } })).body as { items: { id: number }[] }).items.map((x) => x.id);
    await page.getByRole('tab', { name: t.tabs.rent }).click();
    const rent = await serverIds({ listing_type: 'FOR_RENT' });
    await page.waitForFunction((want) => [...document.querySelectorAll('article.listing-card h3[id]')].map((h) => h.id).join() === want.map((id) => `listing-${id}-title`).join(), rent);
    for (const b of await page.locator('.listing-card-badge.is-rent, .listing-card-badge.is-sale').allTextContents()) expect(b).toBe(t.forRent);
    await page.getByRole('tab', { name: t.tabs.biggest }).click();
    const biggest = await serverIds({ sort: 'area_desc' });
    await page.waitForFunction((want) => [...document.querySelectorAll('article.listing-card h3[id]')].map((h) => h.id).join() === want.map((id) => `listing-${id}-title`).join(), biggest);
    expect(await cardIds()).toEqual(biggest);
    const areas = (await page.locator('.listing-card-facts li[title="Area"]').allTextContents()).map((s) => Number(s.replace(/[^\d]/g, '')));
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await shot(page, AREA, 'en-desktop-6-property-biggest');

    await openApp(page, server.url + '/properties-by-city');
    await page.locator('.city-card').first().waitFor();
    const stats = (await api(server, 'GET', '/listings/stats/by-city')).body as { name_en: string; total: number }[];
    expect(await page.locator('.city-card').count()).toBe(stats.length);
    await expect(page.locator('.city-card', { hasText: 'Aden' }).locator('p').textContent()).resolves.toContain(String(stats.find((s) => s.name_en === 'Aden')!.total));
    await shot(page, AREA, 'en-desktop-7-by-city');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a phone of pixel ratio 3 fetches each card photo at 960 px, never the 1600 px copy; the listing page keeps it for its own photo', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: MOBILE, deviceScaleFactor: 3 });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const photos: string[] = [];
    page.on('request', (r) => {
      const m = r.url().match(/-(\d+)\.webp$/);
      if (m) photos.push(m[1]!);
    });
    await openApp(page, server.url + '/search-list');
    const first = page.locator('.search-page article.listing-card img').first();
    await first.evaluate((img: HTMLImageElement) => img.decode());
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-960\.webp$/);
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.filter((w) => w === '1600')).toEqual([]);
    await shot(page, AREA, 'ar-mobile-dpr3-search-list');
    // The listing's own photo, the page's subject, is still offered in full.
    await first.locator('xpath=ancestor::article').locator('h3 a').click();
    const photo = page.locator('.details-carousel-img.is-active');
    await photo.waitFor();
    await photo.evaluate((img: HTMLImageElement) => img.decode());
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-1600\.webp$/);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a phone of pixel ratio 2 fetches the home's card photos at 720 px, not 960", async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: MOBILE, deviceScaleFactor: 2 });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    const first = page.locator('.latest-track img').first();
    await first.evaluate((img: HTMLImageElement) => img.decode());
    // About 300 CSS px wide, so 600 device pixels: the 720 px copy (the demo's photos are stored with it).
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-720\.webp$/);
    await ctx.close();
  });

  it('a search with no match shows the empty state, and a failing API shows the error with Try Again', async () => {
    const ctx = await newContext(browser, { lang: 'ar' });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/search-grid?location=zzzqqq-nothing');
    await page.getByRole('heading', { name: L.ar.search.emptyTitle }).waitFor();
    await shot(page, AREA, 'ar-desktop-8-empty');
    // The first page's results come with its HTML; the next search is the browser's own call, which fails.
    await waitForApp(page);
    let fail = true;
    await page.route('**/api/v1/listings/search', (route) => (fail ? route.fulfill({ status: 500, body: '{"detail":"boom"}', contentType: 'application/json' }) : route.continue()));
    await page.getByRole('button', { name: L.ar.search.clearFilters }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await shot(page, AREA, 'ar-desktop-9-error');
    fail = false;
    await alert.getByRole('button').click();
    await page.locator('article.listing-card').first().waitFor();
    await ctx.close();
  });
});
