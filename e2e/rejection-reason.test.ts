/**
 * A rejected listing's reason as its owner reads it, in Chromium, Arabic and English: the common reasons the
 * administrator ticked (stored "Arabic — English", one per line) in the reader's language only, then the
 * administrator's own words, each on its own line and in its own direction, on /my-properties, on the edit page's
 * status panel and on the listing's page. Screenshots in SHOTS_DIR/rejection-reason.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASONS, rejectionReasonText } from '@manzil/shared';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, watchPage, type Lang, type RunningServer } from './harness';

const AREA = 'rejection-reason';
const ADMIN = { email: 'admin.rejection-reason@example.test', password: 'admin-secret' };
const OWN = 'The photos show another flat.';

let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
let listingId: number;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Rashid', last_name: 'Owner' });
  listingId = await createListing(server, owner.token, { title_en: 'Flat with reasons', title_ar: 'شقة مع أسباب' });
  const r = await api(server, 'POST', `/admin/listings/${listingId}/reject`, { token: admin, body: { reason: rejectionReasonText(['photos', 'price'], OWN) } });
  expect(r.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The reason's lines as shown: their text, the direction each took, and whether each starts below the one before. */
async function shownLines(reason: Locator) {
  const lines = reason.locator('[data-testid="rejection-reason-lines"] > span[dir="auto"]');
  await lines.first().waitFor();
  const all = await lines.all();
  const texts = await Promise.all(all.map((l) => l.innerText()));
  const directions = await Promise.all(all.map((l) => l.evaluate((e) => getComputedStyle(e).direction)));
  const tops = await Promise.all(all.map(async (l) => (await l.boundingBox())!.y));
  const whiteSpace = await reason.locator('[data-testid="rejection-reason-lines"]').evaluate((e) => getComputedStyle(e).whiteSpace);
  return { texts, directions, eachBelow: tops.every((y, i) => i === 0 || y > tops[i - 1]!), whiteSpace };
}

describe.each<[Lang, { width: number; height: number }]>([
  ['ar', MOBILE],
  ['en', DESKTOP],
])('a rejected listing\'s reason (%s)', (lang, viewport) => {
  const { photos, price } = REJECTION_REASONS;
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const want = {
    texts: [photos[lang], price[lang], OWN],
    directions: [lang === 'ar' ? 'rtl' : 'ltr', lang === 'ar' ? 'rtl' : 'ltr', 'ltr'],
    eachBelow: true,
    whiteSpace: 'pre-line',
  };

  it('shows the common reasons in the reader\'s language, one per line, on My properties, the edit page and the listing\'s page', async () => {
    const ctx = await newContext(browser, { lang, viewport, token: owner.token });
    const page = await ctx.newPage();
    const errors = watchPage(page);

    await openApp(page, `${server.url}/my-properties`);
    const card = page.locator(`#listing-${listingId} [data-testid="rejection-reason"]`);
    expect(await shownLines(card)).toEqual(want);
    expect(await card.innerText()).not.toContain(photos[other]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, AREA, `my-properties-${lang}-${viewport.width}`);

    await openApp(page, `${server.url}/edit-property/${listingId}`);
    const panel = page.getByTestId('status-rejection-reason');
    expect(await shownLines(panel)).toEqual(want);
    expect(await panel.innerText()).not.toContain(photos[other]);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, AREA, `edit-${lang}-${viewport.width}`);

    expect(errors).toEqual([]);
    // The listing is not public: the server answers its page 404 (it does not know the owner), the app then shows it
    // to its owner.
    await openApp(page, `${server.url}/property-details/${listingId}`);
    const details = page.getByTestId('details-rejection-reason');
    expect(await shownLines(details)).toEqual(want);
    expect(await details.innerText()).not.toContain(photos[other]);
    await details.scrollIntoViewIfNeeded();
    await shot(page, AREA, `details-${lang}-${viewport.width}`);

    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await ctx.close();
  }, 90_000);
});
