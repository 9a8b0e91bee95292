/**
 * Enquiries in the app (issue 25), in Chromium, in Arabic and English, on a phone (390 px) and a desktop
 * (1280 px): a visitor sends the listing's contact form empty and sees every error at once, loses the
 * connection while sending a message with a phone typed in Arabic-Indic digits, sees it kept on the device as
 * waiting to send (issue 30), and sees it sent once the link carries again. The owner opens /my-properties, sees the unread count, opens the messages with the keyboard, reads the
 * message with its phone, e-mail reply and WhatsApp links, and the unread count goes once they are shown.
 * Screenshots go to SHOTS_DIR/enquiries.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { startSmtp } from '../apps/api/src/modules/mail/smtp-test-server';
import { api, axeFindings, createListing, DESKTOP, launchBrowser, MOBILE, nearForm, newContext, openApp, registerUser, shot, signIn, startServer, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick, type Tree } from './locales';

const AREA = 'enquiries';
const ADMIN = { email: 'admin.enquiries-e2e@example.test', password: 'admin-secret' };

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

/** A plural text of the locale files as i18next picks it: `_zero` for 0 when there is one, else the language's rule. */
function plural(lang: Lang, tree: Tree, key: string, count: number): string {
  const forms = [...(count === 0 ? ['zero'] : []), new Intl.PluralRules(lang).select(count), 'other'];
  for (const form of forms) {
    try {
      return pick(tree, `${key}_${form}`).replaceAll('{{count}}', String(count));
    } catch {
      /* the next form */
    }
  }
  throw new Error(`no plural of ${key}`);
}

const texts = (lang: Lang) => {
  const [owner, contact, errors] = [locale(lang, 'owner'), locale(lang, 'contact'), locale(lang, 'errors')];
  const ownerTexts = (owner as { myProperties: Tree }).myProperties;
  return {
    co: (k: string) => pick(contact, k),
    err: (k: keyof typeof MESSAGES) => pick(errors, k),
    my: (k: string) => pick(ownerTexts, k),
    myPlural: (k: string, n: number) => plural(lang, ownerTexts, k, n),
  };
};

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Manzil <no-reply@manzil.test>',
  });
  browser = await launchBrowser();
  owner = await registerUser(server, { email: `owner.enquiries.${Date.now()}@example.test`, first_name: 'Nabil', last_name: 'Owner' });
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Until the dialog has faded in (a screenshot taken earlier shows it half transparent). */
const dialogShown = (page: Page) =>
  page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return modal != null && getComputedStyle(modal).opacity === '1' && getComputedStyle(modal.querySelector('.modal-dialog')!).transform === 'none';
  });

/** Text content without the spaces around it. */
const textOf = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();

describe.each<Lang>(['ar', 'en'])('enquiries (%s)', (lang) => {
  const { co, err, my, myPlural } = texts(lang);
  const title = lang === 'ar' ? 'شقة للاستفسارات' : 'Flat with enquiries';
  let listingId: number;
  let sent = 0;

  beforeAll(async () => {
    listingId = await createListing(server, owner.token, { title_ar: 'شقة للاستفسارات', title_en: 'Flat with enquiries' });
    // Listings are public (and take messages) once an administrator approves them.
    const approved = await api(server, 'POST', `/admin/listings/${listingId}/approve`, { token: adminToken });
    expect(approved.status).toBe(200);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    const size = viewport.width;

    it(`a visitor sees every error at once, and a message with a phone in Arabic-Indic digits cut off by a dropped link waits on the device and goes once the link is back (${size} px)`, async () => {
      // The service worker is blocked so that page.route sees the form's request.
      const ctx = await newContext(browser, { lang, viewport, serviceWorkers: 'block' });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/property-details/${listingId}`);
      await nearForm(page);
      const form = page.locator('.contact-owner-card');
      const send = form.getByRole('button', { name: co('ownerForm.send') });

      // Empty: every missing field at once, the optional phone not among them.
      await send.click();
      const feedback = form.locator('.invalid-feedback');
      // The form's validator loads on first focus or submit (lazyResolver): on a busy machine that takes more than
      // expect.poll's default second.
      await expect.poll(() => feedback.allTextContents(), { timeout: 15_000 }).toEqual([err('fullNameRequired'), err('emailRequired'), err('messageRequired')]);
      expect(await form.getByLabel(co('ownerForm.phone')).getAttribute('aria-invalid')).toBe('false');
      expect(await form.getByLabel(co('ownerForm.fullName')).getAttribute('aria-invalid')).toBe('true');
      await form.scrollIntoViewIfNeeded();
      await shot(page, AREA, `form-errors-${lang}-${size}`);

      const message = `Is the flat free from next month? (${lang} ${size})`;
      await form.getByLabel(co('ownerForm.fullName')).fill('Mariam Saleh');
      await form.getByLabel(co('ownerForm.email')).fill('mariam@example.test');
      await form.getByLabel(co('ownerForm.phone')).fill('٧٧٧ ١٢٣ ٤٥٦');
      await form.getByLabel(co('ownerForm.message')).fill(message);
      await expect.poll(() => feedback.count()).toBe(0); // each error goes as its field is put right

      // The connection drops while sending: nothing typed is lost, the message waits on the device (issue 30)
      // and goes by itself once the link carries again (after a back-off of about 5 s).
      await page.route('**/api/v1/contact/listing/**', (route) => route.abort('internetdisconnected'));
      await send.click();
      await expect.poll(() => form.getByTestId('outbox-queued').textContent()).toContain(co('outbox.queued'));
      expect(await form.getByTestId('outbox-item').locator('textarea').inputValue()).toBe(message);
      await shot(page, AREA, `form-send-failed-${lang}-${size}`);

      await page.unroute('**/api/v1/contact/listing/**');
      await expect.poll(() => form.locator('.alert-success').textContent(), { timeout: 20_000 }).toBe(err('sendSuccess'));
      expect(await form.getByTestId('outbox-item').count()).toBe(0);
      expect(await form.getByLabel(co('ownerForm.phone')).inputValue()).toBe(''); // cleared after sending
      sent += 1;
      await shot(page, AREA, `form-sent-${lang}-${size}`);
      // The console's one error is the dropped request itself.
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
      await ctx.close();

      // Stored with Western digits, and in the owner's e-mail.
      const mail = await smtp.waitForMatch((m) => m.text.includes(message));
      expect(mail.to).toEqual([owner.email]);
      expect(mail.text).toContain('Phone: \u2066777 123 456\u2069');
    });

    it(`the owner sees the unread count, opens the messages, reads the phone and reply links, and they are marked read (${size} px)`, async () => {
      // Reading the messages through the API marks nothing read: the page still counts this one unread.
      const before = await api(server, 'GET', `/listings/${listingId}/messages`, { token: owner.token });
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ total: sent, unread: 1 });

      const ctx = await newContext(browser, { lang, viewport, token: owner.token });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/my-properties`);
      const card = page.locator(`[data-testid="my-property-card"][data-listing-id="${listingId}"]`);
      await card.waitFor();
      const button = card.getByTestId('messages-button');
      await expect.poll(() => card.getByTestId('unread-count').getAttribute('data-count')).toBe('1');
      expect((await card.getByTestId('unread-count').textContent())?.replace(/^,\s*/, '').trim()).toBe(myPlural('messages.unreadCount', 1));
      expect(await button.textContent()).toContain(myPlural('messages.button', sent));
      await button.scrollIntoViewIfNeeded();
      await shot(page, AREA, `my-properties-unread-${lang}-${size}`);
      expect(await axeFindings(page)).toEqual([]);

      // Opened from the keyboard.
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: my('messages.title') }).waitFor();
      const items = dialog.getByTestId('owner-message');
      await expect.poll(() => items.count()).toBe(sent);
      const newest = items.first();
      expect(await newest.getAttribute('data-unread')).toBe('true');
      expect((await newest.getByTestId('message-new').textContent())?.trim()).toBe(my('messages.new'));
      expect(await newest.textContent()).toContain(`(${lang} ${size})`); // newest first
      expect(await newest.getByRole('heading').textContent()).toBe('Mariam Saleh');
      expect((await newest.getByTestId('message-email').textContent())?.trim()).toBe('mariam@example.test');
      expect((await newest.getByTestId('message-phone').textContent())?.trim()).toBe('777 123 456');
      const reply = newest.getByRole('link', { name: my('messages.replyEmail') });
      const mailto = new URL((await reply.getAttribute('href'))!);
      expect(mailto.protocol).toBe('mailto:');
      expect(mailto.pathname).toBe('mariam@example.test');
      expect(mailto.searchParams.get('subject')).toBe(pick(locale(lang, 'owner'), 'myProperties.messages.replySubject').replace('{{title}}', title));
      const whatsapp = await newest.getByTestId('reply-whatsapp').getAttribute('href');
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/967777123456(\?|$)/);
      expect(await newest.getByTestId('reply-whatsapp').getAttribute('rel')).toContain('noopener');
      if (sent > 1) expect(await items.nth(1).getAttribute('data-unread')).toBe('false'); // read at the last opening
      await dialogShown(page);
      await shot(page, AREA, `messages-${lang}-${size}`);
      expect(await axeFindings(page)).toEqual([]);

      // What was shown is marked read: the card's count goes at once, and the server agrees.
      await expect.poll(() => card.getByTestId('unread-count').count()).toBe(0);
      await expect.poll(async () => (await api(server, 'GET', `/listings/${listingId}/messages`, { token: owner.token })).body.unread).toBe(0);

      // Escape closes it, and focus goes back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
      const after = await textOf(page, `[data-testid="my-property-card"][data-listing-id="${listingId}"] [data-testid="messages-button"]`);
      expect(after).toBe(myPlural('messages.button', sent));
      await shot(page, AREA, `my-properties-read-${lang}-${size}`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('a listing without messages says so when its messages are opened', async () => {
    const quiet = await createListing(server, owner.token, { title_ar: 'شقة بلا رسائل', title_en: 'Flat without messages' });
    const ctx = await newContext(browser, { lang, viewport: MOBILE, token: owner.token });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/my-properties`);
    const card = page.locator(`[data-testid="my-property-card"][data-listing-id="${quiet}"]`);
    const button = card.getByTestId('messages-button');
    await expect.poll(() => button.textContent().then((s) => s?.trim())).toBe(myPlural('messages.button', 0));
    await button.click();
    await page.getByTestId('messages-empty').getByText(my('messages.emptyTitle')).waitFor();
    await dialogShown(page);
    await shot(page, AREA, `messages-empty-${lang}-390`);
    await page.getByRole('dialog').getByRole('button', { name: my('messages.close') }).first().click();
    await ctx.close();
  });
});
