/**
 * Issue 24, a house-hunter's view of a listing and the map, in Arabic and English, at 390 and 1280 px:
 * the full-screen photo gallery (opened from the photo, next photo by swipe or arrow keys in the language's
 * direction, the WebP variant that fits the screen, Escape gives focus back), the phone's contact bar (a tel:
 * link, covering nothing, Call disabled on a rented listing, not shown to the owner), and on a desktop the list
 * of listings beside the map whose cards highlight their markers, with the map's zoom buttons and popup in
 * the visitor's language. Screenshots go to SHOTS_DIR/gallery-contact.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, axeFindings, builtFile, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, ROOT, shot, signIn, startServer, watchPage, type Lang, type RunningServer } from './harness.js';

const AREA = 'gallery-contact';
const ADMIN = { email: 'admin.gallery@example.test', password: 'admin-secret-123' };
/** Written as people in Yemen write a mobile number, without the country code: the Call link adds it. */
const PHONE = '777 444 555';
const BOX = 'min_lat=12.75&max_lat=12.85&min_lon=44.93&max_lon=45.13';

const locale = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/${ns}.json`), 'utf8')) as Record<string, unknown>;
const t = (lang: Lang, ns: string, key: string, vars: Record<string, string | number> = {}) => {
  let v: unknown = locale(lang, ns);
  for (const part of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
  return String(v).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k]));
};

let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
const ids = { gallery: 0, rented: 0, land: 0, office: 0, studio: 0 };
/** The gallery listing's photos: their variants' URLs by width. */
let variants: { width: number; url: string }[][] = [];

/** A photo 1800 px wide (so all three variants exist), a colour and a big number on it. */
async function photo(n: number, hue: string): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><rect width="1800" height="1200" fill="${hue}"/><text x="900" y="720" font-size="420" text-anchor="middle" fill="#fff" font-family="sans-serif">${n}</text></svg>`;
  const buf = await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
  return new Blob([new Uint8Array(buf)], { type: 'image/jpeg' });
}

async function upload(listingId: number, blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'photo.jpg');
  const r = await fetch(`${server.url}/api/v1/listings/${listingId}/upload-image/`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  if (r.status !== 201) throw new Error(`upload failed ${r.status} ${await r.text()}`);
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  owner = await registerUser(server, { first_name: 'Amal', last_name: 'Nasser', phone_number: PHONE });
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  const approve = async (id: number) => {
    const r = await api(server, 'POST', `/admin/listings/${id}/approve`, { token: admin });
    if (r.status !== 200) throw new Error(`approve failed: ${r.status}`);
  };
  ids.gallery = await createListing(server, owner.token, { title_en: 'Gallery flat', title_ar: 'شقة المعرض' }, { latitude: 12.8, longitude: 44.98 });
  for (const [i, hue] of ['#1f6f8b', '#b5651d', '#4a7c59'].entries()) await upload(ids.gallery, await photo(i + 1, hue));
  ids.rented = await createListing(server, owner.token, { title_en: 'Rented flat', title_ar: 'شقة مؤجرة' }, { latitude: 12.8, longitude: 45.08 });
  await upload(ids.rented, await photo(1, '#6c4a8b'));
  // Land: no rooms to count, and an area that needs a thousands separator.
  ids.land = await createListing(
    server,
    owner.token,
    { listing_type: 'FOR_SALE', title_en: 'Plot of land', title_ar: 'قطعة أرض', price: 40000 },
    { property_type: 'LAND', bedrooms: 0, bathrooms: 0, area_sqm: 1330, latitude: 12.8, longitude: 45.03 },
  );
  // Outside the map's box: an office and a studio flat, both with 0 bedrooms.
  ids.office = await createListing(server, owner.token, { title_en: 'Office suite', title_ar: 'مكتب' }, { property_type: 'OFFICE', bedrooms: 0, bathrooms: 1, latitude: 15.35, longitude: 44.2 });
  ids.studio = await createListing(server, owner.token, { title_en: 'Studio flat', title_ar: 'استوديو' }, { bedrooms: 0, bathrooms: 1, latitude: 15.36, longitude: 44.21 });
  for (const id of Object.values(ids)) await approve(id);
  const rented = await api(server, 'PATCH', `/listings/${ids.rented}`, { token: owner.token, body: { availability: 'rented' } });
  if (rented.status !== 200) throw new Error(`availability failed: ${rented.status}`);
  const listing = await api(server, 'GET', `/listings/${ids.gallery}`);
  variants = (listing.body.media as { variants: { width: number; url: string }[] }[]).map((m) => m.variants);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const counterText = (page: Page) => page.locator('.yarl__counter').textContent();
/** The variant the browser chose for the photo shown in the gallery. */
const shownSource = (page: Page) =>
  page.locator('.yarl__slide_current img').evaluate((img: HTMLImageElement) => (img.complete && img.currentSrc ? new URL(img.currentSrc).pathname : ''));
const focusInsideGallery = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.yarl__root')));

/** A one-finger swipe across the page (real touch events, which Chromium turns into pointer events too). */
async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / steps, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** 'reachable' when the centre of the element is what a tap there reaches (nothing fixed lies over it), else what is there. */
const reachable = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.bottom <= window.innerHeight + 0.5 && hit !== null && (hit === el || el.contains(hit))) return 'reachable';
    return `${el.outerHTML.slice(0, 120)} at ${Math.round(r.top)}–${Math.round(r.bottom)} of ${window.innerHeight}: ${hit?.outerHTML.slice(0, 160)}`;
  });

for (const lang of ['ar', 'en'] as const) {
  for (const [vp, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    describe(`gallery (${lang}, ${vp} px)`, () => {
      it('opens full screen from the photo, goes to the next photo in the reading direction, shows the variant that fits, closes with Escape', async () => {
        const ctx = await newContext(browser, { lang, viewport });
        const page = await ctx.newPage();
        const errors = watchPage(page);
        const chunks: string[] = [];
        page.on('request', (r) => chunks.push(r.url()));
        await openApp(page, `${server.url}/property-details/${ids.gallery}`);
        // The gallery's code is not part of the page until a photo is opened.
        expect(chunks.some((u) => /PhotoLightbox/.test(u))).toBe(false);

        const open = page.getByRole('button', { name: t(lang, 'details', 'gallery.open', { n: 1, total: 3 }) });
        await open.click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'details', 'lightbox.label', { title: lang === 'ar' ? 'شقة المعرض' : 'Gallery flat' }) });
        await dialog.waitFor();
        await expect.poll(() => counterText(page)).toMatch(/1\s*\/\s*3/);
        // The variant for this screen: 400 px wide on a 390 px phone, 1600 on a 1280 px desktop (device pixel ratio 1).
        const fits = (i: number) => variants[i]!.find((v) => v.width === (vp === '390' ? 400 : 1600))!.url;
        await expect.poll(() => shownSource(page)).toBe(fits(0));
        // Every control has a name in the page's language.
        for (const key of ['gallery.next', 'gallery.previous', 'lightbox.close', 'lightbox.zoomIn']) {
          expect(await dialog.getByRole('button', { name: t(lang, 'details', key) }).count()).toBe(1);
        }
        // Focus stays inside while it is open.
        await expect.poll(() => focusInsideGallery(page)).toBe(true);
        for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
        expect(await focusInsideGallery(page)).toBe(true);
        await page.waitForTimeout(300);
        await shot(page, AREA, `gallery-open-${lang}-${vp}`);
        expect(await axeFindings(page)).toEqual([]);

        // The next photo: a swipe towards the reading direction's start on a phone (right to left in English,
        // left to right in Arabic), the arrow key that points that way on a desktop.
        if (vp === '390') {
          const [from, to] = lang === 'ar' ? [60, 330] : [330, 60];
          await swipe(page, from, to, 420);
        } else {
          await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        }
        await expect.poll(() => counterText(page)).toMatch(/2\s*\/\s*3/);
        await expect.poll(() => shownSource(page)).toBe(fits(1));
        expect(await page.locator('.yarl__slide_current img').getAttribute('alt')).toBe(
          t(lang, 'details', 'gallery.photoAlt', { title: lang === 'ar' ? 'شقة المعرض' : 'Gallery flat', n: 2, total: 3 }),
        );
        await page.waitForTimeout(400);
        await shot(page, AREA, `gallery-next-${lang}-${vp}`);

        // Escape closes it, focus is back on the photo, and the carousel shows the photo seen last.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('carousel-open');
        await expect.poll(() => page.locator('[data-testid="carousel-counter"]').textContent()).toContain('2 / 3');
        expect(errors).toEqual([]);
        await ctx.close();
      });
    });
  }

  it(`counts an office's rooms without "0 bedrooms", a studio's with them (${lang}, 390 px)`, async () => {
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    const facts = async (id: number) => {
      await openApp(page, `${server.url}/property-details/${id}`);
      return page.getByRole('list', { name: t(lang, 'details', 'facts.label') }).locator('li').allTextContents();
    };
    const bedrooms = t(lang, 'details', 'facts.bedrooms');
    const office = await facts(ids.office);
    expect(office.some((f) => f.includes(t(lang, 'details', 'facts.bathrooms')))).toBe(true);
    expect(office.some((f) => f.includes(bedrooms))).toBe(false);
    const studio = await facts(ids.studio);
    expect(studio.find((f) => f.includes(bedrooms))?.replace(bedrooms, '').trim()).toBe('0');
    await ctx.close();
  });

  describe(`contact bar (${lang}, 390 px)`, () => {
    it('keeps Call (a tel: link) and Message within reach on a phone, and covers nothing', async () => {
      const ctx = await newContext(browser, { lang, viewport: MOBILE });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      const formCode = builtFile('src/features/contact/components/ContactOwnerForm.tsx');
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await openApp(page, `${server.url}/property-details/${ids.gallery}`);
      const bar = page.getByRole('region', { name: t(lang, 'details', 'contactBar.label') });
      await bar.waitFor();
      const call = bar.getByRole('link', { name: t(lang, 'details', 'contactBar.call') });
      expect(await call.getAttribute('href')).toBe('tel:+967777444555');
      // The form, far down the page, is the server's until the visitor comes near it: its code is not fetched yet.
      await page.waitForTimeout(1000);
      expect(await page.locator('#details-contact-form form textarea').count()).toBe(1);
      expect(fetched).not.toContain(formCode);
      // Fixed to the bottom edge of the screen.
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
      await shot(page, AREA, `contact-bar-${lang}-390`);
      expect(await axeFindings(page)).toEqual([]);

      // Message takes the visitor to the contact form, ready to type; the bar steps aside for the form.
      await bar.getByRole('button', { name: t(lang, 'details', 'contactBar.message') }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#details-contact-form') !== null)).toBe(true);
      await expect.poll(() => bar.isVisible()).toBe(false);
      // Now it is near: its code comes and the form is the app's, which checks what is sent.
      await expect.poll(() => fetched.includes(formCode)).toBe(true);
      await shot(page, AREA, `contact-bar-message-${lang}-390`);
      await expect
        .poll(async () => {
          await page.locator('#details-contact-form button[type="submit"]').click();
          return page.locator('#details-contact-form [aria-invalid="true"]').count();
        })
        .toBeGreaterThan(0);

      // At the very bottom of the page: the form's Send button and every footer link can be tapped.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(400);
      expect(await bar.isVisible()).toBe(false);
      const footerLinks = await page.locator('.site-footer a').count();
      expect(footerLinks).toBeGreaterThan(3);
      for (let i = footerLinks - 3; i < footerLinks; i++) {
        await page.locator('.site-footer a').nth(i).evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await page.waitForTimeout(300);
        expect(await reachable(page, `.site-footer a >> nth=${i}`)).toBe('reachable');
      }
      await shot(page, AREA, `contact-bar-bottom-${lang}-390`);
      // The form's last control, brought to the bottom edge of the screen: above the bar (or the bar is gone).
      await page.locator('#details-contact-form button[type="submit"]').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(400);
      expect(await reachable(page, '#details-contact-form button[type="submit"]')).toBe('reachable');

      // Back up the page the bar returns.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => bar.isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('stands under the verify-your-e-mail banner of a visitor who has not verified yet: both in view', async () => {
      const visitor = await registerUser(server, { first_name: 'Nada', last_name: 'Omar' });
      const ctx = await newContext(browser, { lang, viewport: MOBILE, token: visitor.token });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/property-details/${ids.gallery}`);
      const bar = page.getByRole('region', { name: t(lang, 'details', 'contactBar.label') });
      const banner = page.getByTestId('verify-banner');
      await Promise.all([bar.waitFor(), banner.waitFor()]);
      const bottom = (b: { y: number; height: number } | null) => Math.round(b!.y + b!.height);
      // The banner's bottom edge on the bar's top one, the bar on the screen's bottom edge.
      await expect.poll(async () => bottom(await banner.boundingBox()) - Math.round((await bar.boundingBox())!.y)).toBe(0);
      expect(bottom(await bar.boundingBox())).toBe(MOBILE.height);
      expect(await reachable(page, `[data-testid="verify-banner"] button`)).toBe('reachable');
      await shot(page, AREA, `contact-bar-verify-banner-${lang}-390`);
      // With the contact form on screen the bar steps aside, and the banner goes down to the bottom edge.
      await page.locator('#details-contact-form').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect.poll(() => bar.isVisible()).toBe(false);
      await expect.poll(async () => bottom(await banner.boundingBox())).toBe(MOBILE.height);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('disables Call with its reason on a rented listing, in the bar and on the page; the owner sees no bar', async () => {
      const ctx = await newContext(browser, { lang, viewport: MOBILE });
      const page = await ctx.newPage();
      await openApp(page, `${server.url}/property-details/${ids.rented}`);
      const bar = page.getByRole('region', { name: t(lang, 'details', 'contactBar.label') });
      await bar.waitFor();
      const call = bar.getByRole('button', { name: t(lang, 'details', 'contactBar.call') });
      expect(await call.isDisabled()).toBe(true);
      expect(await bar.getByRole('link', { name: t(lang, 'details', 'contactBar.call') }).count()).toBe(0);
      const reason = t(lang, 'details', 'contactBar.callClosed.rented');
      expect(await bar.textContent()).toContain(reason);
      // Its description is the reason, for screen readers too.
      const described = await call.getAttribute('aria-describedby');
      expect(await page.locator(`#${described}`).textContent()).toBe(reason);
      // The owner card keeps the number, no longer as a call link.
      expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
      expect(await page.locator('[data-testid="owner-call-closed"]').textContent()).toContain(reason);
      await shot(page, AREA, `contact-bar-rented-${lang}-390`);
      await ctx.close();

      const own = await newContext(browser, { lang, viewport: MOBILE, token: owner.token });
      const ownPage = await own.newPage();
      await openApp(ownPage, `${server.url}/property-details/${ids.gallery}`);
      await ownPage.locator('a[href^="/edit-property/"]').first().waitFor();
      expect(await ownPage.locator('[data-testid="contact-bar"]').count()).toBe(0);
      await own.close();
    });
  });

  describe(`map list (${lang}, 1280 px)`, () => {
    it('lists the listings in view beside the map; a hovered or focused card highlights its marker; controls and popup in the language', async () => {
      const ctx = await newContext(browser, { lang, viewport: DESKTOP });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/search-map?${BOX}`);
      const list = page.getByRole('region', { name: t(lang, 'map', 'list.title') });
      await list.waitFor();
      await expect.poll(() => list.locator('.map-result').count(), { timeout: 15_000 }).toBe(3);
      await page.locator('.search-map .manzil-pin').first().waitFor();
      // Beside the map, on the reading direction's start side.
      const listBox = (await list.boundingBox())!;
      const mapBox = (await page.locator('.search-map').boundingBox())!;
      expect(lang === 'ar' ? listBox.x > mapBox.x : listBox.x < mapBox.x).toBe(true);
      expect(Math.abs(listBox.y - mapBox.y)).toBeLessThan(4);

      const highlighted = () => page.locator('.search-map .is-highlighted').count();
      expect(await highlighted()).toBe(0);
      const card = list.locator(`[data-listing-id="${ids.land}"]`);
      await card.hover();
      await expect.poll(highlighted).toBe(1);
      const title = lang === 'ar' ? 'قطعة أرض' : 'Plot of land';
      expect(await page.locator('.search-map .is-highlighted').getAttribute('title')).toBe(title);
      await page.waitForTimeout(200);
      await shot(page, AREA, `map-list-hover-${lang}-1280`);
      expect(await axeFindings(page)).toEqual([]);
      await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + 20);
      await expect.poll(highlighted).toBe(0);
      // Keyboard: focusing a card's link does the same.
      await list.locator(`[data-listing-id="${ids.rented}"] a`).focus();
      await expect.poll(highlighted).toBe(1);
      expect(await page.locator('.search-map .is-highlighted').getAttribute('title')).toBe(lang === 'ar' ? 'شقة مؤجرة' : 'Rented flat');
      // The land's card: its area with a thousands separator, no rooms.
      const landText = await card.textContent();
      expect(landText).toContain(t(lang, 'map', 'facts.area', { value: '1,330' }));
      expect(landText).not.toMatch(/\b0\b/);

      // Leaflet's zoom buttons are named in the visitor's language.
      expect(await page.locator('.leaflet-control-zoom-in').getAttribute('aria-label')).toBe(t(lang, 'common', 'mapControls.zoomIn'));
      expect(await page.locator('.leaflet-control-zoom-out').getAttribute('title')).toBe(t(lang, 'common', 'mapControls.zoomOut'));

      // The land's popup: 1,330 m², no "0 beds" or "0 baths".
      await page.locator(`.search-map .manzil-pin[title="${title}"]`).click();
      const popup = page.locator('.map-popup');
      await popup.waitFor();
      const facts = await popup.locator('.map-popup-facts').textContent();
      expect(facts?.trim()).toBe(t(lang, 'map', 'facts.area', { value: '1,330' }));
      await page.waitForTimeout(300);
      await shot(page, AREA, `map-popup-land-${lang}-1280`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}
