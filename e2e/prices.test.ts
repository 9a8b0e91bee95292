/**
 * Prices in the visitor's currency (issue 29) in Chromium, Arabic and English, at 390 and 1280 px. A flat in Aden
 * priced in rials, lowered once by its owner: its page shows the old price struck through (with "was" for screen
 * readers), the "price reduced" badge, the price per m², the price history and "≈" the price in dollars at Aden's
 * rate (GET /rates), with no hydration error; the currency switch beside the language switch (in the menu on a
 * phone; a select on a wide screen) turns "≈" into riyals, and the choice survives a reload; the home's price menu and the search's price
 * filters then read in riyals (and in rials at the chosen governorate's rate), the search still asking in dollars;
 * a visitor counting in the old notes' rials sees the Aden flat in them, named, and types price bounds in them.
 * Screenshots in SHOTS_DIR/prices/.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, createListing, DESKTOP, launchBrowser, MOBILE, newContext, openApp, registerUser, shot, signIn, startServer, until, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const AREA = 'prices';
const ADMIN = { email: 'admin.prices@example.test', password: 'admin-pass-123' };
let server: RunningServer;
let browser: Browser;
let flat: number;
/** A rent lowered from $500 to $450 a month. */
let rent: number;
let adenRate: number;
/** The old notes' zone (Sana'a), which a visitor may choose to count rials in. */
let oldZone: { id: number; yer_per_usd: number; name_en: string; name_ar: string };
let sarRate: number;

/** Intl's grouping with Western digits, as the app writes prices. */
const group = (n: number) => Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Three significant figures, as "≈" rounds. */
const roughly = (v: number) => {
  const unit = 10 ** (Math.floor(Math.log10(Math.abs(v))) - 2);
  return v >= 1000 ? Math.round(v / unit) * unit : Math.round(v);
};
const squash = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s+/g, ' ').trim();
/** What is seen of an element: its aria-hidden part where it has one beside words for screen readers. */
const seen = (l: Locator) =>
  l.evaluate((e) => ((e.querySelector(':scope > .visually-hidden') && e.querySelector(':scope > [aria-hidden="true"]')) || e).textContent ?? '').then(squash);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  const owner = await registerUser(server, { first_name: 'Huda', last_name: 'Owner' });
  const rates = await api(server, 'GET', '/rates');
  if (rates.status !== 200) throw new Error(`rates: ${rates.status}`);
  // Khor Maksar, Aden: createListing's district, in Aden's zone.
  adenRate = rates.body.zones.find((z: { governorate_ids: number[] }) => z.governorate_ids.includes(3)).yer_per_usd;
  sarRate = rates.body.national.SAR;
  oldZone = rates.body.zones.find((z: { governorate_ids: number[] }) => z.governorate_ids.includes(1));
  flat = await createListing(server, owner.token, { listing_type: 'FOR_SALE', price: 200_000_000, currency: 'YER', title_en: 'Flat in Khor Maksar', title_ar: 'شقة في خور مكسر' }, { area_sqm: 200 });
  const approve = () => api(server, 'POST', `/admin/listings/${flat}/approve`, { token: admin });
  if ((await approve()).status !== 200) throw new Error('approve failed');
  // The owner lowers it to what $100,000 is at Aden's rate: the old price is set and the change kept.
  const lowered = await api(server, 'PATCH', `/listings/${flat}`, { token: owner.token, body: { price: Math.round(100_000 * adenRate) } });
  if (lowered.status !== 200 || lowered.body.old_price !== 200_000_000) throw new Error(`lowering: ${lowered.status} ${JSON.stringify(lowered.body?.old_price)}`);
  if ((await approve()).status !== 200) throw new Error('approve failed');
  rent = await createListing(server, owner.token, { listing_type: 'FOR_RENT', price: 500, currency: 'USD', title_en: 'Flat to rent', title_ar: 'شقة للإيجار' });
  for (const body of [null, { price: 450 }]) {
    if (body && (await api(server, 'PATCH', `/listings/${rent}`, { token: owner.token, body })).status !== 200) throw new Error('lowering the rent failed');
    if ((await api(server, 'POST', `/admin/listings/${rent}/approve`, { token: admin })).status !== 200) throw new Error('approve failed');
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.concurrent.each<[Lang, { width: number; height: number }]>([
  ['ar', DESKTOP],
  ['en', DESKTOP],
  ['ar', MOBILE],
  ['en', MOBILE],
])('prices in the visitor’s currency (%s, %o)', (lang, viewport) => {
  const common = locale(lang, 'common');
  const search = locale(lang, 'search');
  const size = viewport.width;
  const mobile = size < 500;
  /** An amount as formatPrice writes it in this language, without the direction marks. */
  const money = (n: number, cur: 'USD' | 'SAR' | 'YER') =>
    lang === 'ar' ? `${group(n)} ${cur === 'USD' ? 'US$' : cur}` : cur === 'USD' ? `$${group(n)}` : `${cur} ${group(n)}`;

  /** Sets the visitor's currency: a select on a wide screen, buttons in the menu on a phone. */
  const setCurrency = async (page: Page, cur: 'USD' | 'SAR' | 'YER') => {
    if (mobile) {
      await page.locator('.nav-toggler').click();
      await page.locator(`#mobile-menu .currency-switch [data-currency="${cur}"]`).click();
      await page.locator('#mobile-menu .btn-close').click();
    } else {
      await page.selectOption('.nav-actions [data-testid="currency-select"]', cur);
    }
  };

  it('≈, price per m², the reduced price and its history; the switch, remembered; steps in the chosen currency', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page: Page = await ctx.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || (m.type() === 'warning' && /hydrat|did not match/i.test(m.text()))) problems.push(`${m.type()}: ${m.text()}`);
    });
    const text = (testid: string) => seen(page.locator(`.details-header [data-testid="${testid}"]`).first());

    // The listing: a visitor who never chose sees "≈" in dollars, at Aden's rate.
    await openApp(page, `${server.url}/property-details/${flat}`);
    const approxUsd = `≈ ${money(100_000, 'USD')}`;
    const oldNotesApprox = `≈ ${money(roughly(100_000 * oldZone.yer_per_usd), 'YER')} · ${lang === 'ar' ? oldZone.name_ar : oldZone.name_en}`;
    await until(() => text('price-approx'), approxUsd, 'approx in USD');
    expect(await text('price-per-sqm')).toBe(pick(common, 'prices.perSqm').replace('{{price}}', money((100_000 * adenRate) / 200, 'YER')));
    expect(await text('price-reduced')).toBe(pick(common, 'prices.reduced'));
    const old = page.locator('.details-header [data-testid="old-price"]');
    expect(await old.evaluate((e) => e.tagName)).toBe('DEL');
    // Screen readers hear "was" before the struck-through figure.
    expect(squash(await old.evaluate((e) => e.textContent ?? ''))).toBe(`${pick(common, 'prices.was')} ${money(200_000_000, 'YER')}`);
    await page.getByTestId('price-history').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('price-history').locator('li').count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, AREA, `details-usd-${lang}-${size}`);

    // Riyals from the switch, and still riyals after a reload.
    await setCurrency(page, 'SAR');
    const approxSar = `≈ ${money(roughly(100_000 * sarRate), 'SAR')}`;
    await until(() => text('price-approx'), approxSar, 'approx in SAR');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.appRendered === 'true');
    await until(() => text('price-approx'), approxSar, 'approx in SAR after reload');
    if (mobile) expect(await page.locator('#mobile-menu .currency-switch [data-currency="SAR"]').getAttribute('aria-pressed')).toBe('true');
    else expect(await page.locator('.nav-actions [data-testid="currency-select"]').inputValue()).toBe('SAR');
    await shot(page, AREA, `details-sar-${lang}-${size}`);
    if (mobile) {
      await page.locator('.nav-toggler').click();
      await page.locator('#mobile-menu .currency-switch').waitFor();
      await shot(page, AREA, `menu-${lang}-${size}`);
      await page.locator('#mobile-menu .btn-close').click();
    }

    // The home's price menu: the same dollar steps, written in riyals.
    await openApp(page, `${server.url}/`);
    const options = page.locator('#hero-price option');
    await until(
      async () => squash(await options.nth(1).innerText()),
      squash(pick(search, 'upTo').replace('{{price}}', `\u2066${money(100_000 * sarRate, 'SAR')}\u2069`)),
      'hero step in SAR',
    );
    expect(await options.nth(1).getAttribute('value')).toBe('100000');
    await shot(page, AREA, `home-sar-${lang}-${size}`);

    // The search: the card's "≈", and (in the sidebar, on a wide screen) the price filter typed in riyals, then in
    // rials at Aden's rate, the URL and the search staying in dollars.
    await openApp(page, `${server.url}/search-list?governorate_id=3&price_max=150000`);
    const card = page.locator(`article.listing-card:has(#listing-${flat}-title)`);
    await until(() => seen(card.getByTestId('price-approx')), approxSar, 'card approx in SAR');
    expect(squash(await card.getByTestId('price-reduced').innerText())).toBe(pick(common, 'prices.reduced'));
    expect(await seen(card.getByTestId('price-per-sqm'))).toContain(group((100_000 * adenRate) / 200));
    if (!mobile) {
      await until(() => page.getByTestId('price-unit').innerText(), pick(search, 'priceSAR'), 'filter unit SAR');
      expect(await page.locator('#f-pmax').inputValue()).toBe(String(150_000 * sarRate));
      await shot(page, AREA, `search-sar-${lang}-${size}`);
      await setCurrency(page, 'YER');
      await until(() => page.getByTestId('price-unit').innerText(), pick(search, 'priceYER'), 'filter unit YER');
      expect(await page.locator('#f-pmax').inputValue()).toBe(String(150_000 * adenRate));
      expect(new URL(page.url()).searchParams.get('price_max')).toBe('150000');
      // The chip says the same bound in rials.
      expect(squash(await page.getByTestId('filter-chips').innerText())).toContain(group(150_000 * adenRate));
      // A listing priced in rials needs no "≈" in rials.
      await until(() => seen(card.getByTestId('price-approx')), '', 'no approx for YER in YER');
      await shot(page, AREA, `search-yer-${lang}-${size}`);
      // Comparing in the rials one holds: old notes chosen, the Aden flat reads in them, named, and the bound typed
      // in them; the search still asks in dollars.
      await page.selectOption('#f-yer-zone', String(oldZone.id));
      await until(() => seen(card.getByTestId('price-approx')), oldNotesApprox, 'approx in old-note rials');
      expect(await page.locator('#f-pmax').inputValue()).toBe(String(150_000 * oldZone.yer_per_usd));
      expect(new URL(page.url()).searchParams.get('price_max')).toBe('150000');
      await shot(page, AREA, `search-yer-zone-${lang}-${size}`);
    } else {
      await shot(page, AREA, `search-sar-${lang}-${size}`);
      // On a phone the choice of rials is in the menu, under the currency.
      await page.locator('.nav-toggler').click();
      await page.locator('#mobile-menu .currency-switch [data-currency="YER"]').click();
      await page.selectOption('#menu-yer-zone', String(oldZone.id));
      await shot(page, AREA, `menu-yer-zone-${lang}-${size}`);
      await page.locator('#mobile-menu .btn-close').click();
      await until(() => seen(card.getByTestId('price-approx')), oldNotesApprox, 'approx in old-note rials');
    }
    // Kept on the device like the currency: the listing's page reads in them after a reload.
    await openApp(page, `${server.url}/property-details/${flat}`);
    await until(() => text('price-approx'), oldNotesApprox, 'details approx in old-note rials');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('cards: the old price wraps inside the card; the buttons\' names start with their visible words', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    for (const path of ['/recent-properties', '/property', '/search-grid']) {
      await openApp(page, `${server.url}${path}`);
      const card = page.locator(`article.listing-card:has(#listing-${flat}-title)`);
      const old = card.getByTestId('old-price');
      await old.waitFor();
      const [c, o] = [await card.boundingBox(), await old.boundingBox()];
      expect(o!.x, `${path}: old price's start`).toBeGreaterThanOrEqual(c!.x);
      expect(o!.x + o!.width, `${path}: old price's end`).toBeLessThanOrEqual(c!.x + c!.width);
      // The amount itself stays on one line.
      expect(await old.locator('bdi').evaluate((e) => e.getClientRects().length)).toBe(1);
      if (path === '/recent-properties') await shot(page, AREA, `card-old-price-${lang}-${size}`);
      // WCAG 2.5.3: each labelled button's name starts with the words it shows.
      const names = await card.locator('.listing-card-actions [aria-label]').evaluateAll((els) =>
        els.filter((e) => (e as HTMLElement).innerText.trim()).map((e) => [(e as HTMLElement).innerText.trim(), e.getAttribute('aria-label') ?? ''] as const),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const [shown, name] of names) expect(name.startsWith(shown), `"${name}" starts with "${shown}"`).toBe(true);
    }
    await ctx.close();
  });

  it('amounts read whole in sentences (price history, hero steps); the hero\'s max rent shows whole', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/property-details/${flat}`);
    const history = page.getByTestId('price-history').locator('li span').first();
    await history.scrollIntoViewIfNeeded();
    // The old amount's figures and currency code in the order formatPrice writes them, left to right.
    const order = await history.evaluate((e, ar) => {
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const raw = n.textContent ?? '';
        const d = raw.indexOf('200,000,000');
        if (d < 0) continue;
        const c = ar ? raw.indexOf('YER', d) : raw.lastIndexOf('YER', d);
        const rect = (i: number, len: number) => {
          const r = document.createRange();
          r.setStart(n!, i);
          r.setEnd(n!, i + len);
          return r.getBoundingClientRect().left;
        };
        return { digits: rect(d, 11), code: rect(c, 3) };
      }
      return null;
    }, lang === 'ar');
    expect(order).not.toBeNull();
    if (lang === 'ar') expect(order!.digits).toBeLessThan(order!.code);
    else expect(order!.code).toBeLessThan(order!.digits);
    await shot(page, AREA, `history-${lang}-${size}`);

    // The home's max rent in rials at Aden's rate: each amount isolated, and the chosen one shown whole.
    await openApp(page, `${server.url}/`);
    await setCurrency(page, 'YER');
    await page.getByRole('tab', { name: pick(search, 'tabs.rent') }).click();
    const box = page.getByRole('combobox', { name: pick(search, 'location') });
    await box.click();
    await box.pressSequentially(lang === 'ar' ? 'عدن' : 'Aden', { delay: 40 });
    await page.getByRole('option', { name: new RegExp(`^${lang === 'ar' ? 'عدن' : 'Aden'}`) }).first().waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    const last = page.locator('#hero-price option').last();
    const want = squash(pick(search, 'upToPerMonth').replace('{{price}}', `\u2066${money(roughly(10_000 * adenRate), 'YER')}\u2069`));
    await until(async () => squash(await last.innerText()), want, 'hero step isolated in YER');
    await page.selectOption('#hero-price', '10000');
    const fit = await page.locator('#hero-price').evaluate((s) => {
      const sel = s as HTMLSelectElement;
      const cs = getComputedStyle(sel);
      const g = document.createElement('canvas').getContext('2d')!;
      g.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return { text: g.measureText(sel.selectedOptions[0]!.text).width, room: sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
    await shot(page, AREA, `home-hero-yer-rent-${lang}-${size}`);
    await ctx.close();
  });

  it.skipIf(mobile)('the price filters show whole amounts of the shown currency, and keep the bounds asked', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/search-list?price_min=75471.698113`);
    await until(() => page.locator('#f-pmin').inputValue(), '75472', 'a shared minimum, rounded');
    await setCurrency(page, 'SAR');
    await until(() => page.getByTestId('price-unit').innerText(), pick(search, 'priceSAR'), 'filter unit SAR');
    await page.locator('#f-pmax').fill('400000');
    const asked = String(Math.round((400_000 / sarRate) * 1e6) / 1e6);
    await until(async () => new URL(page.url()).searchParams.get('price_max'), asked, 'the maximum asked in dollars');
    await setCurrency(page, 'USD');
    await until(() => page.getByTestId('price-unit').innerText(), pick(search, 'priceUsd'), 'filter unit USD');
    expect(await page.locator('#f-pmax').inputValue()).toBe(String(Math.round(400_000 / sarRate)));
    expect(await page.locator('#f-pmin').inputValue()).toBe('75472');
    await shot(page, AREA, `filters-rounded-${lang}-${size}`);
    // Apply keeps what was asked: the rounding is only what is shown.
    await page.getByRole('button', { name: pick(search, 'apply'), exact: true }).click();
    await new Promise((r) => setTimeout(r, 800));
    const url = new URL(page.url()).searchParams;
    expect([url.get('price_min'), url.get('price_max')]).toEqual(['75471.698113', asked]);
    await ctx.close();
  });

  it('a reduced rent keeps "/ month" on its price\'s line', async ({ expect }) => {
    const ctx = await newContext(browser, { lang, viewport });
    const page = await ctx.newPage();
    await openApp(page, `${server.url}/property-details/${rent}`);
    const price = page.locator('.details-header [data-testid="details-price"]');
    await price.locator('[data-testid="old-price"]').waitFor();
    // On one line, the figure and the suffix (of different sizes) overlap vertically; on two, they do not.
    const overlap = await price.evaluate((e) => {
      const [a, b] = ['.price-ltr', '.details-price-suffix'].map((q) => e.querySelector(q)!.getBoundingClientRect());
      return Math.min(a!.bottom, b!.bottom) - Math.max(a!.top, b!.top);
    });
    expect(overlap).toBeGreaterThan(0);
    // A rent's price per m² is a month's too ($450 over 120 m²).
    const area = (await api(server, 'GET', `/listings/${rent}`)).body.property.area_sqm as number;
    expect(await seen(page.locator('.details-header [data-testid="price-per-sqm"]'))).toBe(pick(common, 'prices.perSqmMonth').replace('{{price}}', money(450 / area, 'USD')));
    await shot(page, AREA, `details-rent-reduced-${lang}-${size}`);
    await ctx.close();
  });
});
