/**
 * Saved-search alerts (issue 27) end to end, in Chromium, Arabic and English, at 1280 and 390 px: a verified
 * user saves a search of a drawn area from the page's language, an owner's listing inside the area is approved,
 * and one alert e-mail reaches the user through the real SMTP server, in that language; the rendered mail is
 * photographed, its listing link followed in the browser to the listing's page, and its one-click unsubscribe
 * link opened: the page says the search's alerts are off, and the next matching listing sends nothing.
 * A listing outside the area sends nothing either. Screenshots in SHOTS_DIR/alerts/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, api, createListing, launchBrowser, newContext, openApp, registerUser, shot, signIn, startServer, type Lang, type RunningServer } from './harness';
import { followable, linkIn, nthMailTo, startMailbox, type Mailbox, type ReceivedMail } from './mail';

const AREA = 'alerts';
const ADMIN = { email: 'admin.alerts@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let box: Mailbox;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;

beforeAll(async () => {
  box = await startMailbox();
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: box.url });
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
