/**
 * District medians (issue 29) in Chromium, Arabic and English, at 390 and 1280 px. /market opens on Sana'a city,
 * where this server has no listings: the honest empty state. Aden, chosen in the form, shows Khor Maksar's median
 * from six flats for sale and another district's from five, and leaves out a third's four: the table in the page's language, bars
 * growing from the right in Arabic and from the left in English, nothing wider than the screen, no serious axe
 * finding. A flat's page, scrolled down, says where it sits against that median. Screenshots in SHOTS_DIR/market/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, axeFindings, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, until, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const AREA = 'market';
const ADMIN = { email: 'admin.market@example.test', password: 'admin-market-123' };
/** Aden (3): Khor Maksar (createListing's district) and another of its districts. */
const ADEN = 3;
const KHOR_MAKSAR = 34;
let otherDistrict: { id: number; name_en: string; name_ar: string };
let thirdDistrict: { id: number; name_en: string; name_ar: string };
let khorMaksar: { name_en: string; name_ar: string };
/** Amanat Al-Asimah, where /market opens: Sana'a the city. */
let capital: { name_en: string; name_ar: string };
let server: RunningServer;
let browser: Browser;
/** Khor Maksar's cheapest flat: 800 USD a m² against a median of 1,150, about 30% below. */
let cheap: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
  const [adminToken, owner] = await Promise.all([signIn(server, ADMIN.email, ADMIN.password), registerUser(server, { first_name: 'Huda', last_name: 'Owner' })]);
  const districts = (await api(server, 'GET', `/locations/districts?governorate_id=${ADEN}`)).body as { id: number; name_en: string; name_ar: string }[];
  khorMaksar = districts.find((d) => d.id === KHOR_MAKSAR)!;
  capital = ((await api(server, 'GET', '/locations/governorates')).body as ({ id: number } & typeof capital)[]).find((g) => g.id === 1)!;
  [otherDistrict, thirdDistrict] = districts.filter((d) => d.id !== KHOR_MAKSAR) as [typeof khorMaksar & { id: number }, typeof khorMaksar & { id: number }];
  // Flats for sale of 100 m² at these USD per m²: six in Khor Maksar (median (1,100 + 1,200) / 2), four in one
  // district, five in another (median 700).
  const publish = async (perSqm: number, district: number) => {
    const id = await createListing(server, owner.token, { listing_type: 'FOR_SALE', price: perSqm * 100 }, { area_sqm: 100, district_id: district });
    const r = await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken });
    if (r.status !== 200) throw new Error(`approve failed: ${r.status}`);
    return id;
  };
  cheap = await publish(800, KHOR_MAKSAR);
  await Promise.all([...[1000, 1100, 1200, 1300, 1500].map((v) => publish(v, KHOR_MAKSAR)), ...[400, 500, 600, 700].map((v) => publish(v, otherDistrict.id)), ...[500, 600, 700, 800, 900].map((v) => publish(v, thirdDistrict.id))]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', MOBILE],
  ['en', MOBILE],
  ['ar', DESKTOP],
  ['en', DESKTOP],
])('/market (%s, %o)', (lang, viewport) => {
  const market = locale(lang, 'market');
  const size = viewport.width;
  const name = (d: { name_en: string; name_ar: string }) => (lang === 'ar' ? d.name_ar : d.name_en);
  const median = lang === 'ar' ? '\u200f1,150\u00a0US$' : '$1,150';

  it('shows the empty state, then the district medians as a table and a bar chart from the start edge', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);

    await openApp(page, `${server.url}/market`);
    await page.getByTestId('market-empty').waitFor();
    expect(await page.getByTestId('market-empty').innerText()).toContain(pick(market, 'empty'));
    expect(await axeFindings(page)).toEqual([]);
    if (size === MOBILE.width) await shot(page, AREA, `empty-${lang}-${size}`);
    // Sana'a the city spelled as everywhere else in the app (a listing's page, the search filters): the locations' name.
    expect(await page.locator('select[name="governorate_id"] option:checked').innerText()).toBe(name(capital));

    // Aden from the form: the choice applies at once and lands in the address.
    await page.locator('select[name="governorate_id"]').selectOption(String(ADEN));
    await page.waitForURL(`**/market?governorate_id=${ADEN}&listing_type=FOR_SALE&property_type=APARTMENT`);
    const table = page.getByTestId('market-table');
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.trim())));
    // Highest first; four listings in the other district are not enough for a figure.
    expect(rows).toEqual([[name(khorMaksar), median, '6'], [name(thirdDistrict), lang === 'ar' ? '\u200f700\u00a0US$' : '$700', '5']]);
    expect(await page.locator('body').innerText()).not.toContain(name(otherDistrict));

    // The chart is hidden from assistive technology (the table is its text) and its bar starts at the line's start.
    const chart = page.getByTestId('market-chart');
    expect(await chart.getAttribute('aria-hidden')).toBe('true');
    const [svgBox, barBox] = [await chart.boundingBox(), await chart.locator('rect').first().boundingBox()];
    if (lang === 'ar') expect(Math.abs(barBox!.x + barBox!.width - (svgBox!.x + svgBox!.width))).toBeLessThan(2);
    else expect(Math.abs(barBox!.x - svgBox!.x)).toBeLessThan(2);
    // Bars in proportion: 700 against 1,150.
    const second = await chart.locator('rect').nth(1).boundingBox();
    expect(Math.abs(second!.width / barBox!.width - 700 / 1150)).toBeLessThan(0.02);
    const label = await chart.locator('text').first().boundingBox();
    if (lang === 'ar') expect(label!.x + label!.width).toBeGreaterThan(svgBox!.x + svgBox!.width - 4);
    else expect(label!.x).toBeLessThan(svgBox!.x + 4);
    // Readable on a phone: nothing wider than the screen, every name and figure inside the chart.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const box of await chart.locator('text').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(svgBox!.x - 1);
      expect(box.right).toBeLessThanOrEqual(svgBox!.x + svgBox!.width + 1);
    }
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, AREA, `aden-${lang}-${size}`, true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("says on a flat's page where its price per m² sits against its district's median", async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/property-details/${cheap}`);
    await page.locator('h1').first().waitFor();
    const section = page.getByTestId('market-position');
    const end = Date.now() + 20_000;
    while ((await section.count()) === 0 && Date.now() < end) {
      await page.evaluate(() => window.scrollBy(0, 400));
      await page.waitForTimeout(200);
    }
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain(pick(market, 'position.title'));
    expect(text).toContain(name(khorMaksar));
    expect(text).toMatch(/30\u200e?\s?[%٪]/);
    expect(text).toMatch(lang === 'ar' ? /أقل بنحو/ : /About \u2066?30%/);
    expect(text).toContain(lang === 'ar' ? '6 إعلانات' : 'from 6 listings');
    await until(() => section.locator('a').getAttribute('href'), `/market?governorate_id=${ADEN}&listing_type=FOR_SALE&property_type=APARTMENT`, 'link to /market');
    await section.scrollIntoViewIfNeeded();
    await shot(page, AREA, `position-${lang}-${size}`);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
