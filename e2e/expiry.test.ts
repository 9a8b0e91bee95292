/**
 * Listings that expire (issue 28) in Chromium, Arabic and English, at 1280 and 390 px: an owner whose listing
 * expired finds it on /my-properties (opened from the reminder's link, /my-properties#listing-<id>) with the
 * Expired badge, clicks Renew once, and the listing is public again: the search shows it. The same page shows a
 * listing ending in 5 days and one sold 15 days ago, out of search. Time is moved in the database, not waited
 * for: the server is stopped, its PGlite database edited, and started again; the expiry job runs at start.
 * Screenshots in SHOTS_DIR/expiry/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer, until } from './harness';
import { locale, pick } from './locales';

const AREA = 'expiry';
const ADMIN = { email: 'admin.expiry@example.test', password: 'admin-pass-123' };
const RUNS: [Lang, { width: number; height: number }][] = [
  ['ar', DESKTOP],
  ['en', DESKTOP],
  ['ar', MOBILE],
  ['en', MOBILE],
];
const DAY = 24 * 3600 * 1000;

let server: RunningServer;
let browser: Browser;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
/** The expired listing each run renews, and the word that finds it in search. */
const expired = new Map<string, { id: number; word: string }>();
let soon: number;
let sold: number;
/** Approved listings the public cannot see for another reason: an administrator hid it, reports hold it, its owner blocked. */
const held = new Map<'hidden' | 'reported' | 'blocked', number>();
const env = () => ({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-e2e-expiry-'));
  server = await startServer(env());
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Faisal', last_name: 'Owner' });
  const publish = async (title: string) => {
    const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)` });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: admin })).status).toBe(200);
    return id;
  };
  for (const [lang, vp] of RUNS) {
    const word = `exp${lang}${vp.width}x${Date.now()}`;
    expired.set(`${lang}${vp.width}`, { id: await publish(`Flat ${word}`), word });
  }
  soon = await publish('Flat ending soon');
  sold = await publish('Shop sold long ago');
  expect((await api(server, 'PATCH', `/listings/${sold}`, { token: owner.token, body: { availability: 'sold' } })).status).toBe(200);
  for (const reason of ['hidden', 'reported', 'blocked'] as const) held.set(reason, await publish(`Flat held ${reason}`));

  // 90 days later, as far as these listings know: the server is stopped (PGlite has one user), its database
  // edited, and started again.
  await server.stop();
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const ids = [...expired.values()].map((e) => e.id);
  await db.db.updateTable('listings').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', 'in', ids).execute();
  await db.db.updateTable('listings').set({ expires_at: new Date(Date.now() + 5 * DAY + 3600_000) }).where('id', '=', soon).execute();
  await db.db.updateTable('listings').set({ availability_changed_at: new Date(Date.now() - 15 * DAY) }).where('id', '=', sold).execute();
  for (const [reason, id] of held) await db.db.updateTable('listings').set({ withheld: [reason] }).where('id', '=', id).execute();
  await db.close();
  server = await startServer(env());
  // The job's pass at start takes them out of public view.
  for (const id of [...ids, sold]) await until(async () => (await api(server, 'GET', `/listings/${id}`)).status, 404, `listing ${id} withheld`);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(RUNS)('listings that expire (%s, %o)', (lang, viewport) => {
  const owner_ = locale(lang, 'owner');
  const o = (k: string) => pick(owner_, `myProperties.expiry.${k}`);

  it('an owner sees Expired, renews it in one click, and the search shows it again', async () => {
    const { id, word } = expired.get(`${lang}${viewport.width}`)!;
    const ctx = await newContext(browser, { lang, viewport, token: owner.token });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Not in search before renewing.
    const search = await api(server, 'POST', '/listings/search', { body: { search: word } });
    expect(search.body.total).toBe(0);

    // The reminder's link: the page scrolls to that listing's card.
    await openApp(page, `${server.url}/my-properties${lang === 'en' ? '?lang=en' : ''}#listing-${id}`);
    const card = page.locator(`#listing-${id}`);
    await card.getByTestId('expired-badge').waitFor();
    expect(await card.getByTestId('expired-badge').innerText()).toBe(o('expiredBadge'));
    expect(await card.getByTestId('expired-note').innerText()).toContain(o('expiredText'));
    expect(await card.getByTestId('status-badge').count()).toBe(0); // "Expired" instead of "Published"
    await until(() => page.evaluate(() => document.activeElement?.id ?? ''), `listing-${id}`, 'the linked card focused');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // The other states on the same page: ending in 5 days, sold 15 days ago.
    const soonCard = page.locator(`#listing-${soon}`);
    expect(await soonCard.getByTestId('expires-soon').innerText()).toMatch(lang === 'ar' ? /ينتهي خلال 5 أيام/ : /Expires in 5 days/);
    expect(await soonCard.getByTestId('renew-listing').count()).toBe(1);
    const soldCard = page.locator(`#listing-${sold}`);
    expect(await soldCard.getByTestId('off-market-note').innerText()).toContain(o('offMarket.sold'));
    expect(await soldCard.getByTestId('off-market-badge').innerText()).toBe(o('offMarketBadge'));
    expect(await soldCard.getByTestId('status-badge').count()).toBe(0); // out of search: not "Published"
    // Hidden by an administrator, held by reports, the owner blocked: each says so, never "Published".
    for (const [reason, heldId] of held) {
      const heldCard = page.locator(`#listing-${heldId}`);
      expect(await heldCard.getByTestId('status-badge').count()).toBe(0);
      expect(await heldCard.locator(`[data-testid="withheld-badge"][data-reason="${reason}"]`).innerText()).toBe(pick(owner_, `myProperties.withheld.${reason}Badge`));
      expect(await heldCard.locator(`[data-testid="withheld-note"][data-reason="${reason}"]`).innerText()).toContain(pick(owner_, `myProperties.withheld.${reason}Text`));
    }
    await page.locator(`#listing-${held.get('hidden')}`).scrollIntoViewIfNeeded();
    await shot(page, AREA, `held-${lang}-${viewport.width}`);
    await shot(page, AREA, `expired-${lang}-${viewport.width}`);
    await shot(page, AREA, `page-${lang}-${viewport.width}`, true);

    // The listing's own page tells its owner the same, above Edit and Delete: not "Active" and "Approved" alone.
    const q = lang === 'en' ? '?lang=en' : '';
    const controls = page.locator('.details-owner-controls');
    await openApp(page, `${server.url}/property-details/${held.get('hidden')}${q}`);
    await controls.locator('[data-testid="withheld-note"][data-reason="hidden"]').waitFor();
    expect(await page.getByTestId('details-list').innerText()).toContain(pick(locale(lang, 'details'), 'details.notPublic'));
    await controls.scrollIntoViewIfNeeded();
    await shot(page, AREA, `held-details-${lang}-${viewport.width}`);
    await openApp(page, `${server.url}/property-details/${id}${q}`);
    expect(await controls.getByTestId('expired-note').innerText()).toContain(o('expiredText'));
    expect(await controls.getByTestId('renew-listing').count()).toBe(1);
    await openApp(page, `${server.url}/my-properties${q}#listing-${id}`);

    // One click, no confirmation: progress, then the result.
    const button = card.getByRole('button', { name: o('renew'), exact: true });
    await button.click();
    await card.getByTestId('renew-done').waitFor();
    expect(await card.getByTestId('renew-done').innerText()).toContain(o('renewed').split('{{')[0]!.trim().slice(0, 10));
    await until(() => card.getByTestId('expired-badge').count(), 0, 'expired badge gone');
    await shot(page, AREA, `renewed-${lang}-${viewport.width}`);

    // Public again: the search page shows it.
    await openApp(page, `${server.url}/search-list?search=${word}${lang === 'en' ? '&lang=en' : ''}`);
    await page.getByTestId(`favorite-${id}`).waitFor();
    await shot(page, AREA, `search-${lang}-${viewport.width}`);
    expect((await api(server, 'GET', `/listings/${id}`)).status).toBe(200);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
