/**
 * Favourites (issue 27) in Chromium, Arabic and English, at 1280 and 390 px: a visitor hearts a listing on the
 * search list while signed out (kept on the device, the heart pressed after a reload too), signs in through the
 * modal, and finds it on /favorites, now in the account (the device's list merged and cleared); a price drop
 * shows as a badge with the old price; un-hearting on /favorites forgets it (the card stays until the page is
 * opened again, when the empty state shows). A second journey keeps four homes whose listings then change (a rental's
 * price drops, one is rented, one hidden, one deleted): each change label sits above its own card and overlaps no
 * other card or label (the cards' boxes compared), rented is said in the card's own word, the saved price of a
 * rental is per month, the hidden one is "not shown at the moment", and the deleted one stays as gone, named by its
 * title, until its heart removes it. Screenshots in SHOTS_DIR/favorites/.
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
  const [common, fav, account, listings] = [locale(lang, 'common'), locale(lang, 'favorites'), locale(lang, 'account'), locale(lang, 'listings')];
  return { c: (k: string) => pick(common, k), f: (k: string) => pick(fav, k), a: (k: string) => pick(account, k), l: (k: string) => pick(listings, k) };
};


async function publish(title: string, price: number, over: Record<string, unknown> = {}) {
  const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)`, price, ...over });
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
  const { c, f, a, l } = texts(lang);
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

  it('lays each change above its own card without overlap, and keeps a deleted favourite as gone', async ({ expect }) => {
    const word = `chg${lang}${size}x${Date.now()}`;
    const visitor = await registerUser(server, { first_name: 'Amal' });
    // Kept oldest first, so the page (newest first) shows: cheaper, rented, hidden, deleted.
    const deleted = await publish(`Deleted ${word}`, 400);
    const hidden = await publish(`Hidden ${word}`, 300);
    const rented = await publish(`Rented ${word}`, 600);
    const cheaper = await publish(`Cheaper ${word}`, 200_000, { currency: 'YER' });
    for (const id of [deleted, hidden, rented, cheaper]) {
      expect((await api(server, 'PUT', `/favorites/${id}`, { token: visitor.token })).status).toBe(204);
      await new Promise((r) => setTimeout(r, 10));
    }
    const approveIfPending = async (r: { status: number; body: { status?: string } }, id: number) => {
      expect(r.status).toBe(200);
      if (r.body.status !== 'approved') expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    };
    await approveIfPending(await api(server, 'PATCH', `/listings/${cheaper}`, { token: owner.token, body: { price: 150_000 } }), cheaper);
    await approveIfPending(await api(server, 'PATCH', `/listings/${rented}`, { token: owner.token, body: { availability: 'rented' } }), rented);
    expect((await api(server, 'PATCH', `/listings/${hidden}`, { token: owner.token, body: { is_active: false } })).status).toBe(200);
    expect((await api(server, 'DELETE', `/listings/${deleted}`, { token: owner.token })).status).toBe(204);

    const ctx = await newContext(browser, { lang, viewport, token: visitor.token });
    const page: Page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page, `${server.url}/favorites`);
    await page.getByTestId('favorites-list').waitFor();
    for (const id of [cheaper, rented, hidden]) await page.getByTestId(`favorite-change-${id}`).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    // Every label above its own card, and off every other card and label: the boxes as drawn.
    type Box = { x: number; y: number; width: number; height: number };
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="favorites-list"] > li')].map((li) => {
        const box = (el: Element | null) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        return { id: li.getAttribute('data-testid'), label: box(li.querySelector('.favorites-change')), card: box(li.querySelector(':scope > article')) };
      }),
    );
    const meet = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
    const overlaps: string[] = [];
    for (const [i, item] of boxes.entries()) {
      if (!item.label || !item.card) continue;
      if (item.label.y + item.label.height > item.card.y + 0.5) overlaps.push(`${item.id}: its label runs into its own card`);
      for (const [j, other] of boxes.entries()) {
        if (i === j) continue;
        if (other.card && meet(item.label, other.card)) overlaps.push(`${item.id}: label over the card of ${other.id}`);
        if (other.label && meet(item.label, other.label)) overlaps.push(`${item.id}: label over the label of ${other.id}`);
      }
    }
    expect(overlaps).toEqual([]);
    expect(boxes.filter((b) => b.label).length).toBeGreaterThanOrEqual(3);

    // Rented in the card's own word, once worded: the label says what the photo says.
    const rentedItem = page.getByTestId(`favorite-item-${rented}`);
    expect((await page.getByTestId(`favorite-change-${rented}`).innerText()).trim()).toBe(l('availability.rented'));
    expect((await rentedItem.locator('.listing-card-gone').innerText()).trim()).toBe(l('availability.rented'));
    // The saved price of a rental as the card writes it, per month.
    const cheaperLabel = await page.getByTestId(`favorite-change-${cheaper}`).innerText();
    expect(cheaperLabel).toContain(f('change.price_down'));
    expect(cheaperLabel).toMatch(/200,000/);
    expect(cheaperLabel).toContain(l('perMonth'));
    // Hidden for now: said so, not "no longer available".
    expect((await page.getByTestId(`favorite-change-${hidden}`).innerText()).trim()).toBe(f('change.unavailable'));
    expect(await page.getByTestId(`favorite-gone-${hidden}`).innerText()).toContain(f('hiddenHint'));

    // Deleted: still there, gone for good, named by its title.
    const name = (title: string) => (lang === 'ar' ? `${title} (ع)` : title);
    const goneCard = page.getByTestId(`favorite-gone-${deleted}`);
    await goneCard.waitFor();
    expect((await page.getByTestId(`favorite-change-${deleted}`).innerText()).trim()).toBe(f('change.deleted'));
    expect(await goneCard.getByRole('heading').innerText()).toBe(name(`Deleted ${word}`));
    expect(await goneCard.innerText()).toContain(f('goneHint'));
    expect(f('goneHint')).not.toBe(f('hiddenHint'));
    await shot(page, AREA, `changes-${lang}-${size}`, true);
    // The deleted one in the window, clear of the fixed e-mail banner that a full-page picture lays over it.
    await page.getByTestId(`favorite-item-${deleted}`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, AREA, `changes-gone-${lang}-${size}`);

    // Its heart removes it.
    const goneHeart = goneCard.getByTestId(`favorite-${deleted}`);
    expect(await goneHeart.getAttribute('aria-label')).toBe(c('favorite.remove'));
    await goneHeart.click();
    await until(() => goneHeart.getAttribute('aria-pressed'), 'false', 'deleted favourite un-hearted');
    await until(
      async () => (await api(server, 'GET', '/favorites', { token: visitor.token })).body?.items?.map((i: { listing_id: number }) => i.listing_id),
      [cheaper, rented, hidden],
      'deleted favourite removed',
    );
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});

/**
 * The heart in a map popup and in the list beside the map (issue 27: "every listing card … map popup"). Signed out
 * (Arabic, 390 px) a click keeps it on the device; signed in (English, 1280 px) the keyboard does it: Enter on the
 * pin puts the focus in the popup, Tab reaches the heart, Enter presses it, through the API. Either way the popup
 * stays open on the map, and the listing is on /favorites.
 */
describe.concurrent.each<[Lang, { width: number; height: number }, 'signed out' | 'signed in']>([
  ['ar', MOBILE, 'signed out'],
  ['en', DESKTOP, 'signed in'],
])('favourites from the map (%s, %o, %s)', (lang, viewport, who) => {
  const { c } = texts(lang);
  const size = viewport.width;

  it('hearts a listing in its map popup, which stays open, and finds it on /favorites', async ({ expect }) => {
    // A place of its own per run, away from the other listings (which have no coordinates).
    const lat = lang === 'ar' ? 13.6 : 13.9;
    const lng = 44.6;
    const title = `Map heart ${lang} ${size} ${Date.now()}`;
    const shown = lang === 'ar' ? `${title} (ع)` : title;
    const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)` }, { latitude: lat, longitude: lng });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    const visitor = who === 'signed in' ? await registerUser(server, { first_name: 'Huda' }) : null;
    const ctx = await newContext(browser, { lang, viewport, token: visitor?.token });
    const page: Page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const box = `min_lat=${lat - 0.02}&max_lat=${lat + 0.02}&min_lon=${lng - 0.03}&max_lon=${lng + 0.03}`;
    await openApp(page, `${server.url}/search-map?${box}`);
    const pin = page.locator(`.search-map .manzil-pin[title="${shown}"]`);
    await pin.waitFor();
    const popup = page.locator('.map-popup');
    const heart = popup.getByTestId(`favorite-${id}`);
    if (who === 'signed out') {
      await pin.click();
      await heart.waitFor();
    } else {
      // From the keyboard: Enter on the pin, the focus on the title's link; Tab, the heart.
      await pin.focus();
      await page.keyboard.press('Enter');
      await heart.waitFor();
      await until(() => page.evaluate(() => !!document.activeElement?.closest('.map-popup-title')), true, 'focus in the popup');
      await page.keyboard.press('Tab');
      await until(() => heart.evaluate((el) => el === document.activeElement), true, 'the heart focused');
    }
    // Named in the visitor's language, and for this listing (its title describes it).
    expect(await heart.getAttribute('aria-label')).toBe(c('favorite.save'));
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await heart.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(shown);
    const at = page.url();
    // The popup as it is now: the same one must still be open after the press (not closed and opened anew).
    await page.evaluate(() => ((document.querySelector('.leaflet-popup') as HTMLElement & { __before?: boolean }).__before = true));
    if (who === 'signed out') await heart.click();
    else await page.keyboard.press('Enter');
    await until(() => heart.getAttribute('aria-pressed'), 'true', 'heart pressed');
    expect(await heart.getAttribute('aria-label')).toBe(c('favorite.remove'));
    // The popup stays open, on the map: no navigation, no close.
    await page.waitForTimeout(600);
    expect(await popup.count()).toBe(1);
    expect(await page.evaluate(() => (document.querySelector('.leaflet-popup') as HTMLElement & { __before?: boolean }).__before)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(new URL(at).pathname);
    // The focus stays on the heart: a second press would forget the listing again.
    expect(await heart.evaluate((el) => el === document.activeElement)).toBe(true);
    if (who === 'signed out') {
      expect(await page.evaluate(() => localStorage.getItem('manzilFavorites'))).toBe(JSON.stringify([id]));
    } else {
      await until(async () => (await api(server, 'GET', '/favorites', { token: visitor!.token })).body?.items?.map((i: { listing_id: number }) => i.listing_id), [id], 'kept in the account');
      // The list beside the map has the same heart, pressed too.
      const card = page.getByTestId('map-results').locator(`[data-listing-id="${id}"]`);
      expect(await card.getByRole('button', { name: c('favorite.remove') }).getAttribute('aria-pressed')).toBe('true');
    }
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await shot(page, AREA, `map-popup-${lang}-${size}`);
    if (who === 'signed in') {
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
    }

    await openApp(page, `${server.url}/favorites`);
    await page.getByTestId(`favorite-item-${id}`).getByRole('link', { name: shown, exact: true }).waitFor();
    expect(await page.getByTestId(`favorite-item-${id}`).getByTestId(`favorite-${id}`).getAttribute('aria-pressed')).toBe('true');
    await shot(page, AREA, `map-favorites-${lang}-${size}`);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
