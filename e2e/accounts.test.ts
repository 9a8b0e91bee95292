/**
 * Accounts in Chromium, in Arabic and English: a new visitor registers through the modal, is signed in,
 * edits the profile (a new password needs the current one), signs out, signs in again and deletes the
 * account; recovery (reset, verification, sign out everywhere) is in account-recovery.test.ts. Screenshots
 * of the modal, the profile page and the delete dialog at 1280 and 390 px go to SHOTS_DIR/accounts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { api, DESKTOP, dialogClosed, type Lang, launchBrowser, MOBILE, newContext, openApp, registerUser, type RunningServer, shot, signIn, startServer, transitionsEnded, watchPage } from './harness';
import { locale, pick } from './locales';

const texts = (lang: Lang) => {
  const account = locale(lang, 'account');
  const errors = locale(lang, 'errors');
  const common = locale(lang, 'common');
  return {
    a: (k: string) => pick(account, k),
    err: (k: keyof typeof MESSAGES) => pick(errors, k),
    c: (k: string) => pick(common, k),
  };
};

const ADMIN = { email: 'admin.e2e@example.test', password: 'admin-secret' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // WEB_DIST_DIR lets a developer point at a private build while others rebuild apps/web/dist.
  const dist = process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {};
  server = await startServer({ RATE_LIMITS: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...dist });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A field by its label text, with or without the required-field asterisk. */
const label = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);

const modal = (page: Page) => page.locator('.modal.show .modal-content');

/** Screenshot once the modal's fade and slide have finished. */
async function still(page: Page, name: string, fullPage = false) {
  await transitionsEnded(page);
  return shot(page, 'accounts', name, fullPage);
}

async function openUserMenu(page: Page) {
  await page.locator('.nav-actions [data-testid="user-menu"]').click();
}

describe.each<Lang>(['ar', 'en'])('accounts journey (%s)', (lang) => {
  const { a, err, c } = texts(lang);

  it('registers through the modal, edits the profile, signs out and in, deletes the account', async () => {
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const googleRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('accounts.google.com')) googleRequests.push(r.url());
    });
    const email = `journey.${lang}.${Date.now()}@example.test`;

    await openApp(page, server.url + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // Add property while signed out: blocked, tooltip asks to sign in, the modal opens.
    const add = page.locator('.nav-actions a[href="/add-property"]');
    expect(await add.getAttribute('title')).toBe(c('nav.addPropertyLoginTooltip'));
    await add.click();
    await modal(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('modal.loginTitle'));
    // Escape closes it; focus goes back to the page.
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });

    // The window event opens it too; Google is not configured: no Google button, no "or", and its script never loads.
    await page.evaluate(() => window.dispatchEvent(new Event('openLoginModal')));
    await modal(page).waitFor();
    await modal(page).locator('form').first().waitFor();
    expect(await modal(page).locator('.account-google, .account-divider').count()).toBe(0);
    // Focus is in the first field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await still(page, `modal-login-${lang}-1280`);

    // A wrong password shows the server's message, translated; toggling the mode clears form and error.
    await modal(page).getByLabel(label(a('fields.email'))).fill('nobody@example.test');
    await modal(page).getByLabel(label(a('fields.password'))).fill('wrong-password');
    await modal(page).getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    await modal(page).getByRole('alert').getByText(lang === 'en' ? MESSAGES.invalidCredentials : err('invalidCredentials')).waitFor();
    // The button clicked was disabled while sending: the focus is back in the password, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await modal(page).getByRole('button', { name: a('modal.toRegister') }).click();
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('modal.registerTitle'));
    expect(await modal(page).getByRole('alert').count()).toBe(0);
    expect(await modal(page).getByLabel(label(a('fields.email'))).inputValue()).toBe('');

    // Validation in the browser with the spec's messages.
    await modal(page).getByRole('button', { name: a('modal.createAccount') }).click();
    await modal(page).getByText(err('firstNameRequired')).waitFor();
    await modal(page).getByText(err('phoneRequired')).waitFor();
    await modal(page).getByLabel(label(a('fields.firstName'))).fill('Nour');
    await modal(page).getByLabel(label(a('fields.lastName'))).fill('Haddad');
    await modal(page).getByLabel(label(a('fields.email'))).fill(email);
    await modal(page).getByLabel(label(a('fields.phone'))).fill('12');
    await modal(page).getByLabel(label(a('fields.password'))).fill('secret1');
    await modal(page).getByLabel(label(a('fields.confirmPassword'))).fill('secret2');
    await modal(page).getByRole('button', { name: a('modal.createAccount') }).click();
    await modal(page).getByText(err('phoneInvalid')).waitFor();
    await modal(page).getByText(err('passwordsDoNotMatch')).waitFor();
    await still(page, `modal-register-errors-${lang}-1280`);
    await modal(page).getByLabel(label(a('fields.phone'))).fill('+967 777 123 456');
    await modal(page).getByLabel(label(a('fields.confirmPassword'))).fill('secret1');
    await modal(page).getByRole('button', { name: a('modal.createAccount') }).click();

    // Signed in automatically: the modal closes, the user menu shows the first name, the token is stored.
    await dialogClosed(modal(page));
    await page.locator('.nav-actions [data-testid="user-menu"]').getByText('Nour').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await add.getAttribute('title')).toBe(c('nav.addPropertyTooltip'));
    expect(await page.locator('.nav-actions a[href="/admin/dashboard"]').count()).toBe(0);

    // The user menu: My Properties, Add Property, Edit Profile, Delete Account, Logout. Escape closes it.
    await openUserMenu(page);
    const menu = page.locator('.nav-actions .account-menu');
    for (const key of ['menu.myProperties', 'menu.addProperty', 'menu.accountSettings', 'menu.editProfile', 'menu.deleteAccount', 'menu.logout']) {
      await menu.getByText(a(key), { exact: true }).waitFor();
    }
    await still(page, `user-menu-${lang}-1280`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await openUserMenu(page);
    await menu.getByRole('link', { name: a('menu.editProfile') }).click();
    await page.waitForURL('**/profile');

    // Profile: avatar with initials, the saved values; nothing changed → "No changes detected".
    await page.getByRole('heading', { name: a('profile.title') }).waitFor();
    expect(await page.locator('main .account-avatar-initials').first().textContent()).toBe('NH');
    const fullName = page.getByLabel(label(a('fields.fullName')));
    expect(await fullName.inputValue()).toBe('Nour Haddad');
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByTestId('profile-banner').getByText(err('noChanges')).waitFor();
    await still(page, `profile-${lang}-1280`);

    // Cancel resets what was typed.
    await fullName.fill('Someone Else');
    await page.getByRole('button', { name: a('profile.cancel') }).click();
    expect(await fullName.inputValue()).toBe('Nour Haddad');

    // Password confirmation is checked; then a real change is saved and shown for 3 s.
    await fullName.fill('Nour Al-Haddad');
    await page.getByLabel(label(a('fields.newPassword'))).fill('newpass7');
    await page.getByLabel(label(a('fields.confirmPassword'))).fill('newpass8');
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByText(err('passwordsDoNotMatch')).waitFor();
    await page.getByLabel(label(a('fields.confirmPassword'))).fill('newpass7');
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/api/v1/users/me')) patches.push(r.postData() ?? '');
    });
    // A new password needs the current one (issue 20): asked for, and required before anything is sent.
    const current = page.getByLabel(label(a('profile.currentPassword')));
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByText(err('currentPasswordRequired')).waitFor();
    expect(patches).toEqual([]);
    await current.fill('secret1');
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByTestId('profile-banner').getByText(err('profileUpdated')).waitFor();
    expect(patches.map((p) => JSON.parse(p))).toEqual([{ full_name: 'Nour Al-Haddad', password: 'newpass7', current_password: 'secret1' }]);
    expect(await current.count()).toBe(0);
    expect(await page.getByLabel(label(a('fields.newPassword'))).inputValue()).toBe('');
    expect(await page.getByLabel(label(a('fields.confirmPassword'))).inputValue()).toBe('');
    await page.getByTestId('profile-name').getByText('Nour Al-Haddad').waitFor();
    await still(page, `profile-saved-${lang}-1280`);
    await page.getByTestId('profile-banner').waitFor({ state: 'detached', timeout: 6000 });

    // Sign out from the menu: the token goes, /profile sends the visitor home.
    await openUserMenu(page);
    await page.locator('.nav-actions [data-testid="logout"]').click();
    await page.locator('.nav-actions [data-testid="nav-sign-in"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.waitForURL((u) => u.pathname === '/');

    // Sign in again with the new password, from the /registration page.
    await openApp(page, server.url + '/registration');
    await page.getByTestId('registration-sign-in').click();
    await modal(page).waitFor();
    await modal(page).getByLabel(label(a('fields.email'))).fill(email.toUpperCase());
    await modal(page).getByLabel(label(a('fields.password'))).fill('newpass7');
    await modal(page).getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    // /registration now welcomes the user with links to their listings and to add one.
    await page.getByRole('heading', { name: a('registration.welcome').replace('{{name}}', 'Nour') }).waitFor();
    await page.locator('main a[href="/my-properties"]').waitFor();
    await page.locator('main a[href="/add-property"]').waitFor();

    // Delete the account: the dialog shows the account and what goes with it.
    await openUserMenu(page);
    await menu.getByRole('button', { name: a('menu.deleteAccount') }).click();
    const dialog = modal(page);
    await dialog.getByText(email).waitFor();
    await dialog.getByText(a('delete.listings_zero')).waitFor();
    await dialog.getByText(a('delete.profile')).waitFor();
    // It asks for the password: none, then a wrong one, deletes nothing.
    await dialog.getByRole('button', { name: a('delete.confirm') }).click();
    await dialog.getByText(err('deletePasswordRequired')).waitFor();
    await dialog.getByLabel(a('delete.passwordLabel')).fill('not-my-password');
    await dialog.getByRole('button', { name: a('delete.confirm') }).click();
    await dialog.getByText(err('currentPasswordWrong')).waitFor();
    await dialog.getByLabel(a('delete.passwordLabel')).fill('newpass7');
    await still(page, `delete-dialog-${lang}-1280`);
    await dialog.getByRole('button', { name: a('delete.confirm') }).click();
    await dialog.getByText(a('delete.done')).waitFor();
    await dialog.locator('.modal-footer').getByRole('button', { name: a('delete.close') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.nav-actions [data-testid="nav-sign-in"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The credentials no longer work.
    expect((await api(server, 'POST', '/login/token', { form: { username: email, password: 'newpass7' } })).status).toBe(401);
    expect(googleRequests).toEqual([]);
    // CSP reports are the harness's own check; the refused sign-in (401) and deletions (400, 403) were meant.
    expect(errors.filter((e) => !/\b(400|401|403)\b|Unauthorized/i.test(e) && !e.includes('[csp]'))).toEqual([]);
    await ctx.close();
  });

  it('mobile (390 px): modal, profile and delete dialog fit the screen', async () => {
    const user = await registerUser(server, { first_name: 'Huda', last_name: 'Saleh' });
    // the listing count in the dialog
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/registration');
    await page.getByTestId('registration-sign-up').click();
    await modal(page).waitFor();
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('modal.registerTitle'));
    await still(page, `modal-register-${lang}-390`);
    await modal(page).getByRole('button', { name: a('modal.toLogin') }).click();
    await modal(page).getByLabel(label(a('fields.email'))).fill(user.email);
    await modal(page).getByLabel(label(a('fields.password'))).fill(user.password);
    await still(page, `modal-login-${lang}-390`);
    await modal(page).getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });

    await openApp(page, server.url + '/profile');
    await page.getByRole('heading', { name: a('profile.title') }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await still(page, `profile-${lang}-390`, true);

    // The mobile menu holds the same user menu.
    await page.locator('.nav-toggler').click();
    await page.locator('#mobile-menu [data-testid="user-menu"]').click();
    await page.locator('#mobile-menu .account-menu').getByText(a('menu.editProfile')).waitFor();
    await still(page, `user-menu-${lang}-390`);
    await page.locator('#mobile-menu .account-menu').getByRole('button', { name: a('menu.deleteAccount') }).click();
    await modal(page).getByText(user.email).waitFor();
    await still(page, `delete-dialog-${lang}-390`);
    await modal(page).getByRole('button', { name: a('delete.cancel') }).click();
    await modal(page).waitFor({ state: 'detached' });
    expect((await api(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
    await ctx.close();
  });
});

describe('session', () => {
  it('an invalid stored token is removed and the visitor is signed out', async () => {
    const ctx = await newContext(browser, { lang: 'en', token: 'not-a-valid-token' });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    await page.locator('.nav-actions [data-testid="nav-sign-in"]').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.close();
  });

  it('a stored token signs in on load; the admin sees the Admin button', async () => {
    const token = await signIn(server, ADMIN.email, ADMIN.password);
    const ctx = await newContext(browser, { lang: 'en', token });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/profile');
    await page.locator('.nav-actions a[href="/admin/dashboard"]').waitFor();
    await page.getByRole('heading', { name: texts('en').a('profile.title') }).waitFor();
    await ctx.close();
  });

  it('/profile sends a signed-out visitor home', async () => {
    const ctx = await newContext(browser, { lang: 'ar' });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/profile');
    await page.waitForURL((u) => u.pathname === '/');
    await ctx.close();
  });
});

describe('Google sign-in configured', () => {
  let google: RunningServer;
  beforeAll(async () => {
    const dist = process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {};
    google = await startServer({ RATE_LIMITS: 'false', GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com', ...dist });
  });
  afterAll(async () => google?.stop());

  it('loads the Google script, renders its button, and shows a translated error when the server refuses the token', async () => {
    const ctx = await newContext(browser, { lang: 'ar' });
    const page = await ctx.newPage();
    let scriptLoads = 0;
    // A stand-in for Google Identity Services: renders a button whose click hands back a (forged) ID token.
    await page.route('https://accounts.google.com/gsi/client', (route) => {
      scriptLoads += 1;
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(o) { window.__gsi = o; },
          renderButton(el) { const b = document.createElement('button'); b.type = 'button'; b.id = 'gsi-button'; b.textContent = 'Google'; b.onclick = () => window.__gsi.callback({ credential: 'eyJhbGciOiJSUzI1NiJ9.' + btoa(JSON.stringify({ email: 'g@example.test', sub: '1' })).replace(/=+$/, '') + '.c2ln' }); el.appendChild(b); },
          disableAutoSelect() {}, cancel() {} } } };`,
      });
    });
    await openApp(page, google.url + '/');
    expect(scriptLoads).toBe(0); // nothing from Google before the modal opens
    await page.locator('.nav-actions [data-testid="nav-sign-in"]').click();
    await page.locator('#gsi-button').click();
    // The forged token is refused by the server; the message comes from spec §8, in Arabic.
    const errors = locale('ar', 'errors');
    const allowed = [MESSAGES.googleInvalidToken, MESSAGES.googleUnavailable, MESSAGES.googleServerFailed].map((m) =>
      pick(errors, Object.entries(MESSAGES).find(([, v]) => v === m)![0]),
    );
    const alert = modal(page).locator('.account-google .alert-danger');
    await alert.waitFor({ timeout: 20_000 });
    expect(allowed).toContain((await alert.textContent())?.trim());
    expect(scriptLoads).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await still(page, 'modal-google-error-ar-1280');
    await ctx.close();
  });
});
