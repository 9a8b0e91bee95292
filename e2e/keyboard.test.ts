/**
 * Keyboard only (issue 22), in Arabic and English: the spec's journeys done with Tab, Shift+Tab, Enter, Space,
 * arrows and typing, never the mouse: sign in and sign up in the modal, search with filters, contact an owner
 * from the details page, publish a listing. Every element Tab stops on must show where focus is; the sign-in
 * and delete-account dialogs and the mobile menu keep Tab inside and give focus back when they close, and the
 * mobile menu closes on Escape. Numbers typed with Arabic-Indic digits (DESIGN §5) are taken as typed: price,
 * area and rooms of a listing, the search's prices, and the phone at sign-up and on the contact page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, transitionsEnded, type Lang, type RunningServer, createListing } from './harness';
import { locale, pick } from './locales';

const AREA = 'keyboard';
const ADMIN = { email: 'admin.keyboard@example.test', password: 'admin-keyboard-secret' };

let server: RunningServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;
let listingId = 0;

/** Arabic-Indic digits of a number written with 0-9 (٠١٢٣٤٥٦٧٨٩). */
const indic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  adminToken = await signIn(server, ADMIN.email, ADMIN.password);
  owner = await registerUser(server, { first_name: 'Huda', last_name: 'Owner' });
  // What the search finds: a flat to rent in Aden, 2 bedrooms, 300 USD a month.
  listingId = await createListing(server, owner.token, { title_ar: 'شقة للوحة المفاتيح', title_en: 'Keyboard flat', price: 300 }, { area_sqm: 110, bedrooms: 2, bathrooms: 1 });
  await api(server, 'POST', `/admin/listings/${listingId}/approve`, { token: adminToken });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------------------------
// Moving with the keyboard

interface Stop {
  matches: boolean;
  /** How the focused element reads in a failure message. */
  what: string;
  /** It (or its label, for a visually hidden radio) draws an outline or a ring, and has a size on screen. */
  shown: boolean;
  inDialog: string | null;
}

/** The focused element: whether it matches `selector` (and `text`, when given), and whether focus shows on it. */
function stopAt(page: Page, selector: string, text?: string): Promise<Stop> {
  return page.evaluate(
    ([sel, txt]) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { matches: false, what: 'the page itself', shown: false, inDialog: null };
      const own = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const matches = el.matches(sel) && (!txt || own === txt || el.getAttribute('aria-label') === txt);
      // The element, its label (a radio hidden inside a button-like label) and its parent (styled with :has()).
      const drawn = [el, ...(el.id ? [...document.querySelectorAll(`label[for="${CSS.escape(el.id)}"]`)] : []), ...(el.parentElement ? [el.parentElement] : [])];
      const shown = drawn.some((c) => {
        const cs = getComputedStyle(c);
        const r = c.getBoundingClientRect();
        const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
        return ring && r.width > 2 && r.height > 2;
      });
      const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}> "${(el.getAttribute('aria-label') ?? own).slice(0, 60)}"`;
      const dialog = el.closest('[role="dialog"], .modal');
      return { matches, what, shown, inDialog: dialog ? (dialog.id || dialog.className) : null };
    },
    [selector, text ?? ''] as const,
  );
}

/** Where focus was seen without any mark, per journey. */
let unmarked: string[] = [];

/**
 * Presses Tab (Shift+Tab with `back`) until focus is on an element matching `selector` (and `text`), at most
 * `max` times; each stop on the way must show focus.
 */
async function tabTo(page: Page, selector: string, opts: { text?: string; back?: boolean; max?: number } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (opts.max ?? 80); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const stop = await stopAt(page, selector, opts.text);
    seen.push(stop.what);
    if (!stop.shown) unmarked.push(`${stop.what} (on the way to ${selector}, after ${seen.at(-2) ?? 'the start'})`);
    if (stop.matches) return;
  }
  throw new Error(`${selector}${opts.text ? ` "${opts.text}"` : ''} not reached with ${opts.max ?? 80} presses of ${opts.back ? 'Shift+Tab' : 'Tab'}; went through:\n${seen.join('\n')}`);
}

/** Tab and Shift+Tab, `n` times each, never leave the dialog `inside` (a selector) and every stop shows focus. */
async function expectTrapped(page: Page, inside: string, n = 14) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(key);
      const ok = await page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), inside);
      const stop = await stopAt(page, '*');
      expect(ok, `${key} ×${i + 1} left ${inside} for ${stop.what}`).toBe(true);
      if (!stop.shown) unmarked.push(stop.what);
    }
  }
}

const focusedMatches = (page: Page, selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

/** Waits until the modal has faded in (react-bootstrap moves focus into it once shown). */
const modalShown = async (page: Page) => {
  await page.locator('.modal.show').first().waitFor({ state: 'attached' });
  await transitionsEnded(page);
};

function texts(lang: Lang) {
  const trees = Object.fromEntries(['account', 'search', 'contact', 'owner', 'common'].map((ns) => [ns, locale(lang, ns)]));
  return (ns: string, key: string) => pick(trees[ns]!, key);
}

describe.each<Lang>(['ar', 'en'])('keyboard only (%s)', (lang) => {
  const t = texts(lang);

  it('signs in from the navbar; the sign-in and delete-account dialogs keep focus inside and give it back', async () => {
    unmarked = [];
    const user = await registerUser(server, { first_name: 'Keys', last_name: lang.toUpperCase() });
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');

    // The first Tab stop is the skip link, shown when focused; it takes focus to the page's content.
    await page.keyboard.press('Tab');
    expect(await focusedMatches(page, 'a.skip-link')).toBe(true);
    await expect.poll(() => page.locator('a.skip-link').evaluate((a) => a.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await shot(page, AREA, `skip-link-${lang}-1280`);

    await tabTo(page, '[data-testid="nav-sign-in"]');
    await shot(page, AREA, `sign-in-button-focused-${lang}-1280`);
    await page.keyboard.press('Enter');
    await modalShown(page);
    expect(await focusedMatches(page, '.modal input[type="email"]')).toBe(true);
    await expectTrapped(page, '.modal');
    await page.keyboard.press('Escape');
    await page.locator('.modal').waitFor({ state: 'detached' });
    expect(await focusedMatches(page, '[data-testid="nav-sign-in"]')).toBe(true);

    // Sign in: type, Tab, type, Enter.
    await page.keyboard.press('Enter');
    await modalShown(page);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.locator('.modal').waitFor({ state: 'detached' });
    // Focus goes on to the account menu that replaced the Sign in button.
    await expect.poll(() => focusedMatches(page, '[data-testid="user-menu"]')).toBe(true);

    // The account menu by keyboard: Enter opens it on its first item, Tab reaches Delete Account.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '.account-menu a')).toBe(true);
    await shot(page, AREA, `account-menu-focused-${lang}-1280`);
    await tabTo(page, '.account-menu button', { text: t('account', 'menu.deleteAccount'), max: 10 });
    await page.keyboard.press('Enter');
    await modalShown(page);
    await expectTrapped(page, '.modal');
    await shot(page, AREA, `delete-account-focused-${lang}-1280`);
    await page.keyboard.press('Escape');
    await page.locator('.modal').waitFor({ state: 'detached' });
    await expect.poll(() => focusedMatches(page, '[data-testid="user-menu"]')).toBe(true);
    // Escape closes the account menu and leaves focus on its button.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '.account-menu a')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('.account-menu').count()).toBe(0);
    expect(await focusedMatches(page, '[data-testid="user-menu"]')).toBe(true);

    expect(unmarked).toEqual([]);
    await ctx.close();
  });

  it('signs up with the phone in Arabic-Indic digits', async () => {
    unmarked = [];
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    await tabTo(page, '[data-testid="nav-sign-in"]');
    await page.keyboard.press('Enter');
    await modalShown(page);
    await tabTo(page, '.modal-footer button', { text: t('account', 'modal.toRegister'), max: 20 });
    await page.keyboard.press('Enter');
    await page.locator('.modal input[autocomplete="given-name"]').waitFor();
    await expect.poll(() => focusedMatches(page, 'input[autocomplete="given-name"]')).toBe(true);
    const email = `keys.signup.${lang}.${Date.now()}@example.test`;
    for (const [value, next] of [
      ['Amal', true],
      ['Saeed', true],
      [email, true],
      [`+${indic('967 777 123 456')}`, true],
      ['secret123', true],
      ['secret123', false],
    ] as const) {
      await page.keyboard.type(value);
      if (next) await page.keyboard.press('Tab');
    }
    await shot(page, AREA, `sign-up-indic-phone-${lang}-1280`);
    await page.keyboard.press('Enter');
    await page.locator('.modal').waitFor({ state: 'detached' });
    await expect.poll(() => focusedMatches(page, '[data-testid="user-menu"]')).toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await api(server, 'GET', '/users/me', { token: token! });
    expect(me.body.email).toBe(email);
    expect(me.body.phone_number).toBe('+967 777 123 456');
    expect(unmarked).toEqual([]);
    await ctx.close();
  });

  it('searches with filters (prices in Arabic-Indic digits), opens a result and messages its owner', async () => {
    unmarked = [];
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/search-list');
    await page.locator('article.listing-card').first().waitFor();

    // Rent, then the property type by arrow, the price range typed in Arabic-Indic digits, 2 bedrooms, Apply.
    await tabTo(page, '.filters-sidebar button', { text: t('search', 'forRent') });
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.filters-sidebar button[aria-pressed="true"]').first().textContent()).toBe(t('search', 'forRent'));
    await tabTo(page, '#f-type');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#f-type').inputValue()).toBe('APARTMENT');
    await tabTo(page, '#f-pmin');
    await page.keyboard.type(indic('100'));
    await page.keyboard.press('Tab');
    expect(await focusedMatches(page, '#f-pmax')).toBe(true);
    await page.keyboard.type(indic('500'));
    await tabTo(page, '.filter-rooms button', { text: '2' });
    await page.keyboard.press('Space');
    await tabTo(page, '.filters-sidebar button[type="submit"]');
    await shot(page, AREA, `filters-apply-focused-${lang}-1280`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('bedrooms') === '2' && url.searchParams.get('price_max') === '500');
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ listing_type: expect.stringMatching(/^(rent|FOR_RENT)$/), property_type: 'APARTMENT', price_min: '100', price_max: '500', bedrooms: '2' });
    const title = lang === 'ar' ? 'شقة للوحة المفاتيح' : 'Keyboard flat';
    // The filtered answer, not the previous one kept on screen while it loads (its nodes are replaced).
    await page.locator('[aria-busy="false"] article.listing-card', { hasText: title }).waitFor();

    // On from the filters to the result's title link; Enter opens the listing.
    await tabTo(page, 'article.listing-card a[href^="/property-details/"]', { text: title });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/property-details/${listingId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Focus starts at the new page's content; on to the contact form: name, e-mail, (past the optional phone)
    // message, Enter on Send.
    await expect.poll(() => focusedMatches(page, 'main')).toBe(true);
    await page.locator('.contact-owner-card input[autocomplete="name"]').waitFor();
    await tabTo(page, '.contact-owner-card input[autocomplete="name"]', { max: 40 });
    await page.keyboard.type('Khalid');
    await page.keyboard.press('Tab');
    await page.keyboard.type('khalid@example.test');
    await tabTo(page, '.contact-owner-card textarea', { max: 2 });
    await page.keyboard.type(lang === 'ar' ? 'هل الشقة متاحة الشهر القادم؟' : 'Is the flat free next month?');
    await tabTo(page, '.contact-owner-card button[type="submit"]', { max: 3 });
    await page.keyboard.press('Enter');
    await page.locator('.contact-owner-card .alert-success').waitFor();
    await shot(page, AREA, `contact-owner-sent-${lang}-1280`);
    expect(unmarked).toEqual([]);
    await ctx.close();
  });

  it('writes to the platform with the phone in Arabic-Indic digits', async () => {
    const ctx = await newContext(browser, { lang, viewport: DESKTOP });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/contact');
    // The form arrives with its page's chunk, after the layout: a person starts tabbing once they see it.
    await page.locator('.contact-form input[autocomplete="name"]').waitFor();
    unmarked = [];
    await tabTo(page, '.contact-form input[autocomplete="name"]', { max: 40 });
    await page.keyboard.type('Mona');
    await tabTo(page, '.contact-form input[type="tel"]', { max: 3 });
    await page.keyboard.type(indic('777 123 456'));
    await tabTo(page, '.contact-form textarea', { max: 3 });
    await page.keyboard.type(lang === 'ar' ? 'أرجو الاتصال بي بخصوص الإعلانات.' : 'Please call me about listing my flat.');
    await tabTo(page, '.contact-form button[type="submit"]', { max: 3 });
    await page.keyboard.press('Enter');
    await page.locator('.alert-success').waitFor();
    expect(unmarked).toEqual([]);
    await ctx.close();
  });

  it('publishes a listing with price, area and rooms in Arabic-Indic digits', async () => {
    unmarked = [];
    const ctx = await newContext(browser, { lang, viewport: DESKTOP, token: owner.token });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/add-property');
    await page.locator('[data-testid="listing-form"]').waitFor();
    const title = `Keys ${lang} ${Date.now()}`;

    // For rent: the checked radio is the group's Tab stop, an arrow moves the choice.
    await tabTo(page, 'input[name="listing_type"]');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('input[name="listing_type"]:checked').inputValue()).toBe('FOR_RENT');
    const typeInto = async (selector: string, value: string) => {
      await tabTo(page, selector, { max: 12 });
      await page.keyboard.type(value);
    };
    await typeInto('[data-testid="input-title_ar"]', `شقة ${title}`);
    await typeInto('[data-testid="input-title_en"]', `Flat ${title}`);
    await typeInto('[data-testid="input-description_ar"]', 'شقة مشمسة بثلاث غرف نوم قريبة من السوق.');
    await typeInto('[data-testid="input-price"]', indic('35000'));
    await typeInto('[data-testid="input-area_sqm"]', indic('120'));
    await typeInto('[data-testid="input-bedrooms"]', indic('3'));
    await typeInto('[data-testid="input-bathrooms"]', indic('2'));
    // Governorate, then district: an arrow picks the first of each list.
    await tabTo(page, '[data-testid="select-governorate"]', { max: 12 });
    await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[data-testid="select-governorate"]')?.options.length ?? 0) > 1);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => {
      const s = document.querySelector<HTMLSelectElement>('[data-testid="select-district"]');
      return s && !s.disabled && s.options.length > 1;
    });
    await tabTo(page, '[data-testid="select-district"]', { max: 3 });
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('[data-testid="select-district"]').inputValue()).not.toBe('');
    await shot(page, AREA, `add-property-indic-${lang}-1280`);
    await tabTo(page, '[data-testid="submit-listing"]', { max: 60 });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="form-banner"].alert-success').waitFor({ timeout: 30_000 });

    const mine = await api(server, 'GET', '/listings/my-listings', { token: owner.token });
    const saved = mine.body.items.find((l: { title_en: string }) => l.title_en === `Flat ${title}`);
    expect(saved).toMatchObject({ listing_type: 'FOR_RENT', price: 35000 });
    expect(saved.property).toMatchObject({ area_sqm: 120, bedrooms: 3, bathrooms: 2 });
    expect(unmarked).toEqual([]);
    await ctx.close();
  });

  it('on a phone: the menu opens from its button, keeps Tab inside, closes on Escape and gives focus back', async () => {
    unmarked = [];
    const ctx = await newContext(browser, { lang, viewport: MOBILE });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/');
    await tabTo(page, '.nav-toggler', { max: 6 });
    await page.keyboard.press('Enter');
    await page.locator('#mobile-menu.open').waitFor();
    await expect.poll(() => focusedMatches(page, '#mobile-menu .btn-close')).toBe(true);
    await expectTrapped(page, '#mobile-menu', 16);
    await shot(page, AREA, `mobile-menu-focused-${lang}-390`);
    await page.keyboard.press('Escape');
    await page.locator('#mobile-menu.open').waitFor({ state: 'detached' });
    expect(await focusedMatches(page, '.nav-toggler')).toBe(true);
    expect(unmarked).toEqual([]);
    await ctx.close();
  });
});
