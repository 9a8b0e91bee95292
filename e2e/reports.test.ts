/**
 * Reporting a listing in Chromium, in Arabic and English, at 390 and 1280 px (issue 28): a visitor reports a
 * listing from its details page and is thanked; the admin finds the case on /admin/reports (and its count on
 * the dashboard), hides the listing with a reason after confirming; the owner is e-mailed the reason and the
 * listing is no longer public. Screenshots go to SHOTS_DIR/reports.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../apps/api/src/modules/mail/smtp-test-server';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const ADMIN = { email: 'admin.reports-e2e@example.test', password: 'admin-secret' };
const AREA = 'reports';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtp();
  const dist = process.env.E2E_WEB_DIST;
  server = await startServer({
    RATE_LIMITS: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Manzil <no-reply@manzil.test>',
    ...(dist ? { WEB_DIST_DIR: dist } : {}),
  });
  browser = await launchBrowser();
  owner = await registerUser(server, { email: `owner.reports.${Date.now()}@example.test`, first_name: 'Faris', last_name: 'Owner' });
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe.each<Lang>(['ar', 'en'])('report journey (%s)', (lang) => {
  const details = locale(lang, 'details');
  const admin = locale(lang, 'admin');
  const de = (k: string) => pick(details, k);
  const ad = (k: string) => pick(admin, k);

  for (const [size, viewport] of [['390', MOBILE], ['1280', DESKTOP]] as const) {
    it(`a visitor reports a listing; the admin hides it from /admin/reports; it is no longer public (${size} px)`, async () => {
      const title = `Reported ${lang} ${size}`;
      const id = await createListing(server, owner.token, { title_en: `Flat ${title}`, title_ar: `شقة ${title}` });
      expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);

      // The visitor, signed out.
      const ctx = await newContext(browser, { lang, viewport });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/property-details/${id}`);
      const open = page.getByRole('button', { name: de('report.open') });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const dialog = page.getByRole('dialog', { name: de('report.title') });
      await dialog.waitFor();
      // Sending without a reason says what is missing.
      await dialog.getByRole('button', { name: de('report.send') }).click();
      await dialog.getByRole('alert').filter({ hasText: pick(locale(lang, 'errors'), 'reportReasonRequired') }).waitFor();
      await dialog.getByLabel(de('report.reasons.scam')).check();
      await dialog.getByLabel(de('report.details'), { exact: false }).fill(`Asked for a deposit before any visit (${lang} ${size})`);
      await shot(page, AREA, `report-dialog-${lang}-${size}`);
      await dialog.getByRole('button', { name: de('report.send') }).click();
      await dialog.getByTestId('report-thanks').filter({ hasText: de('report.thanks') }).waitFor();
      await shot(page, AREA, `report-thanks-${lang}-${size}`);
      expect(errors).toEqual([]);
      await ctx.close();

      // The admin: the dashboard counts open cases; /admin/reports shows this one with its reason.
      const actx = await newContext(browser, { lang, viewport, token: adminToken });
      const ap = await actx.newPage();
      const aerrors = watchPage(ap);
      await openApp(ap, `${server.url}/admin/dashboard`);
      await ap.getByTestId('open-reports').waitFor();
      await openApp(ap, `${server.url}/admin/reports`);
      await ap.getByRole('heading', { level: 1, name: ad('reports.title') }).waitFor();
      const card = ap.locator(`article[data-listing-id="${id}"]`);
      await card.waitFor();
      expect(await card.locator('[data-reason="scam"]').textContent()).toContain(ad('reports.reasons.scam'));
      await card.locator('summary').click(); // the reports' own words are folded under their count
      await card.getByText(`Asked for a deposit before any visit (${lang} ${size})`).waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(ap, AREA, `admin-reports-${lang}-${size}`);
      await card.getByRole('button', { name: ad('reports.hide') }).click();
      const confirm = ap.getByRole('dialog', { name: ad('reports.hideTitle') });
      await confirm.waitFor();
      // The reason is required: the owner must learn why.
      await confirm.getByTestId('report-decide-confirm').click();
      await confirm.getByRole('alert').filter({ hasText: pick(locale(lang, 'errors'), 'hideReasonRequired') }).waitFor();
      const reason = `${lang === 'ar' ? 'طلب دفعة مقدمة قبل المعاينة: هذا احتيال' : 'Asked for a deposit before any visit: this is a scam'} (${size})`;
      await confirm.getByLabel(ad('reports.hideReason')).fill(reason);
      await shot(ap, AREA, `admin-hide-dialog-${lang}-${size}`);
      await confirm.getByTestId('report-decide-confirm').click();
      await confirm.waitFor({ state: 'detached' });
      await ap.locator('.modal').waitFor({ state: 'detached' });
      await ap.locator('.alert-success').waitFor();
      await expect.poll(() => ap.locator(`article[data-listing-id="${id}"]`).count()).toBe(0);
      await shot(ap, AREA, `admin-after-hide-${lang}-${size}`);
      // The decided case shows who hid it, under Hidden.
      await ap.getByRole('button', { name: ad('reports.tabs.hidden') }).click();
      const hidden = ap.locator(`article[data-listing-id="${id}"]`);
      await hidden.getByTestId('admin-actions').getByText(ad('reports.actionNames.hide')).waitFor();

      // The owner is e-mailed the reason; the public no longer sees the listing.
      const mail = await smtp.waitForMatch((m) => m.to.includes(owner.email) && m.text.includes(reason));
      expect(mail.subject).toContain(`Flat ${title}`);
      expect((await api(server, 'GET', `/listings/${id}`)).status).toBe(404);
      const vctx = await newContext(browser, { lang, viewport });
      const vp = await vctx.newPage();
      await openApp(vp, `${server.url}/property-details/${id}`);
      await vp.getByTestId('listing-not-found').waitFor();
      await shot(vp, AREA, `listing-gone-${lang}-${size}`);
      await vctx.close();

      // Hidden by mistake: the admin shows it again from the Hidden tab, after confirming; the public sees it.
      await hidden.getByRole('button', { name: ad('reports.unhide') }).click();
      const unhide = ap.getByRole('dialog', { name: ad('reports.unhideTitle') });
      await unhide.waitFor();
      await shot(ap, AREA, `admin-unhide-dialog-${lang}-${size}`);
      await unhide.getByTestId('report-decide-confirm').click();
      await ap.locator('.modal').waitFor({ state: 'detached' });
      await ap.locator('.alert-success').filter({ hasText: ad('reports.unhiddenDone').replace('{{title}}', lang === 'ar' ? `شقة ${title}` : `Flat ${title}`) }).waitFor();
      await expect.poll(() => ap.locator(`article[data-listing-id="${id}"]`).count()).toBe(0);
      expect((await api(server, 'GET', `/listings/${id}`)).status).toBe(200);
      expect(aerrors).toEqual([]);
      await actx.close();
    });
  }
});
