/**
 * Enquiries that survive a dropped link (issue 30), in Chromium at 390 px, in Arabic and English: a message to
 * an owner written offline shows "waiting to send"; the tab is closed, the link comes back, Manzil is opened
 * again and exactly one e-mail reaches the owner (a real SMTP server), and the waiting bar goes. With the tab
 * left open, the `online` event sends it, once. With every tab closed, the service worker's Background Sync (its
 * sync event fired through the DevTools protocol) sends it, once. Holds without the server's Idempotency-Key replay: the sender's
 * lock and removal on success are what keep it to one. Screenshots (390 and 1280 px) in SHOTS_DIR/contact-outbox.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { startSmtp } from '../apps/api/src/modules/mail/smtp-test-server';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, nearForm, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';
import { OUTBOX_DB, OUTBOX_TAG } from '../apps/web/src/features/contact/outbox/types';

const AREA = 'contact-outbox';
const ADMIN = { email: 'admin.outbox-e2e@example.test', password: 'admin-secret' };

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let listingId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: smtp.url, MAIL_FROM: 'Manzil <no-reply@manzil.test>' });
  browser = await launchBrowser();
  owner = await registerUser(server, { email: `owner.outbox.${Date.now()}@example.test`, first_name: 'Huda', last_name: 'Owner' });
  listingId = await createListing(server, owner.token, { title_ar: 'شقة للرسائل المؤجلة', title_en: 'Flat for queued messages' });
  const approved = await api(server, 'POST', `/admin/listings/${listingId}/approve`, { token: await signIn(server, ADMIN.email, ADMIN.password) });
  expect(approved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const mailsWith = (text: string) => smtp.received.filter((m) => m.text.includes(text) && m.to.includes(owner.email));

/** After the first mail, a while longer: a second copy would have come by then. */
async function expectExactlyOneMail(text: string) {
  await smtp.waitForMatch((m) => m.text.includes(text), 30_000);
  await new Promise((r) => setTimeout(r, 4_000));
  expect(mailsWith(text)).toHaveLength(1);
}

/** Fill the owner form of the listing's page and send it while the context is offline. */
async function writeOffline(page: Page, lang: Lang, message: string) {
  const co = (k: string) => pick(locale(lang, 'contact'), k);
  await openApp(page, `${server.url}/property-details/${listingId}`);
  await nearForm(page);
  const form = page.locator('.contact-owner-card');
  await form.getByLabel(co('ownerForm.fullName')).fill('Mariam Saleh');
  await form.getByLabel(co('ownerForm.email')).fill('mariam@example.test');
  await form.getByLabel(co('ownerForm.message')).fill(message);
  // The form's checks load on first focus: let them arrive before the link drops.
  await page.waitForTimeout(500);
  await page.context().setOffline(true);
  await form.getByRole('button', { name: co('ownerForm.send') }).click();
  await expect.poll(() => form.getByTestId('outbox-queued').textContent()).toContain(co('outbox.queued'));
  const item = form.getByTestId('outbox-item');
  await expect.poll(() => item.count()).toBe(1);
  expect((await item.getByTestId('outbox-state').textContent())?.trim()).toBe(co('outbox.waiting'));
  expect(await item.locator('textarea').inputValue()).toBe(message);
  expect(await form.getByLabel(co('ownerForm.message')).inputValue()).toBe(''); // the form is free for another
  // The bar under the navbar says so on every page.
  expect(await page.getByTestId('outbox-count').textContent()).toBe(co('outbox.count').replace('{{count}}', '1'));
  return form;
}

/** The waiting message under the form, then the bar under the navbar opened to its list. */
async function shotWaiting(page: Page, form: ReturnType<Page['locator']>, name: string, lang: Lang) {
  const co = (k: string) => pick(locale(lang, 'contact'), k);
  await form.getByTestId('outbox-item').evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForTimeout(300);
  await shot(page, AREA, `waiting-${name}`);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const bar = page.getByTestId('outbox-bar');
  await bar.getByRole('button', { name: co('outbox.show') }).click();
  await bar.getByTestId('outbox-item').waitFor();
  await shot(page, AREA, `bar-open-${name}`);
  await bar.getByRole('button', { name: co('outbox.hide') }).click();
}

describe.each<Lang>(['ar', 'en'])('contact outbox (%s)', (lang) => {
  const co = (k: string) => pick(locale(lang, 'contact'), k);
  const err = (k: keyof typeof MESSAGES) => pick(locale(lang, 'errors'), k);

  it('a message written offline waits on the device, and after the tab was closed goes out once on the next visit (390 px)', async () => {
    const ctx = await newContext(browser, { lang, viewport: MOBILE, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const message = `Offline, then closed: is the flat free? (${lang} ${Date.now()})`;
    const form = await writeOffline(page, lang, message);
    await shotWaiting(page, form, `${lang}-390`, lang);
    // Nothing leaves while offline.
    await page.waitForTimeout(1_500);
    expect(mailsWith(message)).toHaveLength(0);
    await page.close();

    await ctx.setOffline(false);
    const next = await ctx.newPage();
    await openApp(next, `${server.url}/`);
    await expectExactlyOneMail(message);
    await expect.poll(() => next.getByTestId('outbox-bar').count(), { timeout: 15_000 }).toBe(0);
    // Still one after another visit (nothing left behind to send again).
    await openApp(next, `${server.url}/contact`);
    await next.waitForTimeout(2_000);
    expect(mailsWith(message)).toHaveLength(1);
    await ctx.close();
  });

  it("with every tab closed, the service worker's Background Sync sends it once, and the next visit finds the outbox empty", async () => {
    const ctx = await newContext(browser, { lang, viewport: lang === 'ar' ? MOBILE : DESKTOP, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    // The worker must be there before the link drops: the outbox registers its sync tag with it.
    await openApp(page, `${server.url}/property-details/${listingId}`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
    const message = `Offline, every tab closed, sent by the worker (${lang} ${Date.now()})`;
    await writeOffline(page, lang, message);
    // The page asked the browser for a sync with the outbox's tag.
    await expect
      .poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
      .toContain(OUTBOX_TAG);
    await page.close();
    expect(mailsWith(message)).toHaveLength(0);
    await ctx.setOffline(false);

    // No page of Manzil is open to send it: only the worker can. A blank tab carries the DevTools session.
    // Chromium may fire the sync by itself as the (emulated) link comes back; the dispatch makes sure it fires,
    // and two sync events must still send it once.
    const blank = await ctx.newPage();
    const cdp = await ctx.newCDPSession(blank);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${server.url}/` && !r.isDeleted)).toBe(true);
    const { registrationId } = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted)!;
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.url, registrationId, tag: OUTBOX_TAG, lastChance: false });
    await expectExactlyOneMail(message);
    await cdp.detach();

    // The next visit: nothing waiting on the device, no bar, nothing sent again.
    const next = await ctx.newPage();
    await openApp(next, `${server.url}/`);
    const stored = await next.evaluate(
      (db) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(db);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('messages').objectStore('messages').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
      OUTBOX_DB,
    );
    expect(stored).toBe(0);
    expect(await next.getByTestId('outbox-bar').count()).toBe(0);
    await next.waitForTimeout(2_000);
    expect(mailsWith(message)).toHaveLength(1);
    await ctx.close();
  });

  it('with the tab left open, the link coming back sends it once and the form says it was sent (390 px)', async () => {
    const ctx = await newContext(browser, { lang, viewport: MOBILE, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const message = `Offline, tab open: can I visit on Friday? (${lang} ${Date.now()})`;
    const form = await writeOffline(page, lang, message);
    await ctx.setOffline(false);
    await expect.poll(() => form.locator('.alert-success').textContent(), { timeout: 20_000 }).toBe(err('sendSuccess'));
    expect(await form.getByTestId('outbox-item').count()).toBe(0);
    await expectExactlyOneMail(message);
    await ctx.close();
  });

  it('a waiting message can be taken back, after a confirmation, and is never sent (1280 px)', async () => {
    const ctx = await newContext(browser, { lang, viewport: DESKTOP, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const message = `Offline, then cancelled: never mind. (${lang} ${Date.now()})`;
    const form = await writeOffline(page, lang, message);
    await shotWaiting(page, form, `${lang}-1280`, lang);
    const item = form.getByTestId('outbox-item');
    await item.getByRole('button', { name: co('outbox.cancel') }).click();
    await item.getByRole('button', { name: co('outbox.confirmNo') }).click(); // kept
    expect(await item.count()).toBe(1);
    await item.getByRole('button', { name: co('outbox.cancel') }).click();
    await item.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.waitForTimeout(400); // the buttons' colour transition
    await shot(page, AREA, `confirm-cancel-${lang}-1280`);
    await item.getByRole('button', { name: co('outbox.confirmYes') }).click();
    await expect.poll(() => item.count()).toBe(0);
    await expect.poll(() => page.getByTestId('outbox-bar').count()).toBe(0);
    await ctx.setOffline(false);
    await page.waitForTimeout(3_000);
    expect(mailsWith(message)).toHaveLength(0);
    expect(await form.locator('.alert-success').count()).toBe(0);
    await ctx.close();
  });

  it('a message the server refuses is kept as not sent with its reason, and goes back to the form to send again (390 px)', async () => {
    // The service worker is blocked so that page.route sees the outbox's request.
    const ctx = await newContext(browser, { lang, viewport: MOBILE, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const message = `Offline, then refused: still free? (${lang} ${Date.now()})`;
    const form = await writeOffline(page, lang, message);
    const reason = 'This listing no longer takes messages';
    let attempts = 0;
    await page.route('**/api/v1/contact/listing/**', (route) => {
      attempts += 1;
      return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ detail: reason }) });
    });
    await ctx.setOffline(false);
    const item = form.getByTestId('outbox-item');
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 15_000 }).toBe('failed');
    expect((await item.getByTestId('outbox-state').textContent())?.trim()).toBe(co('outbox.failed'));
    expect(await item.getByRole('alert').textContent()).toContain(reason);
    expect(await item.locator('textarea').inputValue()).toBe(message); // nothing lost
    await item.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await shot(page, AREA, `failed-${lang}-390`);
    // Refused is final: not tried again.
    await page.waitForTimeout(6_000);
    expect(attempts).toBe(1);

    await page.unroute('**/api/v1/contact/listing/**');
    await item.getByRole('button', { name: co('outbox.edit') }).click();
    await expect.poll(() => item.count()).toBe(0);
    expect(await form.getByLabel(co('ownerForm.message')).inputValue()).toBe(message);
    await form.getByRole('button', { name: co('ownerForm.send') }).click();
    await expect.poll(() => form.locator('.alert-success').textContent()).toBe(err('sendSuccess'));
    await expectExactlyOneMail(message);
    await ctx.close();
  });
});
