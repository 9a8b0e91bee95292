/**
 * Data saver (issue 30) in Chromium at 390 px, Arabic and English, turned on by the browser (`Save-Data: on`) or by
 * the switch in the phone menu: the search list fetches no photo until one is tapped, each placeholder says the
 * photo's size in KB and a tap loads that one photo; a listing fetches no photo and no map tile until asked, and
 * its "Show map" loads the map; the switch's choice survives a reload. Screenshots in SHOTS_DIR/data-saver/.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, waitForApp, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const AREA = 'data-saver';
const ADMIN = { email: 'admin.saver@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let listingId: number;
/** A listing with three photos: the full-screen gallery has a neighbour on each side of the one opened. */
let galleryId: number;

async function upload(id: number, token: string, hue: string) {
  const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: hue } }).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const r = await fetch(`${server.url}/api/v1/listings/${id}/upload-image/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (r.status !== 201) throw new Error(`upload failed ${r.status}`);
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  const owner = await registerUser(server, { first_name: 'Saba', last_name: 'Owner' });
  const hues = ['#2e86c1', '#28b463', '#cb4335'];
  for (let i = 0; i < hues.length; i++) {
    const id = await createListing(server, owner.token, { title_en: `Saver flat ${i}`, title_ar: `شقة التوفير ${i}` }, { latitude: 12.83 + i * 0.01, longitude: 45.03 });
    await upload(id, owner.token, hues[i]!);
    await upload(id, owner.token, '#7d3c98');
    const r = await api(server, 'POST', `/admin/listings/${id}/approve`, { token: admin });
    if (r.status !== 200) throw new Error(`approve failed: ${r.status}`);
    listingId = id;
  }
  galleryId = await createListing(server, owner.token, { title_en: 'Saver flat 3', title_ar: 'شقة التوفير 3' }, { latitude: 12.86, longitude: 45.03 });
  for (const hue of ['#d4ac0d', '#17a589', '#884ea0']) await upload(galleryId, owner.token, hue);
  if ((await api(server, 'POST', `/admin/listings/${galleryId}/approve`, { token: admin })).status !== 200) throw new Error('approve failed');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Photo files (uploads) and map tiles (the harness's stub) the page asked for. */
function watchFetches(page: Page) {
  const photos: string[] = [];
  const tiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/uploads/')) photos.push(r.url());
    if (r.url().includes('/tiles/')) tiles.push(r.url());
  });
  return { photos, tiles };
}

const kbPattern = (lang: Lang) => new RegExp(`^${pick(locale(lang, 'common'), 'dataSaver.kb').replace('{{kb}}', '\\d+')}$`);

async function searchListWaitsForATap(page: Page, lang: Lang, expect: import('vitest').ExpectStatic, name: string) {
  const seen = watchFetches(page);
  await openApp(page, `${server.url}/search-list`);
  const gates = page.getByTestId('photo-gate');
  await gates.first().waitFor();
  expect(await gates.count()).toBeGreaterThanOrEqual(3);
  // Scrolled through the list and settled: still not one photo.
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(800);
  expect(seen.photos).toEqual([]);
  const size = (await page.getByTestId('photo-gate-size').first().textContent())?.trim() ?? '';
  expect(size).toMatch(kbPattern(lang));
  // Read out with the listing's title and the size: "Show photo of Saver flat 2, 3 KB".
  const label = (await gates.first().getAttribute('aria-label')) ?? '';
  expect(label).toContain(lang === 'ar' ? 'شقة التوفير' : 'Saver flat');
  expect(label).toContain(size);
  await page.mouse.wheel(0, -3000);
  await shot(page, AREA, `${name}-list-${lang}-390`);

  // A tap loads that one photo (its 400 px variant: the size said), and nothing else.
  const before = await gates.count();
  await gates.first().click();
  const img = page.locator('.listing-card-media img').first();
  await img.waitFor();
  await page.waitForFunction(() => {
    const i = document.querySelector<HTMLImageElement>('.listing-card-media img');
    return !!i && i.complete && i.naturalWidth > 0;
  });
  expect(seen.photos).toHaveLength(1);
  expect(seen.photos[0]).toMatch(/-400\.webp$/);
  expect(await gates.count()).toBe(before - 1);
  await shot(page, AREA, `${name}-list-tapped-${lang}-390`);
}

describe.concurrent.each<Lang>(['ar', 'en'])('data saver (%s, 390 px)', (lang) => {
  it('Save-Data: on — the search list fetches no photo until a tap; a listing no photo and no tiles until asked', async ({ expect }) => {
    const ctx: BrowserContext = await browser.newContext({ ...(await contextOptions(lang)), extraHTTPHeaders: { 'Save-Data': 'on' } });
    await seedLanguage(ctx, lang);
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await searchListWaitsForATap(page, lang, expect, 'header');

    const seen = watchFetches(page);
    await openApp(page, `${server.url}/property-details/${listingId}`);
    await page.getByTestId('photo-gate').first().waitFor();
    // Down to the map and back, as a reader does: no photo (not even the cover's preload) and no tile.
    await page.getByTestId('show-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    expect(seen.photos).toEqual([]);
    expect(seen.tiles).toEqual([]);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await shot(page, AREA, `header-map-closed-${lang}-390`);
    await page.getByTestId('show-map').click();
    await page.locator('.leaflet-container').waitFor();
    await expect.poll(() => seen.tiles.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, AREA, `header-map-open-${lang}-390`);

    // The gallery's photo: its size, then the photo on a tap.
    await page.getByTestId('carousel').scrollIntoViewIfNeeded();
    expect((await page.getByTestId('carousel').getByTestId('photo-gate-size').textContent())?.trim()).toMatch(kbPattern(lang));
    await page.getByTestId('carousel').getByTestId('photo-gate').click();
    await page.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>('.details-carousel-img.is-active');
      return !!i && i.complete && i.naturalWidth > 0;
    });
    expect(seen.photos).toHaveLength(1);
    expect(seen.photos[0]).toMatch(/-960\.webp$/);
    await shot(page, AREA, `header-gallery-${lang}-390`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the switch in the phone menu turns it on, is read out by name, and survives a reload', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    const seen = watchFetches(page);
    await openApp(page, `${server.url}/search-list`);
    // Off by default without Save-Data: the cards' photos load as always.
    await expect.poll(() => seen.photos.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('photo-gate').count()).toBe(0);

    await page.locator('.nav-toggler').click();
    const name = pick(locale(lang, 'common'), 'dataSaver.label');
    const sw = page.locator('#mobile-menu').getByRole('switch', { name });
    await sw.waitFor();
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await shot(page, AREA, `switch-menu-off-${lang}-390`);
    // Keyboard: focus and Space.
    await sw.focus();
    await page.keyboard.press('Space');
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await shot(page, AREA, `switch-menu-on-${lang}-390`);

    // The choice is on the device and in the cookie: the server's page after a reload has placeholders, no photo.
    seen.photos.length = 0;
    const response = await page.reload();
    expect(await response!.text()).toContain('data-testid="photo-gate"');
    await waitForApp(page);
    await page.getByTestId('photo-gate').first().waitFor();
    await page.waitForTimeout(800);
    expect(seen.photos).toEqual([]);
    await page.locator('.nav-toggler').click();
    expect(await page.locator('#mobile-menu').getByRole('switch', { name }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    await searchListWaitsForATap(page, lang, expect, 'switch');
    await ctx.close();
  });

  it('the desktop bar has the switch too (1280 px)', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/search-list`);
    const sw = page.locator('.nav-actions').getByRole('switch', { name: pick(locale(lang, 'common'), 'dataSaver.label') });
    await sw.click();
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('photo-gate').first().waitFor();
    await shot(page, AREA, `switch-desktop-${lang}-1280`);
    await ctx.close();
  });
});

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', MOBILE],
  ['en', DESKTOP],
])('data saver, full-screen gallery (%s)', (lang, viewport) => {
  it('fetches only the photos the visitor shows, never the neighbours, while opening and moving', async ({ expect }) => {
    const width = viewport.width;
    const ctx = await newContext(browser, { lang, viewport });
    await ctx.addCookies([{ name: 'manzilDataSaver', value: 'on', url: server.url }]);
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const seen = watchFetches(page);
    // Distinct photo files: a second request for one already fetched (memory cache) costs no bytes.
    const files = () => [...new Set(seen.photos.map((u) => new URL(u).pathname))];
    await openApp(page, `${server.url}/property-details/${galleryId}`);
    const carousel = page.getByTestId('carousel');
    await carousel.getByTestId('photo-gate').click();
    await carousel.getByTestId('carousel-open').waitFor();
    expect(files()).toHaveLength(1);
    const first = files()[0]!;
    expect(first).toMatch(/-960\.webp$/);

    // Opened full screen: the photo shown (the same file, nothing more), its neighbours placeholders with their size.
    await carousel.getByTestId('carousel-open').click();
    const root = page.locator('.yarl__root');
    await page.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
      return !!i && i.complete && i.naturalWidth > 0;
    });
    await page.waitForTimeout(800);
    expect(files()).toEqual([first]);
    expect(await root.locator('.yarl__slide:not(.yarl__slide_current) [data-testid="photo-gate"]').count()).toBe(2);
    const t = locale(lang, 'details');
    const next = root.getByRole('button', { name: pick(t, 'gallery.next') });
    const previous = root.getByRole('button', { name: pick(t, 'gallery.previous') });

    // Moving on: a placeholder that says the photo's size, and still no fetch.
    await next.click();
    const gate = root.locator('.yarl__slide_current [data-testid="photo-gate"]');
    await gate.waitFor();
    expect((await gate.getByTestId('photo-gate-size').textContent())?.trim()).toMatch(kbPattern(lang));
    expect(await gate.getAttribute('aria-label')).toContain(pick(t, 'gallery.show').replace('{{n}}', '2').replace('{{total}}', '3'));
    // Nothing to zoom on a placeholder: the zoom buttons are off until the photo is shown.
    const zoomIn = root.getByRole('button', { name: pick(t, 'lightbox.zoomIn') });
    expect(await zoomIn.isDisabled()).toBe(true);
    await page.waitForTimeout(800);
    expect(files()).toEqual([first]);
    await shot(page, AREA, `lightbox-gate-${lang}-${width}`);

    // A tap shows that one photo, at the size said.
    await gate.click();
    await page.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
      return !!i && i.complete && i.naturalWidth > 0;
    });
    expect(files()).toHaveLength(2);
    expect(files()[1]).toMatch(/-960\.webp$/);
    await expect.poll(() => zoomIn.isDisabled()).toBe(false);
    // Still at the photo tapped (the gallery did not start again at the one opened).
    expect((await root.locator('.yarl__counter').textContent())?.replace(/\s/g, '')).toBe('2/3');
    await shot(page, AREA, `lightbox-shown-${lang}-${width}`);

    // On to the third (a placeholder still), then back past the two shown: nothing new fetched.
    await next.click();
    await root.locator('.yarl__slide_current [data-testid="photo-gate"]').waitFor();
    await previous.click();
    await previous.click();
    await page.waitForTimeout(800);
    expect(files()).toHaveLength(2);
    await page.keyboard.press('Escape');
    // The page's carousel remembers what was shown full screen: photo 1 is there, no placeholder.
    await expect.poll(() => carousel.getByTestId('carousel-open').count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

/** newContext's options at 390 px (extraHTTPHeaders need a context of our own). */
async function contextOptions(lang: Lang) {
  return { viewport: MOBILE, locale: lang === 'en' ? 'en-US' : 'ar-YE', deviceScaleFactor: 1, isMobile: true, hasTouch: true };
}

async function seedLanguage(ctx: BrowserContext, lang: Lang) {
  await ctx.addInitScript((l) => {
    if (!sessionStorage.getItem('__e2e_init')) {
      sessionStorage.setItem('__e2e_init', '1');
      localStorage.setItem('i18nextLng', l);
    }
  }, lang);
}
