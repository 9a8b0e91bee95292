/**
 * Places people mean (issue 24), on the demo content: from the home page, "صنعاء" searches Sana'a the city
 * (the capital with the governorate around it, governorate_id=1,2) whether the visitor presses Enter or
 * picks the first suggestion, and lands on results holding the capital's listings. On a phone the open
 * suggestion list does not lie over the Search button, and tapping Search searches (it used to pick a village).
 * Arabic and English, 390 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, type Lang, launchBrowser, MOBILE, newContext, openApp, ROOT, type RunningServer, shot, startServer, watchPage } from './harness.js';

const AREA = 'places';
const search = (lang: Lang) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/search.json`), 'utf8')) as Record<string, any>;
const S = { ar: search('ar'), en: search('en') };

let server: RunningServer;
let browser: Browser;
/** Public listings of Sana'a the city (governorates 1 and 2), and those of the capital alone. */
let cityIds = new Set<number>();
let capitalIds = new Set<number>();

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  browser = await launchBrowser();
  const city = await api(server, 'POST', '/listings/search', { body: { governorate_id: [1, 2], limit: 100 } });
  cityIds = new Set(city.body.items.map((x: { id: number }) => x.id));
  const capital = await api(server, 'POST', '/listings/search', { body: { governorate_id: 1, limit: 100 } });
  capitalIds = new Set(capital.body.items.map((x: { id: number }) => x.id));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cardIds = (page: Page) =>
  page.locator('.search-page article.listing-card h3 a').evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())));

/** Results of Sana'a the city: the URL says governorates 1 and 2, and the cards are the city's, the capital's among them. */
async function expectCityResults(page: Page) {
  await page.waitForURL(/\/search-list\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('governorate_id')).toBe('1,2');
  expect(url.searchParams.get('location')).toBeNull();
  await page.locator('.search-page article.listing-card').first().waitFor();
  const ids = await cardIds(page);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(cityIds.has(id)).toBe(true);
  expect(ids.some((id) => capitalIds.has(id))).toBe(true);
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function typePlace(page: Page, lang: Lang, text: string): Promise<{ box: Locator; first: Locator }> {
  const box = page.getByRole('combobox', { name: S[lang].location });
  await box.click();
  await box.pressSequentially(text, { delay: 30 });
  const first = page.getByRole('listbox', { name: S[lang].location }).getByRole('option').first();
  // The first suggestion is the city: its name, and "City" where the others say their level. (A locator wait,
  // not expect.poll: these tests run concurrently, where only the test's own expect may poll.)
  await first.filter({ hasText: `${S[lang].level.city} ·` }).waitFor({ timeout: 10_000 });
  return { box, first };
}

describe.concurrent.each([
  ['ar', 'desktop'],
  ['en', 'desktop'],
  ['ar', 'mobile'],
  ['en', 'mobile'],
] as const)('home search for Sana\'a (%s, %s)', (lang, device) => {
  const viewport = device === 'mobile' ? MOBILE : DESKTOP;
  const tag = `${lang}-${device}`;
  const name = lang === 'ar' ? 'صنعاء' : "Sana'a";

  it('Enter on "صنعاء" searches the city, not the governorate of the same name', async () => {
    expect(capitalIds.size).toBeGreaterThan(0);
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, server.url + '/');
    const { box, first } = await typePlace(page, lang, 'صنعاء');
    expect(await first.textContent()).toContain(name);
    await shot(page, AREA, `${tag}-1-suggestions`);
    await box.press('Enter');
    await expectCityResults(page);
    await page.waitForLoadState('networkidle');
    await shot(page, AREA, `${tag}-2-enter-results`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it(`picking the first suggestion ("${lang === 'ar' ? 'صنعاء' : "Sana'a"}") searches the city`, async () => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, server.url + '/');
    const { box, first } = await typePlace(page, lang, lang === 'ar' ? 'صنعاء' : "Sana'a");
    if (device === 'mobile') await first.tap();
    else await first.click();
    await expect(box.inputValue()).resolves.toBe(name);
    await page.getByRole('button', { name: S[lang].searchButton }).click();
    await expectCityResults(page);
    await page.waitForLoadState('networkidle');
    await shot(page, AREA, `${tag}-3-pick-results`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the open list leaves the Search button uncovered, and a tap (click) on Search searches', async () => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, server.url + '/');
    await typePlace(page, lang, 'صنعاء');
    const list = page.getByRole('listbox', { name: S[lang].location });
    const button = page.getByRole('button', { name: S[lang].searchButton });
    await button.scrollIntoViewIfNeeded();
    const [listBox, buttonBox] = [await list.boundingBox(), await button.boundingBox()];
    expect(listBox && buttonBox).toBeTruthy();
    expect(overlap(listBox!, buttonBox!)).toBe(false);
    // What is under the middle of the button is the button (or its icon), not a suggestion.
    const hit = await page.evaluate(([x, y]) => {
      const el = document.elementFromPoint(x!, y!);
      return Boolean(el?.closest('button[type="submit"]'));
    }, [buttonBox!.x + buttonBox!.width / 2, buttonBox!.y + buttonBox!.height / 2]);
    expect(hit).toBe(true);
    await expect(list.isVisible()).resolves.toBe(true);
    await shot(page, AREA, `${tag}-4-list-and-button`);
    if (device === 'mobile') await button.tap();
    else await button.click();
    await expectCityResults(page);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
