/**
 * Similar homes (issue 28) in Chromium, Arabic and English, at 1280 and 390 px: a visitor opens a listing; nothing
 * is asked for similar homes until they scroll down, then the section shows the listings like it (same type, in
 * the price band, nearest first: the right titles in the page's language, never the listing itself nor one of
 * another type or price), and clicking one opens it, with its own similar homes under it. Screenshots in SHOTS_DIR/similar/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, until, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const AREA = 'similar';
const ADMIN = { email: 'admin.similar@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

/** Khor Maksar, Aden (createListing's district): the listing's point, and points `deg` degrees north of it. */
const at = (deg: number) => ({ latitude: 12.83 + deg, longitude: 45.03 });

async function publish(title: string, price: number, over: Record<string, unknown> = {}, property: Record<string, unknown> = {}) {
  const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} بالعربية`, price, ...over }, property);
  const r = await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken });
  if (r.status !== 200) throw new Error(`approve failed: ${r.status}`);
  return id;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Amal', last_name: 'Owner' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A reader's scroll: most of a screen further down, back to the top after the end. A jump straight to the end passes
 * over the section without it ever coming near the screen (a phone's footer alone is taller than the screen).
 */
const readDown = (page: Page) =>
  page.evaluate(() => {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, window.scrollY >= end - 1 ? 0 : window.scrollY + window.innerHeight * 0.7);
  });

describe.concurrent.each<[Lang, { width: number; height: number }, number]>([
  ['ar', DESKTOP, 350],
  ['en', DESKTOP, 3_500],
  ['ar', MOBILE, 35_000],
  ['en', MOBILE, 350_000],
])('similar homes (%s, %o)', (lang, viewport, price) => {
  const details = locale(lang, 'details');
  const size = viewport.width;

  it('appear under the listing once scrolled to, with the right titles, and open the one clicked', async ({ expect }) => {
    // Each case its own price, 10× apart: the ±35% bands do not meet, so the cases do not see each other's listings.
    const word = `sim${lang}${size}`;
    const base = await publish(`Flat ${word} itself`, price, {}, at(0));
    const far = await publish(`Flat ${word} far`, Math.round(price * 0.8), {}, at(0.02));
    const near = await publish(`Flat ${word} near`, Math.round(price * 1.3), {}, at(0.005));
    // Not like it: for sale, twice the price, still pending.
    const forSale = await publish(`Flat ${word} for sale`, price, { listing_type: 'FOR_SALE' }, at(0.001));
    const dear = await publish(`Flat ${word} dear`, price * 2, {}, at(0.001));
    const pending = await createListing(server, owner.token, { title_en: `Flat ${word} pending`, price }, at(0.001));
    const title = (id: number, name: string) => ({ id, text: lang === 'ar' ? `Flat ${word} ${name} بالعربية` : `Flat ${word} ${name}` });
    const expected = [title(near, 'near'), title(far, 'far')];

    const ctx = await newContext(browser, { lang, viewport });
    const page: Page = await ctx.newPage();
    const errors = watchPage(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/similar')) asked.push(r.url());
    });

    await openApp(page, `${server.url}/property-details/${base}`);
    await page.locator('h1').first().waitFor();
    // Hydrated and settled, yet nothing asked and nothing shown: the section waits for the visitor to come near.
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);
    expect(await page.getByTestId('similar-homes').count()).toBe(0);

    // Down the page a screen at a time, as a reader does, again while the parts above (map, contact form) still load.
    const section = page.getByTestId('similar-homes');
    const end = Date.now() + 20_000;
    while ((await section.count()) === 0 && Date.now() < end) {
      await readDown(page);
      await page.waitForTimeout(250);
    }
    await section.waitFor();
    expect(await section.locator('h2').innerText()).toBe(pick(details, 'similar.title'));
    const cards = section.locator('article.listing-card');
    await until(() => cards.count(), expected.length, 'similar cards');
    const shown = await cards.evaluateAll((els) =>
      els.map((e) => ({ id: Number(e.querySelector('h3')!.id.replace(/\D/g, '')), text: e.querySelector('h3')!.textContent!.trim() })),
    );
    expect(shown).toEqual(expected);
    for (const gone of [base, forSale, dear, pending]) expect(shown.map((s) => s.id)).not.toContain(gone);
    expect(asked).toHaveLength(1);
    await section.scrollIntoViewIfNeeded();
    await shot(page, AREA, `similar-${lang}-${size}`);

    // Open the nearest one: its own page, and under it its own similar homes, the first listing among them (the far
    // one is outside this one's band: 0.8 × the price against 1.3 × 0.65).
    // Every frame from the click on: where the window is scrolled, under which title. The new listing must show
    // from its top at once, not glide up from where the old one was read (Bootstrap's smooth scrolling did).
    await page.evaluate(() => {
      const frames: { y: number; title: string }[] = ((window as unknown as { __frames: unknown }).__frames = []);
      const look = () => {
        frames.push({ y: Math.round(window.scrollY), title: document.querySelector('h1')?.textContent?.trim() ?? '' });
        if (frames.length < 600) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await section.locator(`#listing-${near}-title a`).click();
    await page.waitForURL(`**/property-details/${near}`);
    await until(() => page.locator('h1').first().innerText(), expected[0]!.text, 'opened listing title');
    await page.waitForTimeout(600);
    const frames = await page.evaluate(() => (window as unknown as { __frames: { y: number; title: string }[] }).__frames);
    const opened = frames.filter((f) => f.title === expected[0]!.text);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((f) => f.y !== 0)).toEqual([]);
    await shot(page, AREA, `opened-${lang}-${size}`);
    const again = page.locator(`[data-testid="similar-homes"] #listing-${base}-title`);
    const end2 = Date.now() + 20_000;
    while ((await again.count()) === 0 && Date.now() < end2) {
      await readDown(page);
      await page.waitForTimeout(250);
    }
    expect(await page.getByTestId('similar-homes').locator('h3').allInnerTexts()).toEqual([title(base, 'itself').text]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
