/**
 * Reaching owners and sharing (issue 28) in Chromium, Arabic and English, at 1280 and 390 px: an owner adds a
 * WhatsApp number and turns calls off on /profile; a visitor finds no phone but a WhatsApp link on the card and the
 * details page, whose chat opens with a first message in the visitor's language naming the listing and its
 * address; the owner's /my-properties counts that click. Share falls back to its menu (no Web Share API), whose
 * links carry the canonical address and whose Copy link puts it on the clipboard. wa.me, t.me and the others are
 * answered by a route in the browser, never the network. Screenshots in SHOTS_DIR/reach/.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer, until, watchPage } from './harness';
import { locale, pick } from './locales';

const AREA = 'reach';
const ADMIN = { email: 'admin.reach@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Share and chat addresses never reach the network: a blank page answers them. */
async function offline(ctx: BrowserContext) {
  for (const host of ['https://wa.me/**', 'https://t.me/**', 'https://www.facebook.com/**', 'https://x.com/**']) {
    await ctx.route(host, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }));
  }
}

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', DESKTOP],
  ['en', DESKTOP],
  ['ar', MOBILE],
  ['en', MOBILE],
])('reaching owners (%s, %o)', (lang, viewport) => {
  const [account, details, listings, owner] = [locale(lang, 'account'), locale(lang, 'details'), locale(lang, 'listings'), locale(lang, 'owner')];
  const size = viewport.width;

  it('an owner offers WhatsApp instead of calls; a visitor chats with the listing named; the owner sees the click', async ({ expect }) => {
    const word = `reach${lang}${size}x${Date.now()}`;
    const seller = await registerUser(server, { first_name: 'Faris', phone_number: '+967 777 555 444' });

    // The owner's profile: a WhatsApp number typed locally, then calls turned off.
    const octx = await newContext(browser, { lang, viewport, token: seller.token });
    const opage = await octx.newPage();
    const oerrors = watchPage(opage);
    await openApp(opage, `${server.url}/profile`);
    await opage.getByTestId('profile-whatsapp').fill('٧٧١ ٢٣٤ ٥٦٧');
    await opage.getByRole('button', { name: pick(account, 'profile.save') }).click();
    await until(() => opage.getByTestId('profile-whatsapp').inputValue(), '+967771234567', 'saved WhatsApp number');
    const call = opage.getByLabel(pick(account, 'profile.method.call'));
    await call.uncheck();
    await opage.getByTestId('methods-saved').waitFor();
    expect(await call.isChecked()).toBe(false);
    await shot(opage, AREA, `profile-${lang}-${size}`, true);
    const me = await api(server, 'GET', '/users/me', { token: seller.token });
    expect(me.body).toMatchObject({ whatsapp_number: '967771234567', contact_methods: ['whatsapp', 'email'] });

    const title = { en: `Flat ${word}`, ar: `شقة ${word}` };
    const id = await createListing(server, seller.token, { title_en: title.en, title_ar: title.ar });
    expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);

    // A visitor on the search list: no Call, a WhatsApp link named for the listing.
    const vctx = await newContext(browser, { lang, viewport });
    await offline(vctx);
    await vctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // As on Linux desktops: no Web Share API, so Share opens its own menu.
    await vctx.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    // Copy link still writes to the clipboard; the page also keeps what it wrote, for the check below.
    await vctx.addInitScript(() => {
      const clipboard = navigator.clipboard;
      if (!clipboard) return;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { __copied?: string }).__copied = text;
        return write(text);
      };
    });
    const page = await vctx.newPage();
    const errors = watchPage(page);
    await openApp(page, `${server.url}/search-list?search=${word}`);
    const card = page.locator('article.listing-card', { hasText: title[lang] });
    await card.waitFor();
    expect(await card.getByRole('link', { name: pick(listings, 'whatsappOwner').replace('{{title}}', title[lang]) }).count()).toBe(1);
    expect(await card.locator('a[href^="tel:"]').count()).toBe(0);
    await card.locator('.listing-card-footer').scrollIntoViewIfNeeded();
    await shot(page, AREA, `card-${lang}-${size}`);

    // The details page: the owner's card offers WhatsApp, not the phone; the chat opens with the message.
    await openApp(page, `${server.url}/property-details/${id}`);
    const chat = page.locator('.details-owner-contact ~ a[data-testid="whatsapp-link"]');
    await chat.waitFor();
    expect(await chat.textContent()).toContain(pick(details, 'owner.whatsapp'));
    expect(await page.locator('.details-aside a[href^="tel:"]').count()).toBe(0);
    await shot(page, AREA, `details-${lang}-${size}`);
    // Reached by the keyboard (or a long press, a middle click), the link already carries the message: "open in
    // new tab" and "copy link" take it along.
    await chat.focus();
    expect(new URL((await chat.getAttribute('href'))!).searchParams.get('text')).toContain(title[lang]);
    const [popup] = await Promise.all([page.waitForEvent('popup'), chat.click()]);
    // The popup opens at about:blank first; its address is wa.me's once the navigation commits.
    await popup.waitForURL((u) => u.hostname === 'wa.me');
    const url = new URL(popup.url());
    expect(url.origin + url.pathname).toBe('https://wa.me/967771234567');
    const text = url.searchParams.get('text')!;
    const address = `${server.url}/property-details/${id}${lang === 'en' ? '?lang=en' : ''}`;
    expect(text).toBe(pick(listings, 'whatsappText').replace('{{title}}', title[lang]).replace('{{url}}', address));
    await popup.close();

    // Share: the menu, its links with the canonical address, Escape back to the button, Copy link.
    const share = page.getByTestId('share-button');
    await share.click();
    const menu = page.getByRole('menu', { name: pick(details, 'share.menu') });
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    expect(await items.count()).toBe(5);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    for (const s of ['whatsapp', 'telegram', 'facebook', 'x']) {
      expect(decodeURIComponent((await menu.locator(`[data-share="${s}"]`).getAttribute('href'))!)).toContain(address);
    }
    await shot(page, AREA, `share-menu-${lang}-${size}`);
    await page.keyboard.press('Escape');
    await until(() => menu.count(), 0, 'menu closed');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-button');
    await share.click();
    await menu.getByRole('menuitem', { name: pick(details, 'share.copy') }).click();
    // "Link copied" shows for a few seconds: waited for by the browser itself, not by polling from here.
    await page.getByTestId('share-status').filter({ hasText: pick(details, 'share.copied') }).waitFor();
    // The system clipboard is shared by the pages running at once: what this page wrote is read from its own record.
    expect(await page.evaluate(() => (window as unknown as { __copied?: string }).__copied)).toBe(address);

    // The owner's list counts the chat (a beacon, written at once).
    await until(
      async () => {
        await openApp(opage, `${server.url}/my-properties`);
        return opage.locator('[data-testid="whatsapp-clicks"]').first().textContent();
      },
      '1',
      'WhatsApp click counted',
    );
    expect(await opage.locator(`[title="${pick(owner, 'myProperties.whatsappClicks')}"]`).count()).toBeGreaterThan(0);
    await opage.locator('[data-testid="whatsapp-clicks"]').first().scrollIntoViewIfNeeded();
    await shot(opage, AREA, `my-properties-${lang}-${size}`);
    expect(errors).toEqual([]);
    expect(oerrors).toEqual([]);
    await vctx.close();
    await octx.close();
  });
});
