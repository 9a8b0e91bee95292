/**
 * Accounts people can recover and trust (issue 20), in Chromium, in Arabic and English, at 390 and 1280 px:
 * (a) forgot password in the modal → the e-mail reaches a real local SMTP server → its link → a new password
 * → signed in; the old password is refused; the link used twice is refused. (b) registration → the verify
 * banner → the e-mail's link → verified, the banner gone. (c) sign out everywhere, confirmed → signed out,
 * and another browser signed in to the account is signed out on its next navigation. (d) profile: a new
 * password needs the current one. Each flow runs once per language, the widths alternate; the screens of
 * the forgot mode, the reset page, the banner and the confirm dialog are shot at both widths in both
 * languages (SHOTS_DIR/account-recovery).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { api, DESKTOP, dialogClosed, type Lang, launchBrowser, MOBILE, newContext, openApp, registerUser, type RunningServer, shot, signIn, startServer, transitionsEnded, watchPage, waitForApp } from './harness';
import { locale, pick } from './locales';
import { followable, linkIn, type Mailbox, nthMailTo, startMailbox } from './mail';

const texts = (lang: Lang) => {
  const account = locale(lang, 'account');
  const errors = locale(lang, 'errors');
  return {
    a: (k: string) => pick(account, k),
    err: (k: keyof typeof MESSAGES) => pick(errors, k),
  };
};

/** The administrator who blocks an account (issue 28) in the blocked-link journey. */
const ADMIN = { email: 'admin.recovery-e2e@example.test', password: 'admin-secret' };

let server: RunningServer;
let browser: Browser;
let mail: Mailbox;

beforeAll(async () => {
  mail = await startMailbox();
  const dist = process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {};
  server = await startServer({ RATE_LIMITS: 'false', SMTP_URL: mail.url, MAIL_FROM: 'Manzil <no-reply@manzil.test>', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...dist });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

type Width = typeof DESKTOP | typeof MOBILE;
const px = (w: Width) => w.width;

/** A field by its label text, with or without the required-field asterisk. */
const label = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);
const modal = (page: Page) => page.locator('.modal.show .modal-content');
const wide = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 992;

/** Screenshot once transitions (modal fade, menu slide) have finished. */
async function still(page: Page, name: string, fullPage = false) {
  await transitionsEnded(page);
  return shot(page, 'account-recovery', name, fullPage);
}

/** Console errors other than refused calls the journey makes on purpose; CSP reports are the harness's own check. */
const unexpected = (errors: string[], allowed: RegExp) => errors.filter((e) => !e.includes('[csp]') && !allowed.test(e));

/** Nothing wider than the window (390 px: no sideways scrolling). */
async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Shoot at this width, then at the other one (and back), checking nothing overflows at 390 px. */
async function shootBoth(page: Page, name: string, lang: Lang, ready?: () => Promise<unknown>) {
  const first = page.viewportSize()!;
  const other = first.width === DESKTOP.width ? MOBILE : DESKTOP;
  for (const size of [first, other]) {
    if (size !== first) await page.setViewportSize(size);
    await ready?.();
    if (size.width === MOBILE.width) await noOverflow(page);
    await still(page, `${name}-${lang}-${size.width}`);
  }
  await page.setViewportSize(first);
}

/** The sign-in button: in the navbar on a wide screen, in the hamburger menu on a phone. */
async function openSignIn(page: Page) {
  if (wide(page)) await page.locator('.nav-actions [data-testid="nav-sign-in"]').click();
  else {
    await page.locator('.nav-toggler').click();
    await page.locator('#mobile-menu [data-testid="nav-sign-in"]').click();
  }
  await modal(page).waitFor();
}

/** Opens the user menu and answers it. */
async function openUserMenu(page: Page) {
  if (wide(page)) {
    await page.locator('.nav-actions [data-testid="user-menu"]').click();
    return page.locator('.nav-actions .account-menu');
  }
  await page.locator('.nav-toggler').click();
  await page.locator('#mobile-menu [data-testid="user-menu"]').click();
  return page.locator('#mobile-menu .account-menu');
}

/** The signed-in user's first name shows in the account widget (navbar or hamburger menu). */
const signedInAs = (page: Page, name: string) =>
  page.locator('[data-testid="user-menu"] .account-widget-name', { hasText: name }).first().waitFor({ state: 'attached' });
const signedOut = (page: Page) => page.locator('[data-testid="nav-sign-in"]').first().waitFor({ state: 'attached' });

const PLAN: { lang: Lang; reset: Width; register: Width; everywhere: Width; profile: Width }[] = [
  { lang: 'ar', reset: MOBILE, register: DESKTOP, everywhere: MOBILE, profile: DESKTOP },
  { lang: 'en', reset: DESKTOP, register: MOBILE, everywhere: DESKTOP, profile: MOBILE },
];

describe.each(PLAN)('account recovery ($lang)', ({ lang, reset, register, everywhere, profile }) => {
  const { a, err } = texts(lang);

  it(`forgot password → e-mail → new password → signed in; the link works once (${px(reset)} px)`, async () => {
    const user = await registerUser(server, { first_name: lang === 'ar' ? 'سلمى' : 'Salma' });
    const ctx = await newContext(browser, { lang, viewport: reset, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, server.url + '/');

    // A locked account (429 accountLocked, played here: the lock takes 10 real failures): the message, and
    // a way to reset the password right in it.
    await openSignIn(page);
    await page.route('**/api/v1/login/token', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '600' }, body: JSON.stringify({ detail: MESSAGES.accountLocked }) }),
    );
    await modal(page).getByLabel(label(a('fields.email'))).fill(user.email);
    await modal(page).getByLabel(label(a('fields.password'))).fill('not-the-password');
    await modal(page).getByRole('button', { name: a('modal.signIn'), exact: true }).click();
    await modal(page).getByRole('alert').getByText(err('accountLocked')).waitFor();
    // …and when to try again, from the answer's Retry-After (600 s).
    const when = new Intl.RelativeTimeFormat(lang === 'en' ? 'en-GB' : 'ar-YE-u-nu-latn').format(10, 'minute');
    expect(await modal(page).getByRole('alert').innerText()).toContain(pick(locale(lang, 'errors'), 'retryIn').replace('{{when}}', when));
    await shootBoth(page, 'locked', lang);
    await modal(page).getByRole('alert').getByRole('button', { name: a('forgot.resetNow') }).waitFor();
    await page.unroute('**/api/v1/login/token');

    // "Forgot password?" under the password: the forgot mode, with the address typed so far.
    await modal(page).getByTestId('forgot-link').click();
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('forgot.title'));
    expect(await modal(page).getByLabel(label(a('fields.email'))).inputValue()).toBe(user.email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await shootBoth(page, 'forgot', lang);
    await modal(page).getByRole('button', { name: a('forgot.send') }).click();
    await modal(page).getByTestId('forgot-sent').getByText(err('resetEmailSent')).waitFor();
    await shootBoth(page, 'forgot-sent', lang);
    await modal(page).getByRole('button', { name: a('forgot.backToSignIn') }).click();
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('modal.loginTitle'));
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });

    // The e-mail's link carries a token and the account's address.
    const link = linkIn(await nthMailTo(mail, user.email, '/reset-password'), '/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(link.searchParams.get('email')?.toLowerCase()).toBe(user.email.toLowerCase());
    const url = followable(link, server.url);

    await openApp(page, url);
    await page.getByRole('heading', { name: a('reset.title') }).waitFor();
    expect(await page.getByTestId('reset-email').textContent()).toBe(user.email);
    await shootBoth(page, 'reset', lang);
    const newPassword = page.getByLabel(label(a('fields.newPassword')));
    const confirm = page.getByLabel(label(a('fields.confirmPassword')));
    await newPassword.fill('brand-new-9');
    await confirm.fill('brand-new-8');
    await page.getByRole('button', { name: a('reset.submit') }).click();
    await page.getByText(err('passwordsDoNotMatch')).waitFor();
    await confirm.fill('brand-new-9');
    await page.getByRole('button', { name: a('reset.submit') }).click();

    // Signed in with the new password, at home, told so; the token is in neither the address nor the history.
    await page.waitForURL((u) => u.pathname === '/');
    await signedInAs(page, user.first_name);
    await page.getByTestId('account-notice').getByText(err('passwordResetDone')).waitFor();
    expect(page.url()).not.toContain('token=');
    await still(page, `reset-done-${lang}-${px(reset)}`);
    // The link's history entry was replaced: Back does not lead to the token.
    await page.goBack();
    expect(page.url()).not.toContain('token=');

    expect((await api(server, 'POST', '/login/token', { form: { username: user.email, password: user.password } })).status).toBe(401);
    expect((await api(server, 'POST', '/login/token', { form: { username: user.email, password: 'brand-new-9' } })).status).toBe(200);
    // The session the account had before the reset has ended.
    expect((await api(server, 'GET', '/users/me', { token: user.token })).status).toBe(401);

    // The same link again: refused as the page opens, before any password is typed; the token leaves the address,
    // and a new link can be asked for.
    await openApp(page, url);
    await page.getByTestId('reset-invalid').getByText(err('resetLinkInvalid')).waitFor();
    expect(await page.getByLabel(label(a('fields.newPassword'))).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await still(page, `reset-invalid-${lang}-${px(reset)}`);
    await page.getByTestId('reset-new-link').click();
    await expect.poll(() => modal(page).locator('h2').textContent()).toBe(a('forgot.title'));
    expect(await modal(page).getByLabel(label(a('fields.email'))).inputValue()).toBe(user.email);

    // Without a token at all: the same message.
    await openApp(page, server.url + '/reset-password');
    await page.getByTestId('reset-invalid').getByText(err('resetLinkInvalid')).waitFor();
    expect(unexpected(errors, /\b(401|429|400)\b|Unauthorized|Too Many|Bad Request/i)).toEqual([]);
    await ctx.close();
  });

  it(`a link mailed before the account was blocked: the blocked message, never the form's success (${px(reset)} px)`, async () => {
    const user = await registerUser(server, { first_name: lang === 'ar' ? 'نوال' : 'Nawal' });
    expect((await api(server, 'POST', '/auth/password-reset', { body: { email: user.email } })).status).toBe(202);
    const url = followable(linkIn(await nthMailTo(mail, user.email, '/reset-password'), '/reset-password'), server.url);
    const setBlocked = async (block: boolean) => {
      const admin = await signIn(server, ADMIN.email, ADMIN.password);
      expect((await api(server, 'POST', `/admin/users/${user.user.id}/${block ? 'block' : 'unblock'}`, { token: admin })).status).toBe(200);
    };
    const ctx = await newContext(browser, { lang, viewport: reset, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = watchPage(page);

    // The page was open (the link still good) when an administrator blocked the account: saving is refused.
    await openApp(page, url);
    await page.getByRole('heading', { name: a('reset.title') }).waitFor();
    await setBlocked(true);
    await page.getByLabel(label(a('fields.newPassword'))).fill('while-blocked-9');
    await page.getByLabel(label(a('fields.confirmPassword'))).fill('while-blocked-9');
    await page.getByRole('button', { name: a('reset.submit') }).click();
    await page.getByTestId('reset-blocked').getByText(err('accountBlocked')).waitFor();
    expect(await page.getByTestId('reset-done').count()).toBe(0);
    expect(await page.getByLabel(label(a('fields.newPassword'))).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await shootBoth(page, 'reset-blocked', lang);
    expect(await page.getByTestId('reset-contact').getAttribute('href')).toBe('/contact');

    // The same link opened again: refused as the page opens, before any password is typed.
    await openApp(page, url);
    await page.getByTestId('reset-blocked').getByText(err('accountBlocked')).waitFor();
    expect(await page.getByLabel(label(a('fields.newPassword'))).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Nothing changed: once unblocked, the old password signs in and the one typed while blocked does not.
    await setBlocked(false);
    expect((await api(server, 'POST', '/login/token', { form: { username: user.email, password: 'while-blocked-9' } })).status).toBe(401);
    expect((await api(server, 'POST', '/login/token', { form: { username: user.email, password: user.password } })).status).toBe(200);
    expect(unexpected(errors, /\b403\b|Forbidden/i)).toEqual([]);
    await ctx.close();
  });

  it(`registration → verify banner → the e-mail's link → verified, banner gone (${px(register)} px)`, async () => {
    const ctx = await newContext(browser, { lang, viewport: register });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const email = `verify.${lang}.${Date.now()}@example.test`;
    await openApp(page, server.url + '/');
    await openSignIn(page);
    await modal(page).getByRole('button', { name: a('modal.toRegister') }).click();
    await modal(page).getByLabel(label(a('fields.firstName'))).fill('Nada');
    await modal(page).getByLabel(label(a('fields.lastName'))).fill('Omar');
    await modal(page).getByLabel(label(a('fields.email'))).fill(email);
    await modal(page).getByLabel(label(a('fields.phone'))).fill('+967 777 222 333');
    await modal(page).getByLabel(label(a('fields.password'))).fill('secret12');
    await modal(page).getByLabel(label(a('fields.confirmPassword'))).fill('secret12');
    await modal(page).getByRole('button', { name: a('modal.createAccount') }).click();
    await dialogClosed(modal(page));
    await signedInAs(page, 'Nada');

    // The banner: a status region naming the address, with a real Resend button.
    const banner = page.getByTestId('verify-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await banner.locator('bdi').textContent()).toBe(email);
    await shootBoth(page, 'banner', lang);
    const resend = banner.getByRole('button', { name: a('banner.resend') });
    await resend.click();
    await banner.getByTestId('verify-banner-message').getByText(err('verificationSent')).waitFor();
    // It is on every page.
    await page.locator('footer a[href="/faq"]').first().click();
    await page.waitForURL('**/faq');
    await banner.waitFor();

    // Two mails (registration and Resend); the latest link verifies.
    const link = linkIn(await nthMailTo(mail, email, '/verify-email', 2), '/verify-email');
    const url = followable(link, server.url);
    await openApp(page, url);
    await page.getByTestId('verify-done').getByText(err('emailVerified')).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await banner.count()).toBe(0);
    await still(page, `verify-done-${lang}-${px(register)}`);
    // The token left the address: a reload, or Back from another page, still says verified, never "link invalid".
    await page.reload();
    await waitForApp(page);
    await signedInAs(page, 'Nada');
    await page.getByTestId('verify-done').getByText(err('emailVerified')).waitFor();
    expect(await page.getByTestId('verify-invalid').count()).toBe(0);
    await openApp(page, server.url + '/faq');
    await page.reload();
    await waitForApp(page);
    await signedInAs(page, 'Nada');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await banner.count()).toBe(0);
    await page.goBack();
    await page.getByTestId('verify-done').getByText(err('emailVerified')).waitFor();
    expect(await page.getByTestId('verify-invalid').count()).toBe(0);
    await still(page, `verify-again-${lang}-${px(register)}`);
    expect((await api(server, 'GET', '/users/me', { token: (await page.evaluate(() => localStorage.getItem('token')))! })).body.email_verified).toBe(true);

    // The same link again, in a browser that is not signed in: refused, with a way to sign in for a new one.
    const other = await newContext(browser, { lang, viewport: register });
    const anon = await other.newPage();
    await openApp(anon, url);
    await anon.getByTestId('verify-invalid').getByText(err('verifyLinkInvalid')).waitFor();
    await anon.getByTestId('verify-sign-in').waitFor();
    await still(anon, `verify-invalid-${lang}-${px(register)}`);
    await other.close();
    expect(unexpected(errors, /\b(401|400)\b|Unauthorized|Bad Request/i)).toEqual([]);
    await ctx.close();
  });

  it(`sign out everywhere, confirmed; another browser is signed out on its next navigation (${px(everywhere)} px)`, async () => {
    const user = await registerUser(server, { first_name: 'Karim' });
    const second = await signIn(server, user.email, user.password);
    const ctxA = await newContext(browser, { lang, viewport: everywhere, token: user.token });
    const ctxB = await newContext(browser, { lang, viewport: DESKTOP, token: second });
    const page = await ctxA.newPage();
    const otherPage = await ctxB.newPage();
    await openApp(page, server.url + '/');
    await openApp(otherPage, server.url + '/');
    await signedInAs(page, 'Karim');
    await signedInAs(otherPage, 'Karim');

    // The menu item asks first; Cancel has the focus and Escape closes without signing out.
    let menu = await openUserMenu(page);
    await menu.getByRole('button', { name: a('menu.logoutAll') }).click();
    const dialog = modal(page);
    await dialog.getByRole('heading', { name: a('signOutAll.title') }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(a('signOutAll.cancel'));
    await shootBoth(page, 'confirm-dialog', lang);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(user.token);
    expect((await api(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);

    menu = await openUserMenu(page);
    await menu.getByRole('button', { name: a('menu.logoutAll') }).click();
    await dialog.getByRole('button', { name: a('signOutAll.confirm') }).click();
    await dialog.waitFor({ state: 'detached' });
    await signedOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const notice = page.getByTestId('account-notice');
    await notice.getByText(err('signedOutEverywhere')).waitFor();
    expect(await page.locator('.account-toast-region').getAttribute('role')).toBe('status');
    await still(page, `signed-out-everywhere-${lang}-${px(everywhere)}`);
    expect((await api(server, 'GET', '/users/me', { token: user.token })).status).toBe(401);
    expect((await api(server, 'GET', '/users/me', { token: second })).status).toBe(401);

    // The other browser still shows the account until it next asks the server: its token answers 401,
    // it is signed out cleanly and told why.
    const menuB = await openUserMenu(otherPage);
    await menuB.getByRole('link', { name: a('menu.myProperties') }).click();
    await otherPage.waitForURL('**/my-properties');
    await signedOut(otherPage);
    await otherPage.getByTestId('account-notice').getByText(err('authRequiredAgain')).waitFor();
    expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await still(otherPage, `session-ended-${lang}-1280`);
    await ctxA.close();
    await ctxB.close();
  });

  it(`profile: a new password needs the current one; a new e-mail waits for its link (${px(profile)} px)`, async () => {
    const user = await registerUser(server, { first_name: 'Lina' });
    const ctx = await newContext(browser, { lang, viewport: profile, token: user.token });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/profile');
    await page.getByRole('heading', { name: a('profile.title') }).waitFor();
    const current = page.getByLabel(label(a('profile.currentPassword')));
    expect(await current.count()).toBe(0); // asked for only when needed

    const patches: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/api/v1/users/me')) patches.push(JSON.parse(r.postData() ?? 'null'));
    });
    await page.getByLabel(label(a('fields.newPassword'))).fill('changed-77');
    await page.getByLabel(label(a('fields.confirmPassword'))).fill('changed-77');
    await current.waitFor();
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByText(err('currentPasswordRequired')).waitFor();
    await expect.poll(() => current.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(patches).toEqual([]);
    await still(page, `profile-current-required-${lang}-${px(profile)}`, true);

    // A wrong one: the server's 403, next to the field.
    await current.fill('wrong-password');
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByText(err('currentPasswordWrong')).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(user.password);
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByTestId('profile-banner').getByText(err('profileUpdated')).waitFor();
    expect(patches.at(-1)).toEqual({ password: 'changed-77', current_password: user.password });
    expect(await current.count()).toBe(0);
    // This session is kept; the new password signs in.
    expect((await api(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
    expect((await api(server, 'POST', '/login/token', { form: { username: user.email, password: 'changed-77' } })).status).toBe(200);

    // A new e-mail: sent with the current password, pending until its link is followed.
    const next = `moved.${lang}.${Date.now()}@example.test`;
    const emailField = page.locator('main').getByLabel(label(a('fields.email')));
    await emailField.fill(next);
    await current.fill('changed-77');
    await page.getByRole('button', { name: a('profile.save') }).click();
    await page.getByTestId('profile-banner').getByText(err('emailChangePending')).waitFor();
    expect(patches.at(-1)).toEqual({ email: next, current_password: 'changed-77' });
    expect(await emailField.inputValue()).toBe(user.email);
    expect(await page.getByTestId('profile-pending-email').locator('bdi').textContent()).toBe(next);
    await page.getByTestId('verify-banner').locator('bdi', { hasText: next }).waitFor();
    if (px(profile) === MOBILE.width) await noOverflow(page);
    await still(page, `profile-pending-${lang}-${px(profile)}`, true);

    const link = linkIn(await nthMailTo(mail, next, '/verify-email'), '/verify-email');
    await openApp(page, followable(link, server.url));
    await page.getByTestId('verify-done').waitFor();
    await openApp(page, server.url + '/profile');
    await page.getByRole('heading', { name: a('profile.title') }).waitFor();
    await expect.poll(() => emailField.inputValue()).toBe(next);
    expect(await page.getByTestId('profile-pending-email').count()).toBe(0);
    expect(await page.getByTestId('verify-banner').count()).toBe(0);
    await ctx.close();
  });
});
