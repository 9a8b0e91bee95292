/**
 * /admin/rates in Chromium, Arabic and English (issue 29): an administrator changes a zone's rate from the keyboard,
 * confirms, sees the change in the history with their name, and a visitor's USD price filter finds the listing at its
 * new dollar value at once. Arabic changes the old-note zone (Sana'a), English the new-note zone (Aden), so the two
 * run side by side; each is looked at 390 and 1280 px wide. Screenshots go to SHOTS_DIR/rates.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, axeFindings, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, until, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const ADMIN = { email: 'admin.rates-e2e@example.test', password: 'admin-secret' };
const AREA = 'rates';

let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  owner = await registerUser(server, { email: `owner.rates.${Date.now()}@example.test` });
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Per language: its zone, a place in it, and a price worth 10,000 USD there now and 5,000 after the rate doubles. */
const CASES = {
  ar: { zone: 1, governorate_id: 1, district_id: 4, from: 530, to: 1060, viewport: MOBILE, other: DESKTOP },
  en: { zone: 2, governorate_id: 3, district_id: 34, from: 1617, to: 3234, viewport: DESKTOP, other: MOBILE },
} as const;

describe.concurrent.each<Lang>(['ar', 'en'])('rates (%s)', (lang) => {
  it('an admin doubles a zone’s rate, sees it in the history, and search finds the listing at its new dollar value', async ({ expect }) => {
    const c = CASES[lang];
    const ad = (k: string) => pick(locale(lang, 'admin'), k);
    const fmt = (n: number) => new Intl.NumberFormat(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-GB').format(n);
    const word = `rates${lang}${Date.now().toString(36)}`;
    const id = await createListing(
      server,
      owner.token,
      { listing_type: 'FOR_SALE', price: c.from * 10_000, currency: 'YER', title_en: `House ${word}`, title_ar: `بيت ${word}` },
      { governorate_id: c.governorate_id, district_id: c.district_id },
    );
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    const found = async (min: number, max: number) =>
      ((await api(server, 'POST', '/listings/search', { body: { search: word, min_price: min, max_price: max } })).body.items as { id: number }[]).map((i) => i.id);
    expect(await found(9_000, 11_000)).toEqual([id]);

    const ctx = await newContext(browser, { lang, viewport: c.viewport, token: adminToken });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/admin/rates`);
    await page.getByRole('heading', { level: 1, name: ad('rates.title') }).waitFor();
    const card = page.locator(`article[data-zone-id="${c.zone}"]`);
    await card.waitFor();
    expect(await page.getByTestId(`zone-rate-${c.zone}`).innerText()).toContain(fmt(c.from));
    // The admin screens' tabs: every one in sight and whole (a phone's two rows of three, a desktop's one row).
    const tabs = page.getByRole('navigation', { name: ad('nav.label') });
    const boxes = await tabs.locator('a').evaluateAll((links) =>
      links.map((a) => {
        const r = a.getBoundingClientRect();
        return { x: r.left, right: r.right, top: Math.round(r.top), clipped: a.scrollWidth > a.clientWidth };
      }),
    );
    expect(boxes).toHaveLength(6);
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(c.viewport.width);
      expect(b.clipped).toBe(false);
    }
    expect(new Set(boxes.map((b) => b.top)).size).toBe(c.viewport === MOBILE ? 2 : 1);
    if (c.viewport === MOBILE) {
      await shot(page, AREA, `tabs-${lang}-${c.viewport.width}`);
    }

    // From the keyboard: type the new rate, Enter, then confirm in the dialog.
    const input = page.getByTestId(`rate-input-${c.zone}`);
    await input.fill('');
    await input.pressSequentially(String(c.to));
    await input.press('Enter');
    const dialog = page.getByRole('dialog', { name: ad('rates.confirmTitle') });
    await dialog.waitFor();
    expect(await dialog.getByTestId('rates-confirm-text').innerText()).toContain(fmt(c.to));
    await shot(page, AREA, `confirm-${lang}-${c.viewport.width}`);
    await dialog.getByTestId('rates-confirm').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('rates-done').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId(`zone-rate-${c.zone}`).innerText()).toContain(fmt(c.to));

    // The history says who changed what.
    // Its own change: the other language's test changes the other zone at the same time.
    const row = page.getByTestId('rates-history').locator('li').filter({ hasText: fmt(c.to) }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(`${fmt(c.from)}`);
    expect(text).toContain(`${fmt(c.to)}`);
    expect(text).not.toContain(ad('listings.unknownAdmin'));
    await shot(page, AREA, `page-${lang}-${c.viewport.width}`, true);
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize(c.other);
    await shot(page, AREA, `page-${lang}-${c.other.width}`, true);
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();

    // A visitor's USD filter: the listing is now worth 5,000 USD, at once.
    expect(await found(9_000, 11_000)).toEqual([]);
    const vctx = await newContext(browser, { lang, viewport: c.viewport });
    const vp = await vctx.newPage();
    await openApp(vp, `${server.url}/search-list?search=${word}&min_price=4000&max_price=6000`);
    await vp.locator(`a[href="/property-details/${id}"]`).first().waitFor();
    await shot(vp, AREA, `search-${lang}-${c.viewport.width}`);
    await until(() => found(4_000, 6_000), [id], 'listing at its new value');
    await vctx.close();
  }, 60_000);
});
