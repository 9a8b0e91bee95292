/**
 * Foundation journey: the app shell renders right-to-left in Arabic by default, switching to English flips
 * direction and stylesheet without a reload and survives one, the mobile menu follows its rules, and the
 * 404 and route-case rules hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, ROOT, MOBILE, newContext, openApp, type RunningServer, shot, startServer, waitForApp, watchPage, watchTakeover } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function docState(page: Page) {
  return page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    bodyClass: document.body.className,
    bootstrap: (document.getElementById('bootstrap-css') as HTMLLinkElement | null)?.href ?? '',
  }));
}

describe('app shell', () => {
  it('renders Arabic right-to-left by default, flips to English left-to-right, and keeps it after reload', async () => {
    const ctx = await newContext(browser, { lang: undefined as never, viewport: DESKTOP });
    // No stored language: Arabic is the default.
    await ctx.addInitScript(() => localStorage.removeItem('i18nextLng'));
    const page = await ctx.newPage();
    const errors = watchPage(page);
    await openApp(page, server.url + '/');
    let s = await docState(page);
    expect(s).toMatchObject({ dir: 'rtl', lang: 'ar' });
    expect(s.bodyClass).toContain('lang-ar');
    expect(s.bootstrap).toMatch(/rtl/);
    // The brand sits on the right in RTL.
    const brandAr = await page.locator('header .brand').boundingBox();
    expect(brandAr!.x).toBeGreaterThan(DESKTOP.width / 2);
    await shot(page, 'shell', 'home-ar-desktop');

    await page.locator('header .lang-switch-btn[lang="en"]').first().click();
    await expect.poll(async () => (await docState(page)).dir).toBe('ltr');
    // The new stylesheet replaces the old one once it has loaded (no unstyled flash).
    await expect.poll(async () => (await docState(page)).bootstrap).not.toMatch(/rtl/);
    s = await docState(page);
    expect(s).toMatchObject({ dir: 'ltr', lang: 'en' });
    expect(s.bodyClass).toContain('lang-en');
    expect(s.bootstrap).not.toMatch(/rtl/);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    const brandEn = await page.locator('header .brand').boundingBox();
    expect(brandEn!.x).toBeLessThan(DESKTOP.width / 2);
    await shot(page, 'shell', 'home-en-desktop');

    // The init script removes the stored language on every navigation, so set it back the way a user's
    // earlier choice would be, then reload: English must survive.
    await ctx.clearCookies();
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await ctx.close();
    const ctx2 = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page2 = await ctx2.newPage();
    await openApp(page2, server.url + '/');
    await page2.reload();
    await waitForApp(page2);
    expect(await docState(page2)).toMatchObject({ dir: 'ltr', lang: 'en' });
    await ctx2.close();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('a ?lang in the address follows the language switch, so a reload or a shared link shows the language chosen', async () => {
    for (const [from, to, viewport] of [['ar', 'en', DESKTOP], ['en', 'ar', MOBILE]] as const) {
      const ctx = await newContext(browser, { lang: from, viewport });
      const page = await ctx.newPage();
      const errors = watchPage(page);
      await openApp(page, `${server.url}/search-list?lang=${from}&bedrooms=2`);
      expect(await docState(page)).toMatchObject({ lang: from });
      if (viewport === MOBILE) await page.locator('.nav-toggler').click();
      await page.locator(`${viewport === MOBILE ? '#mobile-menu' : 'header'} .lang-switch-btn[lang="${to}"]`).first().click();
      await expect.poll(async () => (await docState(page)).lang).toBe(to);
      await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe(to);
      // The page's other parameters stay.
      expect(new URL(page.url()).searchParams.get('bedrooms')).toBe('2');
      // A visitor without the choice on their device (a shared link) gets the language on screen.
      const ctx2 = await newContext(browser, { lang: from, viewport });
      const page2 = await ctx2.newPage();
      await openApp(page2, page.url());
      expect(await docState(page2)).toMatchObject({ lang: to, dir: to === 'ar' ? 'rtl' : 'ltr' });
      await ctx2.close();
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await ctx.close();
    }
  });

  it('mobile menu locks scrolling, closes on route change and at desktop width', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const ctx = await newContext(browser, { lang, viewport: MOBILE });
      const page = await ctx.newPage();
      // The server's page shows the button at once; it works once the app has hydrated the page.
      await openApp(page, server.url + '/faq');
      await page.locator('.nav-toggler').click();
      await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await expect.poll(() => page.locator('#mobile-menu').getAttribute('class')).toContain('open');
      await shot(page, 'shell', `menu-${lang}-mobile`);
      await page.locator('#mobile-menu a[href="/contact"]').click();
      await expect.poll(() => page.locator('#mobile-menu').getAttribute('class')).not.toContain('open');
      expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/contact');
      // The page itself, not only its URL: a menu opened while the page is still arriving closes when it does.
      await page.locator('main form.contact-form').waitFor();
      await page.locator('.nav-toggler').click();
      await expect.poll(() => page.locator('#mobile-menu').getAttribute('class')).toContain('open');
      await page.setViewportSize({ width: 1000, height: 800 });
      await expect.poll(() => page.locator('#mobile-menu').getAttribute('class')).not.toContain('open');
      await shot(page, 'shell', `home-${lang}-mobile`);
      await ctx.close();
    }
  });

  it('shows a 404 page with Go Back (HTTP 404), matches routes case-insensitively, and serves deep links', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/no/such/page');
    expect(res?.status()).toBe(404);
    const back = page.locator('a[href="/"]', { hasText: /go back/i });
    await back.first().waitFor();
    await shot(page, 'shell', '404-en');
    await openApp(page, server.url + '/FAQ');
    await expect.poll(() => page.locator('h1').first().textContent()).not.toMatch(/not found/i);
    await ctx.close();
  });

  it('answers unknown API paths with JSON 404 even with the web app served', async () => {
    const r = await fetch(server.url + '/api/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ detail: 'Not Found' });
    const gov = await (await fetch(server.url + '/api/v1/locations/governorates/')).json();
    expect(gov).toHaveLength(22);
  });
});

/**
 * Issues 8 and 23: the server renders `/` in the visitor's language (a chosen language, ?lang=en or the
 * browser's, never Arabic first for an English visitor), readable before any JavaScript of the app runs and
 * without the full-screen preloader; React then hydrates it: the same nodes, nothing moves.
 */
describe('home rendered on the server', () => {
  const titles = { ar: 'ابحث عن بيتك القادم في اليمن', en: 'Find your next home in Yemen' };
  const cases = [
    { name: 'Arabic by default', lang: 'ar' as const, query: '', stored: false },
    { name: 'English chosen before (stored, no cookie yet)', lang: 'en' as const, query: '', stored: true },
    { name: 'English from ?lang=en', lang: 'en' as const, query: '?lang=en', stored: false },
  ];

  for (const c of cases) {
    it(`${c.name}: the hero shows with the app's scripts blocked, only in that language`, async () => {
      for (const viewport of [DESKTOP, MOBILE]) {
        const ctx = await newContext(browser, { lang: c.stored ? 'en' : 'ar', viewport, serviceWorkers: 'block' });
        if (!c.stored) await ctx.addInitScript(() => localStorage.removeItem('i18nextLng'));
        const page = await ctx.newPage();
        await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
        await page.goto(server.url + '/' + c.query);
        const h1 = page.locator('h1:visible');
        await expect.poll(() => h1.count()).toBe(1);
        expect(await h1.textContent()).toBe(titles[c.lang]);
        expect(await docState(page)).toMatchObject({ lang: c.lang, dir: c.lang === 'ar' ? 'rtl' : 'ltr' });
        expect(await page.locator('#preloader').count()).toBe(0);
        // Nor the preloader's style: bytes every rendered page would carry for nothing.
        expect(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('#preloader')))).toBe(false);
        expect(await page.locator('.hero-search:visible').count()).toBe(1);
        expect(await page.locator('header .brand:visible').count()).toBe(1);
        // Styled: the hero's background and the navbar's height come from the stylesheets.
        expect(await page.locator('.home-hero:visible').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
        await shot(page, 'shell', `home-static-${c.lang}${c.query ? '-query' : ''}-${viewport.width}`);
        await ctx.close();
      }
    });
  }

  it('a signed-in visitor is not offered "Sign in" by the server\'s page; a visitor without a session is', async () => {
    for (const token of ['stored-session-token', '']) {
      const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP, token, serviceWorkers: 'block' });
      const page = await ctx.newPage();
      await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
      await page.goto(server.url + '/');
      await page.locator('h1:visible').waitFor();
      expect(await page.locator('.nav-actions [data-testid="nav-sign-in"]').isVisible()).toBe(!token);
      await ctx.close();
    }
  });

  it('React hydrates the page in place: the same hero node, same position, no layout shift, no error', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const ctx = await newContext(browser, { lang, viewport: MOBILE });
      const page = await ctx.newPage();
      const takeover = await watchTakeover(page, { element: 'h1' });
      const errors = watchPage(page);
      const html = await (await fetch(`${server.url}/?lang=${lang}`)).text();
      // One language in the HTML: the other's hero title is not there.
      expect(html).toContain(titles[lang]);
      expect(html).not.toContain(titles[lang === 'ar' ? 'en' : 'ar']);
      await openApp(page, server.url + '/');
      const state = await takeover.read();
      expect(state.at).not.toBeNull();
      expect(state.sameNode).toBe(true);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').textContent()).toBe(titles[lang]);
      const appBox = await page.locator('h1').boundingBox();
      expect(Math.abs(appBox!.y - state.at!.y)).toBeLessThan(1);
      expect(Math.abs(appBox!.x - state.at!.x)).toBeLessThan(1);
      await page.waitForLoadState('networkidle');
      expect((await takeover.read()).cls).toBeLessThan(0.05);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});

describe('Arabic font', () => {
  // The build ships Noto Sans Arabic cut down to the Arabic block and a few more (vite.config.ts arabicFontSubset).
  it('the app loads the cut-down font, and Arabic text set in it looks exactly as in the full font', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const fonts: { url: string; body: Buffer }[] = [];
    page.on('response', async (r) => {
      if (/noto-sans-arabic-arabic-\d+-normal-[\w-]+\.woff2$/.test(r.url())) fonts.push({ url: r.url(), body: await r.body() });
    });
    await openApp(page, server.url + '/');
    await expect.poll(() => fonts.length).toBe(2);
    for (const f of fonts) expect(f.body.length).toBeLessThan(30 * 1024); // the package's files are 48-50 KB
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Arabic"', 'شقة'))).toBe(true);

    // Shaping survives the cut: joined letters, lam-alef, marks, digits, the Rial sign and ﷲ, regular and bold.
    const text = 'شقة للبيع في صنعاء، حي حدة — ٣ غرف وصالة. لا إله إلا الله. الإيجار ١٥٠٬٠٠٠ ﷼؛ فِيلَّا مُؤَثَّثَة. ئ ؤ ء آ أ إ ى ﻻ ﷲ ﷺ «مرحبًا» ؟ ٪ ۰۱۲ ڤ پ چ گ';
    const full = (w: number) => readFileSync(path.join(ROOT, `node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${w}-normal.woff2`)).toString('base64');
    // A blank page of its own: the app's page keeps the app's CSP, which allows no inline style or data: font.
    const blank = await ctx.newPage();
    const set = async (w400: string, w700: string) => {
      await blank.setContent(
        `<html dir="rtl"><style>@font-face{font-family:T;font-weight:400;src:url(data:font/woff2;base64,${w400})}@font-face{font-family:T;font-weight:700;src:url(data:font/woff2;base64,${w700})}` +
          `body{font-family:T,sans-serif;font-size:22px;margin:10px;width:880px}</style><p>${text}</p><p><b>${text}</b></p></html>`,
      );
      await blank.evaluate(() => document.fonts.ready);
      return blank.screenshot({ clip: { x: 0, y: 0, width: 900, height: 260 } });
    };
    const shipped = (w: number) => fonts.find((f) => f.url.includes(`-${w}-normal-`))!.body.toString('base64');
    const before = await set(full(400), full(700));
    const after = await set(shipped(400), shipped(700));
    expect(Buffer.compare(before, after)).toBe(0);
    await ctx.close();
  });
});

describe('Arabic font on an English page', () => {
  it('is not fetched: the few Arabic words there (the language switch) are set in the system font', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: MOBILE, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (/\.woff2$/.test(r.url())) fonts.push(new URL(r.url()).pathname);
    });
    await openApp(page, `${server.url}/?lang=en`);
    await page.waitForLoadState('networkidle');
    // The Arabic choice is on the page, and no Arabic web font came for it.
    expect(await page.locator('.lang-switch-btn[lang="ar"]').count()).toBeGreaterThan(0);
    expect(fonts.filter((f) => /noto-sans-arabic/.test(f))).toEqual([]);
    // The icons' font still comes, so this watched the page's fonts.
    expect(fonts.some((f) => /bootstrap-icons/.test(f))).toBe(true);
    await ctx.close();
  });
});

describe('Icon font', () => {
  // On a slow link the server's HTML paints before the icon font arrives (apps/web/build/bootstrap-icons.ts).
  it('while the icon font is on its way an icon is blank, not a box or a stray letter; then it shows', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
    const page = await ctx.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/bootstrap-icons-[\w-]+\.woff2$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not until "load": the page's load waits for the preloaded font held here.
    await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
    const icon = page.locator('header .btn i.bi').first();
    await icon.waitFor();
    // One colour over the icon's whole box: nothing drawn in it. Through CDP: Playwright's screenshots wait for
    // the page's fonts, which is the moment this test is about.
    const cdp = await ctx.newCDPSession(page);
    const inked = async () => {
      const box = (await icon.boundingBox())!;
      const { data } = (await cdp.send('Page.captureScreenshot', { format: 'png', clip: { ...box, scale: 1 } })) as { data: string };
      const { channels } = await sharp(Buffer.from(data, 'base64')).stats();
      return channels.slice(0, 3).some((c) => c.min !== c.max);
    };
    expect(await page.evaluate(() => [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'bootstrap-icons')?.status)).not.toBe('loaded');
    expect(await inked()).toBe(false);
    release();
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'bootstrap-icons' && f.status === 'loaded'));
    await expect.poll(inked).toBe(true);
    await ctx.close();
  });
});
