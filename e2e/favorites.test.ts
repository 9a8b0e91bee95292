/**
 * Favourites (issue 27) in Chromium, Arabic and English, at 1280 and 390 px: a visitor hearts a listing on the
 * search list while signed out (kept on the device, the heart pressed after a reload too), signs in through the
 * modal, and finds it on /favorites, now in the account (the device's list merged and cleared); a price drop
 * shows as a badge with the old price; un-hearting on /favorites forgets it (the card stays until the page is
 * opened again, when the empty state shows). Screenshots in SHOTS_DIR/favorites/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer, until } from './harness';
import { locale, pick } from './locales';

const AREA = 'favorites';
const ADMIN = { email: 'admin.favorites@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

const texts = (lang: Lang) => {
  const [common, fav, account] = [locale(lang, 'common'), locale(lang, 'favorites'), locale(lang, 'account')];
  return { c: (k: string) => pick(common, k), f: (k: string) => pick(fav, k), a: (k: string) => pick(account, k) };
};


async function publish(title: string, price: number) {
  const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)`, price });
  const r = await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken });
  expect(r.status).toBe(200);
  return id;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Nabil', last_name: 'Owner' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', DESKTOP],
  ['en', DESKTOP],
  ['ar', MOBILE],
  ['en', MOBILE],
])('favourites (%s, %o)', (lang, viewport) => {
  const { c, f, a } = texts(lang);
  const size = viewport.width;

  it('hearts signed out, keeps it through sign-in, shows the change, un-hearts on /favorites', async ({ expect }) => {
    const word = `fav${lang}${size}x${Date.now()}`;
    const title = `Villa ${word}`;
    const id = await publish(title, 500);
    const visitor = await registerUser(server, { first_name: 'Huda' });
    const ctx = await newContext(browser, { lang, viewport });
    const page: Page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Signed out, on the search list: the heart of that card keeps it on the device.
    await openApp(page, `${server.url}/search-list?search=${word}`);
    const heart = page.getByTestId(`favorite-${id}`);
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await heart.getAttribute('aria-label')).toBe(c('favorite.save'));
    await heart.click();
    await until(() => heart.getAttribute('aria-pressed'), 'true', 'heart pressed');
    expect(await heart.getAttribute('aria-label')).toBe(c('favorite.remove'));
    expect(await page.evaluate(() => localStorage.getItem('manzilFavorites'))).toBe(JSON.stringify([id]));
    await shot(page, AREA, `search-hearted-${lang}-${size}`);
    // After a reload (the server's HTML knows nobody), the device's heart is pressed again once the app runs.
    await openApp(page, page.url());
    await until(() => page.getByTestId(`favorite-${id}`).getAttribute('aria-pressed'), 'true', 'heart after reload');

    // /favorites signed out: the device's list with the prompt to sign in.
    await openApp(page, `${server.url}/favorites`);
    await page.getByTestId('favorites-sign-in').waitFor();
    await page.getByTestId(`favorite-item-${id}`).getByRole('link', { name: lang === 'ar' ? `${title} (ع)` : title, exact: true }).waitFor();
    await shot(page, AREA, `device-${lang}-${size}`);

    // Sign in through the prompt's button: the device's favourite joins the account and the device forgets it.
    await page.getByTestId('favorites-sign-in').getByRole('button').click();
    const modal = page.locator('.modal.show .modal-content');
    await modal.waitFor();
    await modal.getByLabel(new RegExp(`^\\s*${a('fields.email')}\\s*\\*?\\s*$`)).fill(visitor.email);
    await modal.getByLabel(new RegExp(`^\\s*${a('fields.password')}\\s*\\*?\\s*$`)).fill(visitor.password);
    await modal.getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await until(async () => (await api(server, 'GET', '/favorites', { token: visitor.token })).body?.items?.map((i: { listing_id: number }) => i.listing_id), [id], 'merged into the account');
    await until(() => page.evaluate(() => localStorage.getItem('manzilFavorites')), null, 'device list cleared');

    // The owner lowers the price: the account's list says so, with the old price.
    const patched = await api(server, 'PATCH', `/listings/${id}`, { token: owner.token, body: { price: 450 } });
    expect(patched.status).toBe(200);
    if (patched.body.status !== 'approved') expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    await openApp(page, `${server.url}/favorites`);
    const item = page.getByTestId(`favorite-item-${id}`);
    await item.waitFor();
    expect(await page.getByTestId('favorites-sign-in').count()).toBe(0);
    const badge = page.getByTestId(`favorite-change-${id}`);
    await badge.waitFor();
    expect(await badge.innerText()).toContain(f('change.price_down'));
    // The price when it was saved, named so: the card's struck-through old price is the listing's last one.
    expect(await badge.innerText()).toContain(`${f('change.savedAt')} `);
    expect(await badge.innerText()).toMatch(/500/);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await shot(page, AREA, `account-${lang}-${size}`, true);

    // Un-heart: forgotten at once on the server, the card stays (a second press would keep it back).
    const pageHeart = item.getByRole('button', { name: c('favorite.remove') });
    expect(await pageHeart.getAttribute('aria-pressed')).toBe('true');
    await pageHeart.click();
    await until(() => item.getByTestId(`favorite-${id}`).getAttribute('aria-pressed'), 'false', 'un-hearted');
    await until(async () => (await api(server, 'GET', '/favorites', { token: visitor.token })).body?.total, 0, 'forgotten on the server');
    await openApp(page, `${server.url}/favorites`);
    await page.getByTestId('favorites-empty').waitFor();
    await shot(page, AREA, `empty-${lang}-${size}`);

    // The user menu leads here.
    const menuButton = page.locator(size < 992 ? '[data-testid="user-menu"]' : '.nav-actions [data-testid="user-menu"]');
    if (size >= 992) {
      await menuButton.click();
      await page.locator('.nav-actions .account-menu').getByRole('link', { name: a('menu.favorites') }).waitFor();
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
