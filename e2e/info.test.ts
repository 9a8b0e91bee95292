/**
 * Info pages journey: every info page renders its own content in Arabic (rtl) and English (ltr), on a
 * desktop and a phone, with screenshots of each into SHOTS_DIR/info/. The FAQ opens its first question
 * and toggles the others; privacy links to the Facebook data-deletion page; /About is /about.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newContext, ROOT, shot, startServer, watchPage, type Lang, type RunningServer, openApp } from './harness.js';

const locale = (lang: Lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `apps/web/src/i18n/locales/${lang}/info.json`), 'utf8'));
const TEXT = { ar: locale('ar'), en: locale('en') };

/** Each page, the heading it must show and one more piece of its own text. */
const PAGES: { path: string; name: string; h1: (t: any) => string; text: (t: any) => string }[] = [
  { path: '/faq', name: 'faq', h1: (t) => t.faq.title, text: (t) => t.faq.items[0].a },
  { path: '/about', name: 'about', h1: (t) => t.about.title, text: (t) => t.about.team[1].role },
  { path: '/About', name: 'About', h1: (t) => t.about.title, text: (t) => t.about.blocks[3].title },
  { path: '/privacy-policy', name: 'privacy', h1: (t) => t.privacy.title, text: (t) => t.privacy.sections[6].items[3] },
  { path: '/terms-of-service', name: 'terms', h1: (t) => t.terms.title, text: (t) => t.terms.sections[8].paragraphs[0] },
  { path: '/facebook-data-deletion', name: 'facebook', h1: (t) => t.facebook.title, text: (t) => t.facebook.sections[0].items[3] },
  { path: '/advisor', name: 'advisor', h1: (t) => t.advisor.title, text: (t) => t.advisor.articles[0].points[0] },
  { path: '/news', name: 'news', h1: (t) => t.news.title, text: (t) => t.news.items[3].title },
  { path: '/news-details?id=launch', name: 'news-details', h1: (t) => t.news.items[3].title, text: (t) => t.news.items[3].body[1] },
  { path: '/user-list', name: 'user-list', h1: (t) => t.userList.title, text: (t) => t.userList.paragraphs[0] },
  { path: '/error', name: 'error', h1: () => '', text: (t) => t.error.help },
];

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

describe.each([
  ['ar', 'desktop', DESKTOP],
  ['en', 'desktop', DESKTOP],
  ['ar', 'mobile', MOBILE],
  ['en', 'mobile', MOBILE],
] as const)('info pages in %s on %s', (lang, device, viewport) => {
  it('render their own content in the right direction, without errors or sideways scrolling', async () => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    const errors = watchPage(page);
    const t = TEXT[lang];
    for (const p of PAGES) {
      await openApp(page, server.url + p.path);
      await page.locator('main h1').first().waitFor();
      const h1 = (await page.locator('main h1').first().textContent())!.trim();
      if (p.h1(t)) expect(h1, p.path).toBe(p.h1(t));
      else expect(h1.length, p.path).toBeGreaterThan(0);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 5000 }).toContain(p.text(t).slice(0, 40));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      // Nothing pushes the page sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), p.path).toBeLessThanOrEqual(viewport.width);
      // The title follows the page.
      if (p.h1(t)) expect(await page.title()).toContain(p.h1(t));
      await page.waitForFunction(() => !document.getElementById('preloader')); // its fade-out is not part of the page
      await shot(page, 'info', `${p.name}-${lang}-${device}`, true);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('info page behaviour', () => {
  it('FAQ: first answer open, others open on click and by keyboard, RTL text aligned to the right', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/faq');
    const buttons = page.locator('.faq-accordion .accordion-button');
    await buttons.first().waitFor();
    expect(await buttons.count()).toBe(TEXT.ar.faq.items.length);
    expect(TEXT.ar.faq.items.length).toBeGreaterThanOrEqual(12);
    await expect.poll(() => buttons.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await buttons.nth(1).getAttribute('aria-expanded')).toBe('false');
    await buttons.nth(1).click();
    await expect.poll(() => buttons.nth(1).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('.accordion-collapse.show').count()).toBe(1);
    // Keyboard: focus the third question and press Enter.
    await buttons.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => buttons.nth(2).getAttribute('aria-expanded')).toBe('true');
    const align = await buttons.nth(0).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const text = el.firstChild ? (() => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return r.getBoundingClientRect();
      })() : box;
      return { textRight: text.right, boxRight: box.right, boxLeft: box.left };
    });
    // The question text starts at the right edge of its button in Arabic.
    expect(align.boxRight - align.textRight).toBeLessThan(40);
    // The answers state that the service is free and that support hours are Sunday to Thursday.
    const all = TEXT.en.faq.items.map((i: { a: string }) => i.a).join(' ');
    expect(all).toContain('free');
    expect(all).toContain('Sunday to Thursday, 8:00 to 18:00');
    expect(all).toContain('AI-powered');
    expect(all).toContain('By e-mail');
    await ctx.close();
  });

  it('privacy links to the Facebook data-deletion page, which states the spec text', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/privacy-policy');
    // The footer says "Last updated" too: the page's own line is in main.
    await page.locator('#main-content').getByText('Last updated: 4 September 2025').waitFor();
    await page.locator('main a[href="/facebook-data-deletion"]').click();
    await page.waitForURL('**/facebook-data-deletion');
    await page.locator('main h1', { hasText: TEXT.en.facebook.title }).waitFor();
    const text = await page.locator('main').innerText();
    for (const s of ['profile name', 'e-mail address', 'profile picture', 'Facebook user ID', 'Delete account', 'within 30 days', 'confirmation e-mail', 'does not delete your property listings', '24 to 48 hours']) {
      expect(text).toContain(s);
    }
    await ctx.close();
  });

  it('terms state the 30-day notice; about shows four numbered blocks and two team members with generated avatars', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/terms-of-service');
    await page.getByText('at least 30 days before they take effect', { exact: false }).waitFor();
    await openApp(page, server.url + '/About');
    await page.locator('.about-block').first().waitFor();
    expect(await page.locator('.about-block').count()).toBe(4);
    expect(await page.locator('.about-num').allTextContents()).toEqual(['01', '02', '03', '04']);
    expect(await page.locator('.team-card').count()).toBe(2);
    expect(await page.locator('.team-card svg.initials-avatar').count()).toBe(2);
    expect(await page.locator('.team-card img').count()).toBe(0);
    await ctx.close();
  });

  it('a shared link with ?lang=en opens in English even for an Arabic visitor, and the choice sticks', async () => {
    const ctx = await newContext(browser, { lang: 'ar', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/faq?lang=en');
    await page.locator('main h1', { hasText: TEXT.en.faq.title }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await ctx.close();
  });

  it('news details: an unknown id falls back to the latest announcement with a note', async () => {
    const ctx = await newContext(browser, { lang: 'en', viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/news');
    await page.getByRole('link', { name: TEXT.en.news.items[1].title }).click();
    await page.waitForURL('**/news-details?id=sold-rented');
    await page.locator('main h1', { hasText: TEXT.en.news.items[1].title }).waitFor();
    await openApp(page, server.url + '/news-details?id=nope');
    await page.getByText(TEXT.en.news.notFound).waitFor();
    expect(await page.locator('main h1').textContent()).toBe(TEXT.en.news.items[0].title);
    await ctx.close();
  });
});
