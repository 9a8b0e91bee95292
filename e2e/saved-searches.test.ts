/**
 * Saved searches (issue 27) in Chromium, Arabic and English, at 1280 and 390 px. Signed out on /search-list with
 * filters, "Save this search" opens the sign-in modal and, once signed in, the save dialog, whose proposed name
 * words the filters in the visitor's language; saved, it is on /saved-searches, where it is renamed (Enter),
 * its alerts changed, opened (the list with the same filters), and deleted after a confirmation. From the map,
 * a drawn area is saved and opened again on the map with the area. The unsubscribe page says when a link is
 * bad. Screenshots in SHOTS_DIR/saved-searches/.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer, until } from './harness';
import { unsubscribeToken } from '../apps/api/src/modules/alerts/token';
import { locale, pick } from './locales';

const AREA = 'saved-searches';
const ADMIN = { email: 'admin.saved@example.test', password: 'admin-pass-123' };
/** The server's secret, which signs the alert mails' unsubscribe links. */
const JWT_SECRET = 'saved-searches-e2e-secret-0123456789abcdef';
/** Aden: the test flats lie around here; the map opens on this box. */
const BOX = 'min_lat=12.75&max_lat=12.85&min_lon=44.93&max_lon=45.13';
let server: RunningServer;
let browser: Browser;
let aden: { name_en: string; name_ar: string };

const texts = (lang: Lang) => {
  const [s, a, m, se] = [locale(lang, 'savedSearches'), locale(lang, 'account'), locale(lang, 'map'), locale(lang, 'search')];
  return { s: (k: string) => pick(s, k), a: (k: string) => pick(a, k), m: (k: string) => pick(m, k), se: (k: string) => pick(se, k) };
};

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is (the a11y sweep's bar). */
async function axe(page: Page): Promise<string[]> {
  await page.waitForTimeout(400); // a modal's fade, measured half-way, gives wrong contrasts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const res = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return res.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(' | ')}`);
  });
}

/** A name as the page's sentences hold it: isolated from the text around it (FSI … PDI). */
const iso = (name: string) => `\u2068${name}\u2069`;


const saved = async (token: string) => (await api(server, 'GET', '/saved-searches', { token })).body as { items: { id: number; name: string; frequency: string; filters: Record<string, unknown> }[]; total: number };

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET });
  browser = await launchBrowser();
  const adminToken = await signIn(server, ADMIN.email, ADMIN.password);
  const owner = await registerUser(server, { first_name: 'Nabil', last_name: 'Owner' });
  // Two flats to rent in Aden (3 bedrooms), one west and one east of the box's centre.
  for (const [title, lng] of [['West flat', 44.98], ['East flat', 45.08]] as const) {
    const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)` }, { latitude: 12.8, longitude: lng });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
  }
  const govs = (await api(server, 'GET', '/locations/governorates/')).body as { id?: number; governorate_id?: number; name_en: string; name_ar: string }[];
  aden = govs.find((g) => (g.governorate_id ?? g.id) === 3)!;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<[Lang, { width: number; height: number }]>([
  ['ar', DESKTOP],
  ['en', DESKTOP],
  ['ar', MOBILE],
  ['en', MOBILE],
])('saved searches (%s, %o)', (lang, viewport) => {
  const { s, a, m, se } = texts(lang);
  const size = viewport.width;

  it('saves a search from the list (via sign-in), renames it, changes its alerts, opens it, deletes it', async () => {
    const visitor = await registerUser(server, { first_name: 'Huda' });
    const ctx = await newContext(browser, { lang, viewport });
    const page: Page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Signed out, with filters: the button leads to sign-in, then straight to the dialog.
    await openApp(page, `${server.url}/search-list?listing_type=rent&governorate_id=3&bedrooms=2%2B`);
    await page.getByTestId('filter-chips').waitFor();
    await page.getByTestId('save-search').waitFor();
    await shot(page, AREA, `search-${lang}-${size}`);
    await page.getByTestId('save-search').click();
    const modal = page.locator('.modal.show .modal-content');
    await modal.waitFor();
    // It says why: to save the search, not to publish listings.
    await modal.getByText(a('modal.saveSearchIntro')).waitFor();
    await modal.getByLabel(new RegExp(`^\\s*${a('fields.email')}\\s*\\*?\\s*$`)).fill(visitor.email);
    await modal.getByLabel(new RegExp(`^\\s*${a('fields.password')}\\s*\\*?\\s*$`)).fill(visitor.password);
    await modal.getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: s('dialog.title') });
    await dialog.waitFor();
    // The proposed name: homes for rent in Aden, then the rooms as the chip says them.
    const place = lang === 'ar' ? aden.name_ar : aden.name_en;
    const nameField = dialog.getByLabel(s('dialog.nameLabel'), { exact: true });
    await until(async () => (await nameField.inputValue()).startsWith(`${s('name.homes')} ${s('name.forRent')} ${s('name.in').replace('{{place}}', place)}${s('name.separator')}2+`), true, 'proposed name');
    expect(await dialog.locator('input[type="radio"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('value')}:${(e as HTMLInputElement).checked}`).join(' '))).toBe('instant:false daily:true weekly:false off:false');
    expect(await dialog.getByRole('radio', { name: s('frequency.daily'), exact: true }).isChecked()).toBe(true);
    expect(await axe(page), 'save dialog').toEqual([]);
    await shot(page, AREA, `dialog-${lang}-${size}`);
    // Focus starts in the name field.
    expect(await nameField.evaluate((el) => el === document.activeElement)).toBe(true);
    const name = `${lang} ${size} rent Aden ${Date.now()}`;
    await nameField.fill(name);
    await dialog.getByRole('button', { name: s('dialog.submit'), exact: true }).click();
    await dialog.getByTestId('save-search-success').waitFor();
    const list = await saved(visitor.token);
    expect(list.items.map((i) => [i.name, i.frequency])).toEqual([[name, 'daily']]);
    expect(list.items[0]!.filters).toMatchObject({ listing_type: 'FOR_RENT', governorate_id: 3, min_bedrooms: 2 });
    expect(list.items[0]!.filters).not.toHaveProperty('skip');
    const id = list.items[0]!.id;

    // The success message's link leads to the page, which lists it with its filters.
    await dialog.getByRole('link', { name: s('dialog.successLink') }).click();
    await page.waitForURL('**/saved-searches');
    const item = page.getByTestId(`saved-search-${id}`);
    await item.getByRole('heading', { name }).waitFor();
    expect(await item.locator('.saved-filter').allInnerTexts()).toContain(place);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // Nothing wider than the screen (RTL and 390 px).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size);

    // Rename inline: Escape leaves it, Enter keeps the new name.
    await item.getByRole('button', { name: s('renameLabel').replace('{{name}}', name) }).click();
    const input = item.getByTestId('saved-search-rename-input');
    await input.fill('x');
    await input.press('Escape');
    await item.getByRole('heading', { name }).waitFor();
    await item.getByRole('button', { name: s('renameLabel').replace('{{name}}', name) }).click();
    const renamed = `${name} ✓`;
    await input.fill(renamed);
    if (lang === 'ar') await shot(page, AREA, `rename-${lang}-${size}`);
    await input.press('Enter');
    await item.getByRole('heading', { name: renamed }).waitFor();
    await until(async () => (await saved(visitor.token)).items[0]?.name, renamed, 'renamed on the server');

    // Alerts: changed at once, said so.
    await item.getByTestId('saved-search-frequency').selectOption('instant');
    await until(() => item.getByTestId('saved-search-status').innerText(), s('feedback.frequency').replace('{{name}}', iso(renamed)).replace('{{frequency}}', s('frequency.instant')), 'frequency feedback');
    expect((await saved(visitor.token)).items[0]?.frequency).toBe('instant');

    // A second search (from the map with a drawn area) for the screenshots of a page with two.
    await openApp(page, `${server.url}/search-map?listing_type=rent&${BOX}`);
    await page.locator('.search-map .manzil-pin, .search-map .manzil-cluster').first().waitFor();
    await page.getByRole('button', { name: m('drawArea') }).click();
    const draw = page.locator('.modal.show');
    await draw.locator('.draw-map .leaflet-tile-loaded').first().waitFor();
    await draw.getByText(m('draw.hintGeoman')).waitFor();
    const mb = (await draw.locator('.draw-map').boundingBox())!;
    const at = (fx: number, fy: number) => ({ x: mb.x + mb.width * fx, y: mb.y + mb.height * fy });
    const corners = [at(0.08, 0.3), at(0.46, 0.3), at(0.46, 0.7), at(0.08, 0.7)];
    for (const p of corners) {
      await page.mouse.click(p.x, p.y);
      await page.waitForTimeout(150);
    }
    await page.mouse.click(corners[0]!.x, corners[0]!.y);
    await draw.getByText(m('draw.hintDone')).waitFor();
    await draw.getByRole('button', { name: m('draw.search') }).click();
    await draw.waitFor({ state: 'detached' });
    await page.waitForURL(/polygon=/);
    const drawn = JSON.parse(new URL(page.url()).searchParams.get('polygon')!) as { lat: number; lng: number }[];
    await shot(page, AREA, `map-${lang}-${size}`);
    await page.getByTestId('save-search').click();
    const mapDialog = page.getByRole('dialog', { name: s('dialog.title') });
    await mapDialog.waitFor();
    await until(async () => (await mapDialog.getByLabel(s('dialog.nameLabel'), { exact: true }).inputValue()).includes(se('chips.polygon')), true, 'map name proposed');
    await mapDialog.getByRole('radio', { name: s('frequency.weekly') }).check();
    await mapDialog.getByRole('button', { name: s('dialog.submit'), exact: true }).click();
    await mapDialog.getByTestId('save-search-success').waitFor();
    await page.keyboard.press('Escape');
    await mapDialog.waitFor({ state: 'detached' });
    const both = await saved(visitor.token);
    expect(both.total).toBe(2);
    const area = both.items.find((i) => i.id !== id)!;
    expect(area.frequency).toBe('weekly');
    expect(area.filters.polygon_coordinates).toEqual(drawn);
    expect(area.filters).toMatchObject({ listing_type: 'FOR_RENT' });

    // The page with both; then Open the map one: the map with the same area.
    await openApp(page, `${server.url}/saved-searches`);
    await page.getByTestId(`saved-search-${area.id}`).waitFor();
    await shot(page, AREA, `page-${lang}-${size}`, true);
    expect(await axe(page), '/saved-searches').toEqual([]);
    await page.getByTestId(`saved-search-${area.id}`).getByTestId('saved-search-open').click();
    await page.waitForURL(/\/search-map\?.*polygon=/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('polygon')!)).toEqual(drawn);
    await until(async () => (await page.getByTestId('map-count').innerText()).includes(m('inDrawnArea')), true, 'map opened with the area');

    // Open the list one: the list with its filters applied, its chips shown.
    await openApp(page, `${server.url}/saved-searches`);
    await page.getByTestId(`saved-search-${id}`).getByTestId('saved-search-open').click();
    await page.waitForURL(/\/search-list\?/);
    const params = new URL(page.url()).searchParams;
    expect([params.get('listing_type'), params.get('governorate_id'), params.get('bedrooms')]).toEqual(['FOR_RENT', '3', '2+']);
    await page.locator('[data-testid="filter-chips"] [data-chip="bedrooms"]').waitFor();
    await page.getByText(lang === 'ar' ? 'West flat (ع)' : 'West flat', { exact: true }).first().waitFor();

    // Delete, after the confirmation; the other one stays, then the empty state.
    await openApp(page, `${server.url}/saved-searches`);
    for (const [sid, title] of [[id, renamed], [area.id, area.name]] as const) {
      const row = page.getByTestId(`saved-search-${sid}`);
      await row.getByTestId('saved-search-delete').click();
      const confirm = page.getByRole('dialog', { name: s('confirm.title') });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(title);
      if (sid === id) {
        expect(await axe(page), 'delete confirmation').toEqual([]);
        await shot(page, AREA, `confirm-${lang}-${size}`);
        // Cancel has the focus, not Delete: Enter at once deletes nothing.
        await until(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''), s('cancel'), 'Cancel focused');
        await page.keyboard.press('Enter');
        await confirm.waitFor({ state: 'detached' });
        expect((await saved(visitor.token)).items.some((i) => i.id === sid)).toBe(true);
        await row.getByTestId('saved-search-delete').click();
        await confirm.waitFor();
      }
      await confirm.getByTestId('saved-search-confirm-yes').click();
      await row.waitFor({ state: 'detached' });
      await until(() => page.getByTestId('saved-searches-notice').innerText(), s('feedback.deleted').replace('{{name}}', iso(title)), 'deleted feedback');
    }
    await page.getByTestId('saved-searches-empty').waitFor();
    expect((await saved(visitor.token)).total).toBe(0);
    await shot(page, AREA, `empty-${lang}-${size}`);

    // The user menu leads here.
    if (size >= 992) {
      await page.locator('.nav-actions [data-testid="user-menu"]').click();
      await page.locator('.nav-actions .account-menu').getByRole('link', { name: a('menu.savedSearches') }).waitFor();
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it('says why a search cannot be saved: no name, or 50 kept already', async () => {
    const user = await registerUser(server);
    for (let i = 0; i < 50; i++) {
      const r = await api(server, 'POST', '/saved-searches', { token: user.token, body: { name: `Search ${i}`, filters: { governorate_id: 3 }, frequency: 'off' } });
      expect(r.status).toBe(201);
    }
    const errs = locale(lang, 'errors');
    const ctx = await newContext(browser, { lang, viewport, token: user.token });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/search-list?listing_type=sale`);
    await page.getByTestId('save-search').click();
    const dialog = page.getByRole('dialog', { name: s('dialog.title') });
    const nameField = dialog.getByLabel(s('dialog.nameLabel'), { exact: true });
    await until(async () => (await nameField.inputValue()).length > 0, true, 'proposed name');
    await nameField.fill('   ');
    await dialog.getByRole('button', { name: s('dialog.submit'), exact: true }).click();
    await until(() => dialog.getByTestId('save-search-error').innerText(), pick(errs, 'savedSearchNameRequired'), 'name required');
    await nameField.fill('One too many');
    await dialog.getByRole('button', { name: s('dialog.submit'), exact: true }).click();
    await until(() => dialog.getByTestId('save-search-error').innerText(), pick(errs, 'savedSearchLimit'), 'limit of 50');
    await shot(page, AREA, `limit-${lang}-${size}`);
    expect((await saved(user.token)).total).toBe(50);
    await ctx.close();
  });

  it('the unsubscribe link of an alert turns its alerts off, and says when it is bad or its search gone', async () => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const res = await page.goto(`${server.url}/alerts/unsubscribe?token=not-a-token`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toContain('text/html');
    const bad = page.getByTestId('unsubscribe-invalid');
    await bad.waitFor();
    expect(await bad.innerText()).toContain(s('unsubscribe.invalid'));
    expect(await bad.innerText()).toContain(s('unsubscribe.invalidHint')); // signed out: sign in to manage them
    await page.getByRole('link', { name: s('unsubscribe.manage') }).waitFor();
    await shot(page, AREA, `unsubscribe-bad-${lang}-${size}`);
    expect(await axe(page), 'unsubscribe page').toEqual([]);

    // A good link, without signing in: GET names the search, POST turns it off; the page says so.
    const owner = await registerUser(server);
    // Signed in, the bad link's page does not ask to sign in: it points at the list.
    const signedIn = await newContext(browser, { lang, viewport, token: owner.token });
    const mine = await signedIn.newPage();
    await openApp(mine, `${server.url}/alerts/unsubscribe?token=not-a-token`);
    await expect.poll(() => mine.getByTestId('unsubscribe-invalid').innerText()).toContain(s('unsubscribe.invalidHintSignedIn'));
    await signedIn.close();
    const created = await api(server, 'POST', '/saved-searches', { token: owner.token, body: { name: `Villas ${lang} ${size}`, filters: { property_type: 'VILLA' }, frequency: 'instant' } });
    expect(created.status).toBe(201);
    const link = `${server.url}/alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken(JWT_SECRET, created.body.id))}`;
    await openApp(page, link);
    const done = page.getByTestId('unsubscribe-done');
    await done.waitFor();
    expect(await done.innerText()).toContain(s('unsubscribe.done').replace('{{name}}', iso(`Villas ${lang} ${size}`)));
    expect((await saved(owner.token)).items[0]?.frequency).toBe('off');
    await shot(page, AREA, `unsubscribe-done-${lang}-${size}`);
    // Its search deleted since: nothing to turn off, said so.
    expect((await api(server, 'DELETE', `/saved-searches/${created.body.id}`, { token: owner.token })).status).toBe(204);
    await openApp(page, link);
    await page.getByTestId('unsubscribe-gone').waitFor();
    // Managing them needs signing in: the page says so.
    await page.getByRole('link', { name: s('unsubscribe.manage') }).click();
    await page.getByTestId('saved-searches-signed-out').waitFor();
    // The grid has the button too.
    await openApp(page, `${server.url}/search-grid?listing_type=rent`);
    await page.getByTestId('save-search').waitFor();
    await ctx.close();
  });
});

/**
 * A drawn area larger than the map's view (a phone; a map zoomed in): the area alone is the search. The page
 * counts every listing in it, wherever the map looks; "Save this search" keeps the polygon and no box of the
 * view; opened again, the map fits the whole area.
 */
describe.each<Lang>(['en', 'ar'])('saved searches: a drawn area bigger than the view (%s, 390 px)', (lang) => {
  const { s, m } = texts(lang);

  it('counts and saves the whole area, not the part in view, and opens on all of it', async () => {
    const adminToken = await signIn(server, ADMIN.email, ADMIN.password);
    const owner = await registerUser(server, { first_name: 'Amal', last_name: 'Owner' });
    // An area of its own per language, away from the other tests' flats (Aden): 0.4° × 0.6°.
    const lng0 = lang === 'en' ? 47 : 48;
    const polygon = [
      { lat: 14, lng: lng0 },
      { lat: 14, lng: lng0 + 0.6 },
      { lat: 14.4, lng: lng0 + 0.6 },
      { lat: 14.4, lng: lng0 },
    ];
    const listings: Record<'centre' | 'edge' | 'outside', number> = { centre: 0, edge: 0, outside: 0 };
    // In the middle; inside near a corner (off the view the link opens on); north of the area.
    for (const [key, lat, lng] of [['centre', 14.2, lng0 + 0.3], ['edge', 14.03, lng0 + 0.04], ['outside', 14.5, lng0 + 0.3]] as const) {
      listings[key] = await createListing(server, owner.token, { title_en: `Area ${key} ${lang}`, title_ar: `منطقة ${key} ${lang}` }, { latitude: lat, longitude: lng });
      expect((await api(server, 'POST', `/admin/listings/${listings[key]}/approve`, { token: adminToken })).status).toBe(200);
    }
    const visitor = await registerUser(server, { first_name: 'Salma' });
    const ctx = await newContext(browser, { lang, viewport: MOBILE, token: visitor.token });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const bounds = () => {
      const p = new URL(page.url()).searchParams;
      return { min_lat: Number(p.get('min_lat')), max_lat: Number(p.get('max_lat')), min_lon: Number(p.get('min_lon')), max_lon: Number(p.get('max_lon')) };
    };
    const showsWholeArea = () => {
      const b = bounds();
      return b.min_lat <= 14 && b.max_lat >= 14.4 && b.min_lon <= lng0 && b.max_lon >= lng0 + 0.6;
    };
    const count = page.getByTestId('map-count');
    const areaCount = `${m('inDrawnArea')} · ${lang === 'ar' ? m('countArea_two') : m('countArea_other').replace('{{count}}', '2')}`;

    // A link with the area and a small view of its middle (as a map zoomed in, or a phone's, wrote it).
    const small = `min_lat=14.17&max_lat=14.23&min_lon=${lng0 + 0.27}&max_lon=${lng0 + 0.33}`;
    await openApp(page, `${server.url}/search-map?listing_type=rent&polygon=${encodeURIComponent(JSON.stringify(polygon))}&${small}`);
    await page.locator('.search-map .leaflet-tile-loaded').first().waitFor();
    await page.locator('.search-map path.leaflet-interactive, .search-map .leaflet-overlay-pane path').first().waitFor();
    // The map opens on the whole drawn area, not on the link's view of part of it.
    await until(async () => showsWholeArea(), true, 'the map fits the drawn area').catch(() => undefined);
    expect.soft(showsWholeArea(), `the map shows the whole area: ${JSON.stringify(bounds())}`).toBe(true);
    await shot(page, AREA, `area-fitted-${lang}-390`);

    // Zoomed in on the middle: the corner's listing is off the screen, still in the area, so still counted.
    for (let i = 0; i < 2; i++) {
      const before = page.url();
      await page.locator('.search-map .leaflet-control-zoom-in').click();
      await until(async () => page.url() !== before, true, 'zoomed in');
    }
    await until(async () => bounds().min_lat > 14.03 || bounds().min_lon > lng0 + 0.04, true, 'the corner listing out of view');
    await page.waitForTimeout(800);
    await page.getByTestId('map-loading').waitFor({ state: 'detached' });
    await until(() => count.textContent(), areaCount, 'the whole area counted').catch(() => undefined);
    expect.soft(await count.textContent()).toBe(areaCount);
    await shot(page, AREA, `area-zoomed-${lang}-390`);

    // Saved: the polygon alone, no box of the view.
    await page.getByTestId('save-search').click();
    const dialog = page.getByRole('dialog', { name: s('dialog.title') });
    const nameField = dialog.getByLabel(s('dialog.nameLabel'), { exact: true });
    await until(async () => (await nameField.inputValue()).length > 0, true, 'proposed name');
    await nameField.fill(`Area ${lang} ${Date.now()}`);
    await dialog.getByRole('button', { name: s('dialog.submit'), exact: true }).click();
    await dialog.getByTestId('save-search-success').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const [search] = (await saved(visitor.token)).items;
    expect(search!.filters.polygon_coordinates).toEqual(polygon);
    for (const k of ['min_lat', 'max_lat', 'min_lon', 'max_lon']) expect(search!.filters, k).not.toHaveProperty(k);
    // What it matches: both listings in the area, the one outside not (the search an alert runs).
    const matched = await api(server, 'POST', '/listings/search', { body: { ...search!.filters, limit: 100 } });
    expect(matched.body.items.map((i: { id: number }) => i.id).sort()).toEqual([listings.centre, listings.edge].sort());

    // Opened from /saved-searches: the map fits the whole area and counts both.
    await openApp(page, `${server.url}/saved-searches`);
    await page.getByTestId(`saved-search-${search!.id}`).getByTestId('saved-search-open').click();
    await page.waitForURL(/\/search-map\?.*polygon=/);
    await until(async () => showsWholeArea(), true, 'opened on the whole area');
    await until(() => count.textContent(), areaCount, 'the whole area counted on opening');
    await shot(page, AREA, `area-opened-${lang}-390`);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
