/**
 * Saved-search alerts (issue 27) end to end, in Chromium, Arabic and English, at 1280 and 390 px: a verified
 * user saves a search of a drawn area from the page's language, an owner's listing inside the area is approved,
 * and one alert e-mail reaches the user through the real SMTP server, in that language; the rendered mail is
 * photographed, its listing link followed in the browser to the listing's page, and its one-click unsubscribe
 * link opened: the page says the search's alerts are off, and the next matching listing sends nothing.
 * A listing outside the area sends nothing either. A favourite's price drop mails its keeper the same way: the mail
 * is rendered, its unsubscribe link opened (the page says price-drop mails are off), and the switch on /favorites,
 * off now, turns them on again from the keyboard. Screenshots in SHOTS_DIR/alerts/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer } from './harness';
import { followable, linkIn, nthMailTo, startMailbox, type Mailbox, type ReceivedMail } from './mail';
import { locale, pick } from './locales';

const AREA = 'alerts';
const ADMIN = { email: 'admin.alerts@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let box: Mailbox;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

beforeAll(async () => {
  box = await startMailbox();
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: box.url, PRICE_DROP_CHECK_MS: '1000' });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Nabil', last_name: 'Owner' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await box?.close();
});

/** A registered user whose address is verified through the link of the mail they got (alerts go only there). */
async function verifiedUser() {
  const u = await registerUser(server);
  const token = linkIn(await nthMailTo(box, u.email, '/verify-email'), '/verify-email').searchParams.get('token');
  const r = await api(server, 'POST', '/auth/verify-email', { body: { token } });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return u;
}

async function publish(title: string, lat: number, lng: number) {
  const id = await createListing(server, owner.token, { title_en: title, title_ar: `${title} (ع)` }, { latitude: lat, longitude: lng });
  expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);
  return id;
}

const mailsTo = (to: string) => box.received.filter((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()));
const alertsTo = (to: string) => mailsTo(to).filter((m) => /\/alerts\/unsubscribe\?token=/.test(m.text));

async function alertTo(to: string, ms = 60_000): Promise<ReceivedMail> {
  await box.waitForMatch(() => alertsTo(to).length >= 1, ms);
  return alertsTo(to)[0]!;
}

describe.concurrent.each<[Lang, { width: number; height: number }, number]>([
  ['ar', DESKTOP, 0],
  ['en', DESKTOP, 1],
  ['ar', MOBILE, 2],
  ['en', MOBILE, 3],
])('alerts (%s, %o)', (lang, viewport, n) => {
  // The test's own expect: expect.poll of the global one is not allowed in concurrent tests.
  it("mails a matching listing once in the saver's language; the links open the listing and turn the alerts off", async ({ expect }) => {
    const user = await verifiedUser();
    // A drawn area of its own around a point of Aden, so the four journeys' listings do not match each other's.
    const [lat, lng] = [12.78 + n * 0.02, 45.0];
    const polygon = [[lat - 0.005, lng - 0.005], [lat - 0.005, lng + 0.005], [lat + 0.005, lng + 0.005], [lat + 0.005, lng - 0.005]];
    const saved = await api(server, 'POST', '/saved-searches', {
      token: user.token,
      body: { name: lang === 'ar' ? `منطقتي ${n}` : `My area ${n}`, filters: { listing_type: 'FOR_RENT', polygon_coordinates: polygon }, frequency: 'instant' },
      headers: { 'Accept-Language': lang },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    await publish(`Outside ${lang} ${n}`, lat + 0.05, lng);
    const inside = await publish(`Inside ${lang} ${n}`, lat, lng);
    const mail = await alertTo(user.email);
    expect(mail.subject).toContain(saved.body.name);
    expect(mail.html).toContain(lang === 'ar' ? `Inside ${lang} ${n} (ع)` : `Inside ${lang} ${n}`);
    expect(mail.html).not.toContain(`Outside ${lang} ${n}`);
    expect(mail.html).toContain(lang === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The mail as its reader sees it, its links pointed at the server the browser uses.
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const origin = /(https?:\/\/[^/"\s]+)\/property-details\//.exec(mail.html)![1]!;
    await page.setContent(mail.html.split(origin).join(server.url));
    await shot(page, AREA, `mail-${lang}-${viewport.width}`, true);
    await Promise.all([page.waitForURL(new RegExp(`/property-details/${inside}`)), page.locator(`a[href*="/property-details/${inside}"]`).first().click()]);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(lang === 'ar' ? `Inside ${lang} ${n} (ع)` : `Inside ${lang} ${n}`);

    // One click turns this search's alerts off; the page says so in the page's language.
    const unsubscribe = /(https?:\/\/[^\s<>"]+\/alerts\/unsubscribe\?token=[^\s<>"]+)/.exec(mail.text)![1]!;
    await openApp(page, followable(new URL(unsubscribe), server.url) + `&lang=${lang}`);
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain(saved.body.name);
    await shot(page, AREA, `unsubscribed-${lang}-${viewport.width}`);
    const list = await api(server, 'GET', '/saved-searches', { token: user.token });
    expect(list.body.items[0]).toMatchObject({ id: saved.body.id, frequency: 'off' });

    // Alerts off: another listing in the area is matched (counted as new) but mailed to nobody.
    await publish(`Later ${lang} ${n}`, lat + 0.001, lng);
    await expect.poll(async () => (await api(server, 'GET', '/saved-searches', { token: user.token })).body.items[0].new_count, { timeout: 30_000 }).toBe(2);
    expect(alertsTo(user.email)).toHaveLength(1);
    await ctx.close();
  });
});

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', MOBILE],
  ['en', DESKTOP],
])('price-drop mails (%s, %o)', (lang, viewport) => {
  const f = (key: string) => pick(locale(lang, 'favorites'), key);
  it('mails a kept home\'s price drop; its unsubscribe link turns them off, the switch on /favorites on again', async ({ expect }) => {
    const user = await verifiedUser();
    const title = `Cheaper ${lang} ${viewport.width}`;
    const id = await publish(title, lang === 'ar' ? 14.2 : 14.4, 44.2);
    expect((await api(server, 'PUT', `/favorites/${id}`, { token: user.token, headers: { 'Accept-Language': lang } })).status).toBe(204);
    const edited = await api(server, 'PATCH', `/listings/${id}`, { token: owner.token, body: { price: 300 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    if (edited.body.status !== 'approved') expect((await api(server, 'POST', `/admin/listings/${id}/approve`, { token: adminToken })).status).toBe(200);

    const drops = () => mailsTo(user.email).filter((m) => m.text.includes('/price-drops/unsubscribe?token='));
    await box.waitForMatch(() => drops().length >= 1, 60_000);
    const mail = drops()[0]!;
    expect(mail.html).toContain(lang === 'ar' ? `${title} (ع)` : title);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/price-drops\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const ctx = await newContext(browser, { lang, viewport, token: user.token });
    const page = await ctx.newPage();
    const origin = /(https?:\/\/[^/"\s]+)\/property-details\//.exec(mail.html)![1]!;
    await page.setContent(mail.html.split(origin).join(server.url));
    await shot(page, AREA, `price-drop-mail-${lang}-${viewport.width}`, true);

    // The reader's half comes first: its link opens the page in the reader's language.
    const link = /(https?:\/\/[^\s<>"]+\/price-drops\/unsubscribe\?token=[^\s<>"]+)/.exec(mail.text)![1]!;
    expect(new URL(link).searchParams.get('lang')).toBe(lang === 'en' ? 'en' : null);
    await openApp(page, followable(new URL(link), server.url));
    await page.getByTestId('unsubscribe-done').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('unsubscribe-done').innerText()).toContain(f('unsubscribe.done'));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await shot(page, AREA, `price-drops-off-${lang}-${viewport.width}`);
    expect((await api(server, 'GET', '/favorites/price-drop-mail', { token: user.token })).body).toEqual({ enabled: false });

    // Its button leads to /favorites, where the switch says off; Space turns it on.
    await page.getByRole('link', { name: f('unsubscribe.manage') }).click();
    const toggle = page.getByRole('switch', { name: f('priceDropMail.label') });
    await toggle.waitFor();
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await api(server, 'GET', '/favorites/price-drop-mail', { token: user.token })).body.enabled).toBe(true);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await shot(page, AREA, `price-drops-switch-${lang}-${viewport.width}`);
    await ctx.close();
  });
});
