/**
 * The map with many listings (issue 26), in Arabic and English: the country view shows the server's clusters
 * (counted per grid cell, named for screen readers in the visitor's language, red, blue or neutral by listing
 * type), a click on one zooms to it until the listings themselves are pins, and a pin opens its popup. The
 * database is filled before the server starts with the bench's synthetic listings (without photos, whose files
 * would not exist); tiles come from the stub.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_SEARCH } from '@manzil/shared';
import { openConfiguredDatabase, prepareDatabase } from '../apps/api/src/bootstrap.js';
import { loadConfig } from '../apps/api/src/config.js';
import { generateSyntheticListings } from '../apps/api/src/db/synthetic.js';
import { api, DESKTOP, launchBrowser, LOCATIONS_FILE, MOBILE, newContext, openApp, ROOT, shot, startServer, watchPage, type Lang, type RunningServer } from './harness.js';

const AREA = 'map-clusters';
/** About 810 public: more than the pins a view may hold, fewer than the search's first count cap (1,000). */
const LISTINGS = 900;
/** Yemen as the country view: the map fits this box (zoom 5 or 6). */
const COUNTRY = 'min_lat=12.3&max_lat=17.5&min_lon=42.5&max_lon=54.5';
const locales = (lang: Lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/map.json`), 'utf8')) as { legendMixed: string; list: { title: string } };

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-e2e-clusters-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    LOCATIONS_SOURCE: fs.existsSync(LOCATIONS_FILE) ? LOCATIONS_FILE : '/nonexistent/locations.json',
  });
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(config, database, { info: () => {}, warn: () => {}, error: () => {} });
  await generateSyntheticListings(database.db, LISTINGS, { rates: config.EXCHANGE_RATES, seed: 26 });
  await sql`delete from listing_media`.execute(database.db);
  await database.close();
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const cells = (page: Page) => page.locator('.search-map .manzil-cluster-cell');
const pins = (page: Page) => page.locator('.search-map .manzil-pin');

/** Clicks the cluster with the largest count among those whose centre is on the map's screen. */
async function clickBiggest(page: Page, selector: string) {
  const i = await page.locator(`.search-map ${selector}`).evaluateAll((els) => {
    const frame = document.querySelector('.search-map')!.getBoundingClientRect();
    let best = -1;
    let most = -1;
    els.forEach((e, k) => {
      const r = e.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const n = Number((e.querySelector('.manzil-cluster-count')?.textContent ?? '').replace(/[^0-9]/g, ''));
      if (x > frame.left + 10 && x < frame.right - 10 && y > frame.top + 10 && y < frame.bottom - 10 && n > most) [best, most] = [k, n];
    });
    return best;
  });
  expect(i).toBeGreaterThanOrEqual(0);
  await page.locator(`.search-map ${selector}`).nth(i).click();
}

/** Wait for the map to settle (no loading pill) after a move. */
async function settled(page: Page) {
  await page.waitForTimeout(700);
  await page.locator('[data-testid="map-loading"]').waitFor({ state: 'detached', timeout: 15_000 });
}

for (const [lang, viewport] of [['ar', MOBILE], ['en', DESKTOP], ['ar', DESKTOP]] as const) {
  describe(`map clusters (${lang}, ${viewport.width} px)`, () => {
    it('shows counted clusters at the country view; a click zooms in to pins, and a pin opens its popup', async () => {
      const L = locales(lang);
      const ctx = await newContext(browser, { lang, viewport });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      const asked: { zoom: number; mode?: string }[] = [];
      page.on('response', async (r) => {
        if (!r.url().endsWith('/api/v1/listings/search/map') || r.request().method() !== 'POST') return;
        const body = JSON.parse(r.request().postData() ?? '{}') as { zoom: number };
        asked.push({ zoom: body.zoom, mode: ((await r.json().catch(() => ({}))) as { mode?: string }).mode });
      });

      await openApp(page, `${server.url}/search-map?${COUNTRY}`);
      await cells(page).first().waitFor();
      await settled(page);
      // The server answered clusters: no listing as a pin, and the counts add up to what the page says.
      expect(asked.at(-1)?.mode).toBe('clusters');
      expect(await pins(page).count()).toBe(0);
      const publicTotal = (await api(server, 'POST', '/listings/search', { body: { limit: 1 } })).body.total as number;
      expect(publicTotal).toBeGreaterThan(MAP_SEARCH.maxPins);
      const numbers = (await cells(page).locator('.manzil-cluster-count').allTextContents()).map((s) => Number(s.replace(/[^0-9]/g, '')));
      expect(numbers.reduce((a, b) => a + b, 0)).toBe(publicTotal);
      await expect.poll(() => page.locator('[data-testid="map-count"]').textContent()).toContain(String(publicTotal));
      // Each cluster is a button named in the visitor's language: how many, of which type, at what prices.
      const zoomIn = lang === 'ar' ? 'كبّر الخريطة' : 'zoom in';
      const first = cells(page).first();
      expect(await first.getAttribute('role')).toBe('button');
      expect(await first.getAttribute('title')).toContain(zoomIn);
      expect(await first.getAttribute('title')).toContain(lang === 'ar' ? 'للإيجار' : 'for rent');
      expect(await first.locator('.visually-hidden').textContent()).toBe(await first.getAttribute('title'));
      // Colours: neutral where a cell mixes sale and rent (the synthetic listings do nearly everywhere).
      expect(await page.locator('.search-map .manzil-cluster-cell.manzil-cluster--mixed').count()).toBeGreaterThan(0);
      expect(await page.getByText(L.legendMixed).count()).toBe(1);
      await shot(page, AREA, `country-${lang}-${viewport.width}`);

      // The biggest cluster (Sana'a): a click zooms to it; clusters (the server's, then the map's own among
      // pins) split until individual listings show as pins.
      const startZoom = asked.at(-1)!.zoom;
      await clickBiggest(page, '.manzil-cluster-cell');
      await expect.poll(() => asked.at(-1)!.zoom, { timeout: 10_000 }).toBeGreaterThan(startZoom);
      await settled(page);
      for (let i = 0; i < 6 && (await pins(page).count()) === 0; i++) {
        await clickBiggest(page, '.manzil-cluster');
        await page.waitForTimeout(600); // the zoom's animation, then the map's debounce
        await settled(page);
      }
      expect(asked.at(-1)?.mode).toBe('pins');
      await pins(page).first().waitFor();
      await shot(page, AREA, `zoomed-${lang}-${viewport.width}`);

      // A pin opens the popup of its listing, as before clusters came from the server.
      const pin = pins(page).first();
      const title = await pin.getAttribute('title');
      await pin.click();
      const popup = page.locator('.map-popup');
      await popup.waitFor();
      expect(await popup.locator('.map-popup-title').textContent()).toBe(title);
      expect(await popup.locator('a.map-popup-link').getAttribute('href')).toMatch(/^\/property-details\/\d+$/);
      await shot(page, AREA, `popup-${lang}-${viewport.width}`);

      // Every answer the map asked for stayed within 30 KB.
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}

describe('map clusters: the list beside the map', () => {
  it('lists the newest listings in view while the map shows clusters; a card highlights its cluster', async () => {
    const L = locales('en');
    const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/search-map?${COUNTRY}`);
    await cells(page).first().waitFor();
    const list = page.getByRole('region', { name: L.list.title });
    await expect.poll(() => list.locator('.map-result').count(), { timeout: 15_000 }).toBe(60);
    expect(await list.locator('.map-results-more').textContent()).toMatch(/60/);
    await list.locator('.map-result').first().hover();
    await expect.poll(() => page.locator('.search-map .manzil-cluster-cell.is-highlighted').count()).toBe(1);
    await shot(page, AREA, 'list-en-1280');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
