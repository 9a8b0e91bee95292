/**
 * /admin/users in Chromium, Arabic and English (issue 28): an administrator finds an owner by part of their e-mail,
 * blocks them after a confirmation, and the owner can no longer sign in and their listing leaves search; the
 * Blocked tab lists them, and unblocking brings the listing back. Arabic at 390 px, English at 1280 px, each also
 * looked at in the other width. Screenshots go to SHOTS_DIR/admin-users.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, axeFindings, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, until, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const ADMIN = { email: 'admin.users-e2e@example.test', password: 'admin-secret' };
const AREA = 'admin-users';

let server: RunningServer;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEW = { ar: { viewport: MOBILE, other: DESKTOP }, en: { viewport: DESKTOP, other: MOBILE } } as const;

describe.concurrent.each<Lang>(['ar', 'en'])('admin users (%s)', (lang) => {
  it('an admin finds an owner by e-mail, blocks them after confirming, and unblocks them', async ({ expect }) => {
    const ad = (k: string, v: Record<string, string> = {}) => pick(locale(lang, 'admin'), k).replace(/\{\{(\w+)\}\}/g, (_, n: string) => v[n] ?? '');
    const tag = `blk${lang}${Date.now().toString(36)}`;
    const owner = await registerUser(server, { email: `owner.${tag}@example.test`, first_name: 'Fahd', last_name: `Owner${lang}` });
    const id = await createListing(server, owner.token, { title_en: `Flat ${tag}`, title_ar: `شقة ${tag}` });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    const found = async () => ((await api(server, 'POST', '/listings/search', { body: { search: tag } })).body.items as { id: number }[]).map((i) => i.id);
    expect(await found()).toEqual([id]);

    const ctx = await newContext(browser, { lang, viewport: VIEW[lang].viewport, token: adminToken });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/admin/users`);
    await page.getByRole('heading', { level: 1, name: ad('users.title') }).waitFor();
    await page.getByRole('link', { name: ad('nav.users') }).waitFor();

    // Part of the e-mail, in capitals, from the keyboard.
    const box = page.getByRole('searchbox', { name: ad('users.searchLabel') });
    // The brand's button, as on the other pages, not Bootstrap's blue.
    const searchButton = page.getByRole('button', { name: ad('users.search'), exact: true });
    expect(await searchButton.getAttribute('class')).toContain('btn-brand');
    expect(await searchButton.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgb(13, 110, 253)');
    await box.fill(tag.toUpperCase());
    await box.press('Enter');
    const row = page.getByTestId('admin-user-row');
    await until(async () => (await row.count()) === 1 && (await row.first().innerText()).includes(`owner.${tag}@example.test`), true, 'the owner alone');
    expect(new URL(page.url()).searchParams.get('q')).toBe(tag.toUpperCase());
    expect(await row.innerText()).toContain(ad('users.active'));
    // Their one listing counted in Western digits in Arabic too (DESIGN.md), not "١".
    expect((await row.locator('td.text-center').innerText()).trim()).toBe('1');
    // Nothing wider than the window (phone, or the signed-in admin's header at 1280): the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, AREA, `found-${lang}-${VIEW[lang].viewport.width}`);

    // Block: a confirmation first; cancelling changes nothing.
    const name = `Fahd Owner${lang}`;
    await page.getByRole('button', { name: ad('users.blockNamed', { name }) }).click();
    const dialog = page.getByRole('dialog', { name: ad('users.blockTitle') });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`owner.${tag}@example.test`);
    await shot(page, AREA, `confirm-${lang}-${VIEW[lang].viewport.width}`);
    await dialog.getByRole('button', { name: ad('reports.cancel') }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await found()).toEqual([id]);

    await page.getByRole('button', { name: ad('users.blockNamed', { name }) }).click();
    await dialog.getByTestId('user-block-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: ad('reports.blockedDone', { name }) }).waitFor();
    await until(async () => (await row.innerText()).includes(ad('users.blocked')), true, 'the row says blocked');
    expect(await found()).toEqual([]);
    expect((await api(server, 'POST', '/login/token', { form: { username: owner.email, password: owner.password } })).status).not.toBe(200);

    // The Blocked tab lists them; unblock brings the listing back.
    // A filter of the list, marked as the one chosen (buttons, not ARIA tabs: no arrow keys or panel to promise).
    const blockedFilter = page.getByRole('list', { name: ad('users.filterLabel') }).getByRole('button', { name: ad('users.tabs.blocked'), exact: true });
    await blockedFilter.click();
    await until(() => blockedFilter.getAttribute('aria-current'), 'true', 'the Blocked filter marked as chosen');
    await until(async () => (await row.count()) === 1, true, 'one blocked user matching');
    await shot(page, AREA, `blocked-${lang}-${VIEW[lang].viewport.width}`, true);
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize(VIEW[lang].other);
    await shot(page, AREA, `blocked-${lang}-${VIEW[lang].other.width}`, true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: ad('users.unblockNamed', { name }) }).click();
    await page.getByRole('dialog', { name: ad('users.unblockTitle') }).getByTestId('user-block-confirm').click();
    await page.getByRole('status').filter({ hasText: ad('reports.unblockedDone', { name }) }).waitFor();
    await until(() => found(), [id], 'listing back in search');
    expect((await api(server, 'POST', '/login/token', { form: { username: owner.email, password: owner.password } })).status).toBe(200);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 90_000);
});
