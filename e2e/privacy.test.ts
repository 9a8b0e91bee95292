/**
 * Privacy (issue 25): an owner's e-mail shows on their listing only once they switch it on in their profile (the
 * phone and the contact form reach them either way). Arabic at 390 px and English at 1280 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createListing, DESKTOP, type Lang, launchBrowser, MOBILE, newContext, openApp, registerUser, type RunningServer, shot, signIn, startServer, watchPage } from './harness';
import { locale, pick } from './locales';

const ADMIN = { email: 'admin.privacy@example.test', password: 'admin-secret-1' };
let server: RunningServer;
let browser: Browser;
let adminToken = '';

beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['ar', MOBILE],
  ['en', DESKTOP],
] as const)('the owner chooses whether their e-mail shows (%s)', (lang: Lang, viewport) => {
  it('hidden by default; shown once switched on in the profile, hidden again once off', async () => {
    const owner = await registerUser(server, { first_name: 'Rania' });
    const id = await createListing(server, owner.token, { title_en: `Private flat ${lang}`, title_ar: `شقة خاصة ${lang}` });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
    const account = locale(lang, 'account');

    const visitor = await newContext(browser, { lang, viewport });
    const page = await visitor.newPage();
    const errors = watchPage(page);
    const mailto = page.locator(`a[href="mailto:${owner.email}"]`);
    await openApp(page, `${server.url}/property-details/${id}`);
    await page.locator('.details-owner-contact').first().waitFor();
    expect(await mailto.count()).toBe(0);
    expect(await page.content()).not.toContain(owner.email);

    const ownerCtx = await newContext(browser, { lang, viewport, token: owner.token });
    const profile = await ownerCtx.newPage();
    await openApp(profile, `${server.url}/profile`);
    const toggle = profile.getByRole('switch', { name: pick(account, 'profile.showEmail') });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await profile.getByTestId('show-email-saved').waitFor();
    await toggle.scrollIntoViewIfNeeded();
    await shot(profile, 'privacy', `${lang}-${viewport.width}-profile-show-email`);

    await openApp(page, `${server.url}/property-details/${id}`);
    await mailto.first().waitFor();
    await shot(page, 'privacy', `${lang}-${viewport.width}-listing-email-shown`);

    await toggle.uncheck();
    await expect.poll(async () => (await api(server, 'GET', `/listings/${id}`)).body.owner.email).toBeNull();
    expect(errors).toEqual([]);
    await ownerCtx.close();
    await visitor.close();
  });
});
