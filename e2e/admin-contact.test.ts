/**
 * Contact and moderation in Chromium, in Arabic and English: a visitor messages an owner from a listing
 * page and writes to the platform on /contact (both mails reach a local SMTP server); the admin signs in,
 * sees the pending count on the dashboard, rejects one listing with a reason (the owner is e-mailed the
 * reason) and approves another, which then appears in search. Screenshots go to SHOTS_DIR/admin.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REJECTION_REASONS } from '@manzil/shared';
import { startSmtp } from '../apps/api/src/modules/mail/smtp-test-server';
import { api, builtFile, DESKTOP, launchBrowser, MOBILE, newContext, registerUser, shot, signIn, startServer, watchPage, type Lang, type RunningServer, createListing as publish, nearForm, openApp } from './harness';
import { locale, pick } from './locales';

const texts = (lang: Lang) => {
  const [admin, contact, errors] = [locale(lang, 'admin'), locale(lang, 'contact'), locale(lang, 'errors')];
  return { ad: (k: string) => pick(admin, k), co: (k: string) => pick(contact, k), err: (k: keyof typeof MESSAGES) => pick(errors, k) };
};

const ADMIN = { email: 'admin.contact-e2e@example.test', password: 'admin-secret' };
const AREA = 'admin';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

async function createListing(title: string, status: 'pending' | 'approved', token = owner.token) {
  const id = await publish(server, token, { title_ar: `شقة ${title}`, title_en: `Flat ${title}` });
  if (status === 'approved') await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken });
  return id;
}

beforeAll(async () => {
  smtp = await startSmtp();
  const dist = process.env.E2E_WEB_DIST; // a private build, so parallel builds of others do not interfere
  server = await startServer({
    RATE_LIMITS: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Manzil <no-reply@manzil.test>',
    PLATFORM_INBOX: 'inbox@manzil.test',
    ...(dist ? { WEB_DIST_DIR: dist } : {}),
  });
  browser = await launchBrowser();
  owner = await registerUser(server, { email: `owner.${Date.now()}@example.test`, first_name: 'Faris', last_name: 'Owner' });
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const alertText = (page: Page, kind: 'success' | 'danger') => page.locator(`.alert-${kind}`).first();

describe.each<Lang>(['ar', 'en'])('contact and moderation journey (%s)', (lang) => {
  const { ad, co, err } = texts(lang);
  it('a signed-out visit to an admin page opens sign-in, and the page shows once an administrator signs in', async () => {
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/admin/review`);
    const modal = page.locator('.modal.show');
    await modal.locator('input[type="email"]').waitFor();
    await page.getByTestId('admin-sign-in').getByRole('heading', { name: ad('signIn.title') }).waitFor();
    // The tab names this page too, not the site alone or the page visited before.
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${ad('signIn.title')} \\| `));
    await shot(page, AREA, `admin-sign-in-${lang}-390`);
    await modal.locator('input[type="email"]').fill(ADMIN.email);
    await modal.locator('input[type="password"]').fill(ADMIN.password);
    await modal.locator('form button[type="submit"]').click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: ad('review.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/review');
    expect(errors).toEqual([]);
    await ctx.close();
  });


  it('a Send tapped before the form\'s code came is sent once it comes, nothing typed lost (390 px)', async () => {
    const listingId = await createListing(`held-${lang}`, 'approved');
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    // The form's code is held on the way (a slow link) until the visitor has typed and tapped Send.
    const formCode = builtFile('src/features/contact/components/ContactOwnerForm.tsx', process.env.E2E_WEB_DIST);
    let asked = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${formCode}`, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    const url = `${server.url}/property-details/${listingId}`;
    await openApp(page, url);
    const form = page.locator('.contact-owner-card');
    await form.scrollIntoViewIfNeeded();
    await expect.poll(() => asked).toBe(true);
    const text = `Sent before the form was ready (${lang})`;
    await form.getByLabel(co('ownerForm.fullName')).fill('Salem Naji');
    await form.getByLabel(co('ownerForm.email')).fill('salem@example.test');
    await form.getByLabel(co('ownerForm.message')).fill(text);
    await form.getByRole('button', { name: co('ownerForm.send') }).click();
    // The page stays, with what was typed, and its Send shows it is waiting.
    await expect.poll(() => form.locator('form').getAttribute('data-submit-held')).toBe('');
    expect(page.url()).toBe(url);
    expect(await form.getByRole('button', { name: co('ownerForm.send') }).evaluate((b) => getComputedStyle(b).cursor)).toBe('progress');
    await shot(page, AREA, `details-contact-held-${lang}-390`);
    release();
    await expect.poll(() => form.locator('.alert-success').textContent()).toBe(err('sendSuccess'));
    const mail = await smtp.waitForMatch((m) => m.text.includes(text));
    expect(mail.to).toEqual([owner.email]);
    expect(mail.headers['reply-to']).toContain('salem@example.test');
    expect(await form.locator('form').getAttribute('data-submit-held')).toBeNull();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a visitor messages an owner from the listing page; the owner cannot message themselves', async () => {
    const listingId = await createListing(`visit-${lang}`, 'approved');
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/property-details/${listingId}`);
    await nearForm(page);
    const form = page.locator('.contact-owner-card');
    await form.getByLabel(co('ownerForm.fullName')).fill('Huda Saleh');
    await form.getByLabel(co('ownerForm.email')).fill('huda@example.test');
    await form.getByLabel(co('ownerForm.message')).fill('  short  ');
    await form.getByRole('button', { name: co('ownerForm.send') }).click();
    // The form shows every field's error at once (issue 25): only the message is wrong, so it is the one error.
    await expect.poll(() => form.locator('.invalid-feedback').allTextContents()).toEqual([err('messageTooShort')]);
    await form.getByLabel(co('ownerForm.message')).fill(`Is the flat still available? (${lang})`);
    await form.getByRole('button', { name: co('ownerForm.send') }).click();
    await expect.poll(() => form.locator('.alert-success').textContent()).toBe(err('sendSuccess'));
    expect(await form.getByLabel(co('ownerForm.message')).inputValue()).toBe(''); // cleared
    await form.scrollIntoViewIfNeeded();
    await shot(page, AREA, `details-contact-success-${lang}-1280`);
    const mail = await smtp.waitForMatch((m) => m.text.includes(`Is the flat still available? (${lang})`));
    expect(mail.to).toEqual([owner.email]);
    expect(mail.headers['reply-to']).toContain('huda@example.test');
    // Typing clears the message.
    await form.getByLabel(co('ownerForm.message')).fill('x');
    await expect.poll(() => form.locator('.alert-success').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();

    // The owner sees the form disabled with the notice.
    const ownerCtx = await newContext(browser, { lang, viewport: MOBILE, token: owner.token });
    const op = await ownerCtx.newPage();
    await openApp(op, `${server.url}/property-details/${listingId}`);
    await nearForm(op);
    const ownerForm = op.locator('.contact-owner-card');
    await ownerForm.getByText(err('ownListing')).waitFor();
    expect(await ownerForm.getByLabel(co('ownerForm.message')).isDisabled()).toBe(true);
    expect(await ownerForm.getByRole('button', { name: co('ownerForm.send') }).isDisabled()).toBe(true);
    await ownerForm.scrollIntoViewIfNeeded();
    await shot(op, AREA, `details-contact-owner-${lang}-390`);
    await ownerCtx.close();
  });

  it('a visitor writes to the platform on /contact, with every §5 rule that fails shown at once', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const ctx = await newContext(browser, { lang, viewport });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/contact`);
      await page.getByRole('heading', { level: 1, name: co('page.title') }).waitFor();
      await page.locator('.contact-info').getByText(co('page.hoursValue')).waitFor();
      await page.locator('.contact-info').getByText(co('page.aiNote')).waitFor();
      if (viewport === DESKTOP) await shot(page, AREA, `contact-${lang}-1280`, true);
      const form = page.locator('form.contact-form');
      const send = form.getByRole('button', { name: co('page.send') });
      const feedback = form.locator('.invalid-feedback');
      await send.click();
      // The empty form: the name's, the e-mail-or-phone rule's (under the e-mail) and the message's errors, together, in the form's order.
      await expect.poll(() => feedback.allTextContents()).toEqual([err('nameRequired'), err('emailOrPhoneRequired'), err('messageRequired')]);
      await form.getByLabel(co('page.name')).fill('Ali Nasser');
      await form.getByLabel(co('page.message')).fill(`Do you list shops? (${lang} ${viewport.width})`);
      await send.click();
      await expect.poll(() => feedback.allTextContents()).toEqual([err('emailOrPhoneRequired')]);
      await form.getByLabel(co('page.email')).fill('ali@');
      await send.click();
      await expect.poll(() => feedback.allTextContents()).toEqual([err('emailInvalid')]);
      await form.getByLabel(co('page.email')).fill('ali@example.test');
      await send.click();
      await expect.poll(() => alertText(page, 'success').textContent()).toContain(err('sendSuccess'));
      expect(await form.getByLabel(co('page.name')).inputValue()).toBe('');
      await shot(page, AREA, `contact-sent-${lang}-${viewport.width}`, viewport === MOBILE);
      const mail = await smtp.waitForMatch((m) => m.text.includes(`Do you list shops? (${lang} ${viewport.width})`));
      expect(mail.to).toEqual(['inbox@manzil.test']);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('the admin sees the pending count, rejects one listing with a reason and approves another', async () => {
    const rejectId = await createListing(`reject-${lang}`, 'pending');
    const approveId = await createListing(`approve-${lang}`, 'pending');
    // Listed by the administrator, whose e-mail is verified at start (ADMIN_EMAIL); the owner's is not.
    const verifiedId = await createListing(`verified-${lang}`, 'pending', adminToken);
    const stats = (await api(server, 'GET', '/admin/stats', { token: adminToken })).body;
    expect(stats.pending).toBeGreaterThanOrEqual(2);

    // Anyone else is sent home.
    const userCtx = await newContext(browser, { lang, token: owner.token });
    const up = await userCtx.newPage();
    await openApp(up, `${server.url}/admin/dashboard`);
    await up.waitForURL(`${server.url}/`);
    await userCtx.close();

    const ctx = await newContext(browser, { lang, viewport: DESKTOP, token: adminToken });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    // While the session is still loading, the tab says what is happening, not just the site's name.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route('**/api/v1/users/me', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    await openApp(page, `${server.url}/admin/dashboard`);
    await page.getByRole('status').getByText(ad('verifying')).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${ad('verifying')} \\| `));
    releaseSession();
    const pendingCard = page.locator('[data-stat="pending"] .admin-stat-value');
    // The count arrives with its own request after the page's code (a busy machine can take more than a second).
    await expect.poll(() => pendingCard.textContent(), { timeout: 15_000 }).toBe(String(stats.pending));
    expect(await page.locator('[data-stat="total"] .admin-stat-value').textContent()).toBe(String(stats.total));
    await page.getByText(ad('dashboard.actionRequired')).waitFor();
    await shot(page, AREA, `dashboard-${lang}-1280`);

    await page.getByRole('link', { name: ad('dashboard.reviewAction') }).click();
    await page.waitForURL('**/admin/review');
    const rejectCard = page.locator(`[data-listing-id="${rejectId}"]`);
    await rejectCard.waitFor();
    expect(await rejectCard.textContent()).toContain(lang === 'ar' ? `شقة reject-${lang}` : `Flat reject-${lang}`);
    expect(await rejectCard.textContent()).toContain(ad('card.perMonth'));
    // The whole place path: district and governorate too, not only the two lowest levels.
    const placed = (await api(server, 'GET', `/listings/${rejectId}`, { token: adminToken })).body.property;
    for (const level of [placed.district, placed.governorate]) expect(await rejectCard.textContent()).toContain(lang === 'ar' ? level.name_ar : level.name_en);
    // Each card says whether its owner's e-mail is verified, in words.
    const emailStatus = (card: typeof rejectCard) => card.locator('.admin-email-status');
    expect((await emailStatus(rejectCard).textContent())?.trim()).toBe(ad('owner.emailNotVerified'));
    expect(await emailStatus(rejectCard).getAttribute('data-email-verified')).toBe('false');
    const verifiedCard = page.locator(`[data-listing-id="${verifiedId}"]`);
    expect((await emailStatus(verifiedCard).textContent())?.trim()).toBe(ad('owner.emailVerified'));
    expect(await emailStatus(verifiedCard).getAttribute('data-email-verified')).toBe('true');
    await shot(page, AREA, `review-${lang}-1280`);

    await rejectCard.getByRole('button', { name: ad('review.reject'), exact: true }).click();
    const dialog = page.locator('.modal.show');
    await dialog.getByText(err('rejectConfirm')).waitFor();
    // No reason: refused at once, in the dialog; the listing stays pending.
    await dialog.getByRole('button', { name: ad('review.confirmReject'), exact: true }).click();
    await dialog.getByText(err('rejectReasonRequired')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-reason'))).toBe('incomplete');
    // A common reason (sent in both languages) and the administrator's own words.
    await dialog.getByLabel(REJECTION_REASONS.photos[lang]).check();
    await dialog.locator('textarea').fill('The photos do not show the flat');
    await shot(page, AREA, `review-reject-dialog-${lang}-1280`);
    await dialog.getByRole('button', { name: ad('review.confirmReject'), exact: true }).click();
    await expect.poll(() => alertText(page, 'success').textContent()).toBe(err('rejected'));
    await rejectCard.waitFor({ state: 'detached' });
    // The card went with its Reject button: the focus is on the heading of a card still there, not lost to the page.
    const focusedHeading = () => page.evaluate(() => (document.activeElement?.matches('[data-listing-id] h2') ? Number(document.activeElement.closest('[data-listing-id]')!.getAttribute('data-listing-id')) : document.activeElement?.tagName));
    await expect.poll(focusedHeading).toBeTypeOf('number');
    expect(await focusedHeading()).not.toBe(rejectId);

    const approveCard = page.locator(`[data-listing-id="${approveId}"]`);
    await approveCard.getByRole('button', { name: ad('review.approve'), exact: true }).click();
    await expect.poll(() => alertText(page, 'success').textContent()).toBe(err('approved'));
    await approveCard.waitFor({ state: 'detached' });
    await expect.poll(focusedHeading).toBeTypeOf('number');
    expect(await focusedHeading()).not.toBe(approveId);
    await shot(page, AREA, `review-approved-${lang}-1280`);

    // The approved listing is public and found by search; the rejected one is not.
    const search = await api(server, 'POST', '/listings/search', { body: { search: `approve-${lang}` } });
    expect(search.body.items.map((l: { id: number }) => l.id)).toContain(approveId);
    const hidden = await api(server, 'POST', '/listings/search', { body: { search: `reject-${lang}` } });
    expect(hidden.body.items.map((l: { id: number }) => l.id)).not.toContain(rejectId);

    // The owner is told, with the reason.
    const rejectionMail = await smtp.waitForMatch((m) => m.subject.includes(`Flat reject-${lang}`));
    expect(rejectionMail.to).toEqual([owner.email]);
    expect(rejectionMail.text).toContain('The photos do not show the flat');
    expect(rejectionMail.text).toContain(REJECTION_REASONS.photos.en);
    expect(rejectionMail.text).toContain(REJECTION_REASONS.photos.ar);

    // The decision is visible with its history on /admin/listings.
    await openApp(page, `${server.url}/admin/listings?status=rejected`);
    const row = page.locator(`tr[data-listing-id="${rejectId}"]`);
    await row.waitFor();
    await row.getByRole('button', { expanded: false }).click();
    await page.getByText('The photos do not show the flat').first().waitFor();
    expect((await row.locator('td:nth-child(2) .admin-email-status').textContent())?.trim()).toBe(ad('owner.emailNotVerified'));
    await shot(page, AREA, `listings-${lang}-1280`);
    await openApp(page, `${server.url}/admin/listings?status=pending`);
    const verifiedRow = page.locator(`tr[data-listing-id="${verifiedId}"]`);
    await verifiedRow.waitFor();
    expect((await verifiedRow.locator('td:nth-child(2) .admin-email-status').textContent())?.trim()).toBe(ad('owner.emailVerified'));
    expect(errors).toEqual([]);
    await ctx.close();

    // Mobile views of the admin screens.
    const mctx = await newContext(browser, { lang, viewport: MOBILE, token: adminToken });
    const mp = await mctx.newPage();
    await openApp(mp, `${server.url}/admin/dashboard`);
    await mp.locator('[data-stat="pending"] .admin-stat-value').filter({ hasText: /^\d+$/ }).waitFor();
    await shot(mp, AREA, `dashboard-${lang}-390`, true);
    await openApp(mp, `${server.url}/admin/review`);
    await mp.locator('[data-listing-id], h2').first().waitFor();
    await mp.waitForLoadState('networkidle');
    await shot(mp, AREA, `review-${lang}-390`);
    const mobileCard = mp.locator(`[data-listing-id="${verifiedId}"]`);
    expect((await mobileCard.locator('.admin-email-status').textContent())?.trim()).toBe(ad('owner.emailVerified'));
    await mobileCard.scrollIntoViewIfNeeded();
    await shot(mp, AREA, `review-verified-${lang}-390`);
    await openApp(mp, `${server.url}/admin/listings`);
    await mp.locator('tr[data-listing-id]').first().waitFor();
    await mp.waitForLoadState('networkidle');
    await shot(mp, AREA, `listings-${lang}-390`);
    await mctx.close();
  });
});
