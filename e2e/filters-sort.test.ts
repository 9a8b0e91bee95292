/**
 * Filters a visitor can see, the order of results, honest /property tabs, and listings sold or rented (issue 24),
 * in Arabic and English at 390 and 1280 px, on the demo content plus one rental in Aden that its owner marked
 * rented (the newest listing of all). Screenshots go to SHOTS_DIR/filters.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_LABELS } from '@manzil/shared';
import { api, createListing, DESKTOP, type Lang, launchBrowser, MOBILE, newContext, openApp, registerUser, ROOT, type RunningServer, shot, signIn, startServer, watchPage } from './harness.js';

const AREA = 'filters';
const ADMIN = { email: 'admin.filters@example.test', password: 'admin-secret-123' };
const locales = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/${ns}.json`), 'utf8')) as Record<string, any>;
const L = {
  en: { search: locales('en', 'search'), listings: locales('en', 'listings') },
  ar: { search: locales('ar', 'search'), listings: locales('ar', 'listings') },
};

/** Around Aden, as the draw modal hands it over: `polygon` (JSON points) and the polygon's box. */
const ADEN_POLYGON = [
  { lat: 12.7, lng: 44.85 },
  { lat: 12.95, lng: 44.85 },
  { lat: 12.95, lng: 45.15 },
  { lat: 12.7, lng: 45.15 },
];
const DRAWN = new URLSearchParams({ polygon: JSON.stringify(ADEN_POLYGON), min_lat: '12.7', max_lat: '12.95', min_lon: '44.85', max_lon: '45.15' });

let server: RunningServer;
let browser: Browser;
let rentedId = 0;

type Body = Record<string, unknown>;
const searchIds = async (body: Body) => {
  const r = await api(server, 'POST', '/listings/search', { body: { limit: 100, ...body } });
  expect(r.status).toBe(200);
  return { ids: (r.body.items as { id: number }[]).map((x) => x.id), total: r.body.total as number };
};
/** Waits until the cards on a search page are these ids, in this order. */
const waitForCards = (page: Page, ids: number[], scope = '.search-page') =>
  page.waitForFunction(
    ([want, sel]) => [...document.querySelectorAll(`${sel} article.listing-card h3 a`)].map((a) => a.getAttribute('href')!.split('/').pop()).join() === want.join(),
    [ids.map(String), scope] as const,
  );

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  // A flat to rent in Khor Maksar, Aden, published, approved, then marked rented by its owner: the newest of all.
  const owner = await registerUser(server, { first_name: 'Huda', last_name: 'Owner' });
  rentedId = await createListing(
    server,
    owner.token,
    { title_en: 'Rented flat in Khor Maksar', title_ar: 'شقة مؤجرة في خور مكسر' },
    { latitude: 12.83, longitude: 45.03 },
  );
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  expect((await api(server, 'POST', `/admin/listings/${rentedId}/approve`, { token: admin })).status).toBe(200);
  const marked = await api(server, 'PATCH', `/listings/${rentedId}`, { token: owner.token, body: { availability: 'rented' } });
  expect(marked.status, JSON.stringify(marked.body)).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['ar', 'desktop'],
  ['en', 'desktop'],
  ['ar', 'mobile'],
  ['en', 'mobile'],
] as const)('filters, sort and sold/rented (%s, %s)', (lang, device) => {
  const tag = `${lang}-${device}`;
  const s = L[lang].search;
  const mobile = device === 'mobile';

  it('a drawn area is a chip; removing it, other chips and Clear change the results; sort reorders and stays in the URL', async () => {
    const ctx = await newContext(browser, { lang, viewport: mobile ? MOBILE : DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);

    // The map hands over a drawn area to the list: it shows as "Drawn area", beside "For Rent".
    const q = new URLSearchParams(DRAWN);
    q.set('listing_type', 'FOR_RENT');
    await openApp(page, `${server.url}/search-list?${q}`);
    const inArea = await searchIds({ listing_type: 'FOR_RENT', polygon_coordinates: ADEN_POLYGON, min_lat: 12.7, max_lat: 12.95, min_lon: 44.85, max_lon: 45.15, limit: 10 });
    const allRent = await searchIds({ listing_type: 'FOR_RENT', limit: 10 });
    expect(allRent.total).toBeGreaterThan(inArea.total);
    await waitForCards(page, inArea.ids);
    const chips = page.locator('[data-testid="filter-chips"] .filter-chip');
    await expect.poll(() => chips.allInnerTexts().then((t) => t.map((x) => x.trim()))).toEqual([s.forRent, s.chips.polygon]);
    if (mobile) {
      // The phone's Filters button counts the drawn area too.
      await expect(page.locator('button[aria-controls="search-filters"] .badge').innerText()).resolves.toBe('2');
    }
    // The rented flat (newest of all) comes after every available rental, with its badge.
    const last = page.locator('.search-page article.listing-card').last();
    await expect(last.locator('h3 a').getAttribute('href')).resolves.toBe(`/property-details/${rentedId}`);
    await expect(last.locator('.listing-card-gone').innerText()).resolves.toBe(L[lang].listings.availability.rented);
    await last.scrollIntoViewIfNeeded();
    await shot(page, AREA, `${tag}-1-drawn-area-chip-rented-last`);

    // Removing the drawn area removes the polygon and its box from the URL, and the results widen.
    await page.getByRole('button', { name: s.removeFilter.replace('{{label}}', s.chips.polygon) }).click();
    await page.waitForURL((u) => !u.searchParams.has('polygon') && !u.searchParams.has('min_lat'));
    await waitForCards(page, allRent.ids);
    await expect.poll(() => chips.count()).toBe(1);
    await expect(page.locator('.search-head [aria-live]').innerText()).resolves.toContain(String(allRent.total));

    // Sort: price low to high, server order, kept in the URL (and so after a reload, rendered by the server).
    await page.locator('#search-sort').selectOption('price_asc');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price_asc');
    const cheap = await searchIds({ listing_type: 'FOR_RENT', sort: 'price_asc', limit: 10 });
    await waitForCards(page, cheap.ids);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, AREA, `${tag}-2-sorted-price-asc`);
    const html = await (await fetch(page.url(), { headers: { 'accept-language': lang, cookie: `i18nextLng=${lang}` } })).text();
    expect(html).toMatch(/<option value="price_asc" selected="">/);
    await page.locator('#search-sort').selectOption('area_desc');
    const big = await searchIds({ listing_type: 'FOR_RENT', sort: 'area_desc', limit: 10 });
    await waitForCards(page, big.ids);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('area_desc');

    // A map area without a drawn one ("edit filters" from the map) is a chip too; Clear removes it and every
    // filter, and keeps the order.
    const withBox = new URLSearchParams({ listing_type: 'FOR_RENT', bedrooms: '2', min_lat: '12.7', max_lat: '12.95', min_lon: '44.85', max_lon: '45.15', sort: 'area_desc' });
    await openApp(page, `${server.url}/search-list?${withBox}`);
    const twoBeds = lang === 'en' ? '2 bedrooms' : 'غرفتا نوم';
    await expect.poll(() => chips.allInnerTexts().then((t) => t.map((x) => x.trim()))).toEqual([s.forRent, twoBeds, s.chips.bounds]);
    await shot(page, AREA, `${tag}-3-map-area-chip`);
    await page.getByRole('button', { name: s.clearAll }).click();
    await page.waitForURL((u) => u.search === '?sort=area_desc');
    await expect.poll(() => page.locator('[data-testid="filter-chips"]').count()).toBe(0);
    const everything = await searchIds({ sort: 'area_desc', limit: 10 });
    await waitForCards(page, everything.ids);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a minimum price above the maximum is said at once in the filters; /property tabs match the database', async () => {
    const ctx = await newContext(browser, { lang, viewport: mobile ? MOBILE : DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/search-grid?listing_type=FOR_SALE`);
    if (mobile) await page.locator('button[aria-controls="search-filters"]').click();
    await page.locator('#f-pmin').fill('900000');
    await page.locator('#f-pmax').fill('1000');
    await expect.poll(() => page.locator('#f-price-order').innerText()).toBe(s.priceOrder);
    await expect.poll(() => page.locator('#f-pmin').getAttribute('aria-invalid')).toBe('true');
    await shot(page, AREA, `${tag}-4-min-above-max`);
    // Apply swaps them: the URL and the chip say 1,000 to 900,000.
    await page.getByRole('button', { name: s.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('price_min') === '1000' && u.searchParams.get('price_max') === '900000');
    const priceChip = page.locator('[data-testid="filter-chips"] .filter-chip[data-chip="price"]');
    await expect(priceChip.innerText()).resolves.toMatch(/1,000[^]*900,000|١٬?٠٠٠[^]*٩٠٠٬?٠٠٠/);
    // Each amount in a left-to-right isolate: bare inside the Arabic sentence it read "$US 900,000".
    expect(await priceChip.innerText()).toMatch(/\u2066[^\u2069]*1,000[^\u2069]*\u2069[^]*\u2066[^\u2069]*900,000[^\u2069]*\u2069/);
    if (!mobile) await page.locator('#f-price-order:empty').waitFor({ state: 'attached' });

    // /property: each tab is the server's order over every listing; "For Sale" is all of them, 12 at a time.
    await openApp(page, `${server.url}/property`);
    const tabs = L[lang].listings.tabs;
    for (const [tab, body] of [
      [tabs.sale, { listing_type: 'FOR_SALE' }],
      [tabs.top, { sort: 'price_desc' }],
      [tabs.biggest, { sort: 'area_desc' }],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const want = await searchIds({ ...body, limit: 12 });
      await waitForCards(page, want.ids, '#listing-panel');
    }
    const sale = await searchIds({ listing_type: 'FOR_SALE', limit: 100 });
    await page.getByRole('tab', { name: tabs.sale }).click();
    await waitForCards(page, sale.ids.slice(0, 12), '#listing-panel');
    if (sale.total > 12) {
      await page.getByRole('button', { name: L[lang].listings.loadMore }).click();
      await waitForCards(page, sale.ids.slice(0, 24), '#listing-panel');
    }
    await page.getByRole('tab', { name: tabs.biggest }).scrollIntoViewIfNeeded();
    await shot(page, AREA, `${tag}-5-property-for-sale`);

    // The home's latest never show the rented flat, though it is the newest listing.
    await openApp(page, `${server.url}/`);
    await page.locator('.latest-track article.listing-card').first().waitFor();
    const latest = await page.locator('.latest-track article.listing-card h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(latest).toHaveLength(4);
    expect(latest).not.toContain(`/property-details/${rentedId}`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an amenity narrows the results and is a chip; the listing shows it with its icon', async () => {
    const ctx = await newContext(browser, { lang, viewport: mobile ? MOBILE : DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const all = await searchIds({ limit: 12 });
    const solar = await searchIds({ solar_power: true, limit: 12 });
    // The demo content has some homes on solar power, not all.
    expect(solar.total).toBeGreaterThan(0);
    expect(solar.total).toBeLessThan(all.total);
    await openApp(page, `${server.url}/search-grid`);
    await waitForCards(page, all.ids);
    if (mobile) await page.locator('button[aria-controls="search-filters"]').click();
    await page.locator('#f-amenity-solar_power').check();
    // On a wide screen the filters apply by themselves; on a phone Apply closes the panel.
    if (mobile) await page.getByRole('button', { name: s.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('solar_power') === '1');
    await waitForCards(page, solar.ids);
    const label = AMENITY_LABELS.solar_power[lang];
    await expect.poll(() => page.locator('[data-testid="filter-chips"] .filter-chip').allInnerTexts().then((t) => t.map((x) => x.trim()))).toEqual([label]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, AREA, `${tag}-7-solar-power`);
    // The first result says so on its page, with the other amenities it has.
    await page.locator('.search-page article.listing-card h3 a').first().click();
    await page.waitForURL(`**/property-details/${solar.ids[0]}`);
    const item = page.locator('[data-testid="amenity-list"] [data-amenity="solar_power"]');
    await expect(item.innerText()).resolves.toBe(label);
    await item.scrollIntoViewIfNeeded();
    await shot(page, AREA, `${tag}-8-listing-amenities`);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

it('the map shows the same chips: a drawn area, removable', async () => {
  const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
  const page = await ctx.newPage();
  const q = new URLSearchParams(DRAWN);
  q.set('listing_type', 'FOR_RENT');
  await openApp(page, `${server.url}/search-map?${q}`);
  const chips = page.locator('[data-testid="filter-chips"] .filter-chip');
  await chips.first().waitFor();
  await expect.poll(() => chips.allInnerTexts().then((t) => t.map((x) => x.trim()))).toEqual([L.en.search.forRent, L.en.search.chips.polygon]);
  await shot(page, AREA, 'en-desktop-6-map-chips');
  await page.getByRole('button', { name: L.en.search.removeFilter.replace('{{label}}', L.en.search.chips.polygon) }).click();
  await page.waitForURL((u) => !u.searchParams.has('polygon'));
  await expect.poll(() => chips.allInnerTexts().then((t) => t.map((x) => x.trim()))).toEqual([L.en.search.forRent]);
  await ctx.close();
});

it('a maximum typed while the minimum’s search is on its way stays, on a computer four times slower', async () => {
  const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
  const page = await ctx.newPage();
  const errors = watchPage(page);
  await openApp(page, `${server.url}/search-grid?listing_type=FOR_SALE`);
  // Slowed down, the results take a while to render after the minimum reaches the URL (500 ms after typing);
  // the maximum typed meanwhile used to be wiped when they did.
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.locator('#f-pmin').fill('900000');
  await page.waitForURL((u) => u.searchParams.get('price_min') === '900000');
  await page.locator('#f-pmax').fill('1000');
  await expect.poll(() => page.locator('#f-price-order').innerText(), { timeout: 15_000 }).toBe(L.ar.search.priceOrder);
  expect(await page.locator('#f-pmax').inputValue()).toBe('1000');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByRole('button', { name: L.ar.search.apply }).click();
  await page.waitForURL((u) => u.searchParams.get('price_min') === '1000' && u.searchParams.get('price_max') === '900000');
  expect(errors).toEqual([]);
  await ctx.close();
});
