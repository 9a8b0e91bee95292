/**
 * Accessibility bar (DESIGN §7, issue 22): no serious or critical axe-core finding on any route the router has
 * (read from apps/web/src/app/routes.ts, so a new route is swept by itself), signed out and signed in as an owner
 * and as an administrator (the pages that differ for them: routesFor), in Arabic and English, at 390 and 1280 px; and with each modal open (sign-in in its
 * three modes, the mobile menu, the phone's filters panel, the account menu, delete account, sign out everywhere,
 * delete listing, reject reason, the draw-area map) and after each form's validation errors show. A finding names
 * the role, language, width, page and element; the number of views checked is printed at the end.
 *
 * One server (with the demo content), one browser; a context per role × language × width with a few pages
 * working through the routes side by side, each loaded once and then moved on by the app's own navigation. Run it alone after a build:
 * `npx vitest run --project e2e e2e/a11y.test.ts` (WEB_DIST_DIR for a private build).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../apps/web/src/app/routes';
import { api, axeFindings, DESKTOP, launchBrowser, MOBILE, nearForm, newContext, openApp, registerUser, signIn, type Lang, type RunningServer, startServer, createListing } from './harness';
import { locale, pick } from './locales';

const ADMIN = { email: 'admin.a11y@example.test', password: 'admin-a11y-secret' };
const ROLES = ['visitor', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
const LANGS: Lang[] = ['ar', 'en'];
const WIDTHS = [MOBILE, DESKTOP];
/** Pages of one context checked side by side (they share nothing but the sign-in). */
const POOL = Number(process.env.A11Y_PAGES || 3);

let server: RunningServer;
let browser: Browser;
const tokens: Partial<Record<Role, string>> = {};
/** A public demo listing, and the owner's own: one approved (delete dialog), one pending (admin review). */
const ids = { publicListing: 0, ownApproved: 0, ownPending: 0 };
/** Every view checked: role|lang|width|what. */
const routeViews = new Set<string>();
const stateViews = new Set<string>();
const started = Date.now();

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const found = await api(server, 'POST', '/listings/search', { body: { limit: 1 } });
  ids.publicListing = found.body.items[0].id;
  const owner = await registerUser(server, { first_name: 'Nadia', last_name: 'Owner' });
  tokens.owner = owner.token;
  tokens.admin = await signIn(server, ADMIN.email, ADMIN.password);
  const create = (title: string) => createListing(server, owner.token, { title_ar: `شقة ${title}`, title_en: `Flat ${title}` });
  ids.ownApproved = await create('a11y approved');
  ids.ownPending = await create('a11y pending');
  const approved = await api(server, 'POST', `/admin/listings/${ids.ownApproved}/approve`, { token: tokens.admin });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `[a11y] ${routeViews.size + stateViews.size} views checked with axe-core in ${seconds} s: ${routeViews.size} route views ` +
      `(${LANGS.length} languages × ${WIDTHS.length} widths × ${ROLES.map((r) => `${routesFor(r).length} routes ${r}`).join(', ')}) and ` +
      `${stateViews.size} with a modal open or a form's errors shown`,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Which URL each route of the router is opened at

/** Values for a route's parameters; a new parameter fails the sweep until it gets one here. */
const PARAM_VALUES: Record<string, (path: string) => string> = {
  // The owner's own listing where it is edited, a public demo listing elsewhere.
  id: (path) => String(path.startsWith('/edit-property') ? ids.ownApproved : ids.publicListing),
  city: () => 'sanaa',
  listingType: () => 'rent',
};
/** The account e-mails' pages need their link's query: the reset form (nothing is sent before submit), a refused verification. */
const LINK_TOKEN = 'a'.repeat(43);
const QUERIES: Record<string, string> = {
  '/reset-password': `?token=${LINK_TOKEN}&email=someone%40example.test`,
  '/verify-email': `?token=${LINK_TOKEN}`,
};

/**
 * The routes each role's sweep opens. A visitor, every one. Signed in, the pages the server renders for everyone
 * differ from a visitor's only by the header's account menu (seen on the home page) and a listing's controls (its
 * page): the owner's and administrator's sweeps open those two and every page the browser renders (behind sign-in,
 * the forms, the map, the admin screens), so a new page of either kind is still swept for every role that sees it
 * differently.
 */
const SIGNED_IN_PUBLIC = new Set(['/', '/property-details/:id']);
const routesFor = (role: Role) => pageRoutes.filter((r) => role === 'visitor' || r.ssr === false || SIGNED_IN_PUBLIC.has(r.path)).map((r) => r.path);

function urlOf(path: string): string {
  if (path === '*') return '/no-such-page';
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAM_VALUES[name];
    if (!value) throw new Error(`a11y: route ${path} has a parameter :${name} with no value; add one to PARAM_VALUES`);
    return value(path);
  });
  return filled + (QUERIES[path] ?? '');
}

// ---------------------------------------------------------------------------------------------------------------
// Checking a view

interface View {
  role: Role;
  lang: Lang;
  width: number;
}
const where = (v: View, what: string) => `${v.role} ${v.lang} ${v.width}px ${what}`;

/** Waits until no request of the page has been in flight for `quietMs`, and no finite animation runs. */
function watchRequests(page: Page) {
  let inflight = 0;
  let last = Date.now();
  page.on('request', () => {
    inflight += 1;
    last = Date.now();
  });
  const done = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const settle = async (quietMs = 200, timeout = 15_000) => {
    const end = Date.now() + timeout;
    while (Date.now() < end && !(inflight === 0 && Date.now() - last >= quietMs)) await new Promise((r) => setTimeout(r, 50));
    // Then the page itself: no DOM change for a while (a redirect, a late render) and no transition half-way
    // (a colour measured mid-fade is no colour anyone sees). At most a few seconds: a slider may keep moving.
    await page.evaluate(
      (ms) =>
        new Promise<void>((resolve) => {
          let changed = performance.now();
          const observer = new MutationObserver(() => (changed = performance.now()));
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const started = performance.now();
          const tick = () => {
            const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
            if ((!moving && performance.now() - changed >= ms) || performance.now() - started > 4_000) {
              observer.disconnect();
              resolve();
            } else setTimeout(tick, 50);
          };
          setTimeout(tick, 50);
        }),
      quietMs,
    );
  };
  // The new page's own requests start in its effects, a moment after the router put it up: the quiet period counts
  // from there, not from the last page's last request.
  const navigated = () => (last = Date.now());
  return { settle, navigated };
}

const settlers = new WeakMap<Page, ReturnType<typeof watchRequests>>();
async function newPage(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  settlers.set(page, watchRequests(page));
  return page;
}
const settle = (page: Page) => settlers.get(page)!.settle();

/**
 * Opens a route the way a visitor's link does once the app runs: the router's own navigation (a history entry and
 * its popstate), no new document. First loads, server-rendered and hydrated, are hydration.test.ts's; a page of this
 * sweep is loaded once and then moves through its routes (a full load was 1.35 s of Chromium's CPU with axe, an
 * in-app one 0.5 s).
 */
async function navigateInApp(page: Page, url: string): Promise<void> {
  // Done when the router has put a page up (RootLayout's <html data-app-path>): the one asked for, or the one it
  // sent the visitor on to (a signed-out visitor's /profile goes home; a city's page is a search, its address replaced).
  await page.evaluate(async (to) => {
    const html = document.documentElement;
    const from = html.dataset.appPath;
    history.pushState(null, '', to);
    const pushed = location.href;
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    const up = () => html.dataset.appPath !== from || (location.href !== pushed && html.dataset.appPath === location.pathname);
    for (const end = Date.now() + 15_000; !up(); await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > end) throw new Error(`the app did not open ${to}: it still shows ${from}`);
    }
  }, url);
  settlers.get(page)!.navigated();
}

/** Settles, runs axe and answers the findings, each prefixed with where it was seen. */
async function check(page: Page, view: View, what: string, seen: Set<string>): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      await settle(page);
      found = await axeFindings(page);
      // A colour read while something fades in (a dialog opened by the page itself as the check ran) is no colour
      // anyone sees: looked at once more after settling again; a real contrast failure is still there.
      if (found.some((f) => f.includes('color-contrast'))) {
        await page.waitForTimeout(500);
        await settle(page);
        found = await axeFindings(page);
      }
      break;
    } catch (error) {
      // A client-side redirect replaced the document under the check: check the page it went to.
      if (attempt === 3 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState();
    }
  }
  seen.add(`${view.role}|${view.lang}|${view.width}|${what}`);
  return found.map((f) => `${where(view, what)}: ${f}`);
}

function contextFor(view: View) {
  return newContext(browser, {
    lang: view.lang,
    viewport: view.width === MOBILE.width ? MOBILE : DESKTOP,
    token: view.role === 'visitor' ? undefined : tokens[view.role],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Every route

describe.each(ROLES)('accessibility: every route, %s', (role) => {
  describe.each(LANGS)('%s', (lang) => {
    it.each(WIDTHS.map((w) => w.width))('at %i px, no serious or critical axe finding', { timeout: 600_000 }, async (width) => {
      const view: View = { role, lang, width };
      const ctx = await contextFor(view);
      const queue = routesFor(role);
      const findings: string[] = [];
      const worker = async () => {
        const page = await newPage(ctx);
        let loaded = false;
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const url = urlOf(path);
          if (loaded) await navigateInApp(page, url);
          else await openApp(page, server.url + url);
          loaded = true;
          findings.push(...(await check(page, view, path === url ? url : `${path} (${url})`, routeViews)));
        }
      };
      await Promise.all(Array.from({ length: POOL }, worker));
      await ctx.close();
      expect(findings).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Modals open, menus open, validation errors shown

const texts = (lang: Lang) => {
  const trees = Object.fromEntries(['account', 'admin', 'common', 'contact', 'details', 'map', 'owner', 'search'].map((ns) => [ns, locale(lang, ns)]));
  return (ns: string, key: string) => pick(trees[ns]!, key);
};

/** Opens the mobile menu (at 390 px) so what is inside it can be reached; a no-op on desktop. */
async function openMobileMenu(page: Page, view: View) {
  if (view.width !== MOBILE.width) return;
  await page.locator('.nav-toggler').click();
  await page.locator('#mobile-menu.open').waitFor();
}
/** The visible one of an element the desktop bar and the mobile menu both hold. */
const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`).first();

describe.each(LANGS)('accessibility: modals, menus and errors (%s)', (lang) => {
  const t = texts(lang);
  // The three roles' views of one language and width share nothing (each its own context; the owner's and the
  // admin's dialogs are closed or refused, nothing is saved): checked side by side, the test's own expect each;
  // one width after the other, so at most three pages at once.
  describe.each(WIDTHS.map((w) => w.width))('at %i px', (width) => {
    it.concurrent('signed out: sign-in modal in each mode with its errors, mobile menu, filters panel, contact forms with errors, draw-area map', { timeout: 300_000 }, async ({ expect }) => {
      const view: View = { role: 'visitor', lang, width };
      const ctx = await contextFor(view);
      const page = await newPage(ctx);
      const findings: string[] = [];
      const modal = page.locator('.modal.show');

      await openApp(page, server.url + '/');
      if (width === MOBILE.width) {
        await openMobileMenu(page, view);
        findings.push(...(await check(page, view, '/ with the mobile menu open', stateViews)));
        await page.keyboard.press('Escape');
        await page.locator('#mobile-menu.open').waitFor({ state: 'detached' });
      }
      await openMobileMenu(page, view);
      await visible(page, '[data-testid="nav-sign-in"]').click();
      await modal.locator('input[type="email"]').waitFor();
      findings.push(...(await check(page, view, '/ with the sign-in modal', stateViews)));
      await modal.locator('button[type="submit"]').click();
      await modal.locator('[data-testid="field-error"]').first().waitFor();
      findings.push(...(await check(page, view, '/ with the sign-in modal showing errors', stateViews)));
      await modal.getByRole('button', { name: t('account', 'modal.toRegister') }).click();
      await modal.locator('input[autocomplete="given-name"]').waitFor();
      await modal.locator('button[type="submit"]').click();
      await modal.locator('[data-testid="field-error"]').first().waitFor();
      findings.push(...(await check(page, view, '/ with the sign-up modal showing errors', stateViews)));
      await modal.getByRole('button', { name: t('account', 'modal.toLogin') }).click();
      await modal.locator('[data-testid="forgot-link"]').click();
      await modal.getByRole('heading', { name: t('account', 'forgot.title') }).waitFor();
      findings.push(...(await check(page, view, '/ with the forgot-password modal', stateViews)));
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      if (width === MOBILE.width) {
        await openApp(page, server.url + '/search-list');
        await page.locator('button[aria-controls="search-filters"]').click();
        await page.locator('#search-filters[open]').waitFor();
        findings.push(...(await check(page, view, '/search-list with the filters panel open', stateViews)));
      }

      await openApp(page, server.url + '/contact');
      await page.locator('.contact-form button[type="submit"]').click();
      await page.locator('.contact-form .invalid-feedback').first().waitFor();
      findings.push(...(await check(page, view, '/contact showing errors', stateViews)));

      await openApp(page, server.url + `/property-details/${ids.publicListing}`);
      // On a phone the form's code comes as the visitor scrolls near it.
      await nearForm(page);
      const contactForm = page.locator('form', { has: page.locator('textarea') }).first();
      await contactForm.locator('button[type="submit"]').click();
      await contactForm.locator('.invalid-feedback').first().waitFor();
      findings.push(...(await check(page, view, `/property-details/${ids.publicListing} with the contact form showing errors`, stateViews)));

      await openApp(page, server.url + '/search-map');
      await page.getByRole('button', { name: t('map', 'drawArea') }).click();
      await modal.locator('.draw-map .leaflet-tile-loaded').first().waitFor();
      await modal.getByRole('button', { name: t('map', 'draw.search') }).click();
      await modal.getByRole('alert').waitFor();
      findings.push(...(await check(page, view, '/search-map with the draw-area map open', stateViews)));

      await ctx.close();
      expect(findings).toEqual([]);
    });

    it.concurrent('owner: account menu, delete account, sign out everywhere, delete listing, add-property errors, profile asking for the current password', { timeout: 300_000 }, async ({ expect }) => {
      const view: View = { role: 'owner', lang, width };
      const ctx = await contextFor(view);
      const page = await newPage(ctx);
      const findings: string[] = [];
      const modal = page.locator('.modal.show');

      const openUserMenu = async () => {
        await openMobileMenu(page, view);
        await visible(page, '[data-testid="user-menu"]').click();
        await visible(page, '.account-menu').waitFor();
      };
      await openApp(page, server.url + '/');
      await openUserMenu();
      findings.push(...(await check(page, view, '/ with the account menu open', stateViews)));
      await visible(page, '.account-menu').getByRole('button', { name: t('account', 'menu.deleteAccount') }).click();
      await modal.waitFor();
      findings.push(...(await check(page, view, '/ with the delete-account dialog', stateViews)));
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await openUserMenu();
      await visible(page, '[data-testid="logout-all"]').click();
      await modal.waitFor();
      findings.push(...(await check(page, view, '/ with the sign-out-everywhere dialog', stateViews)));
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      await openApp(page, server.url + `/property-details/${ids.ownApproved}`);
      await page.getByRole('button', { name: t('details', 'owner.delete'), exact: true }).click();
      await modal.waitFor();
      findings.push(...(await check(page, view, `/property-details/${ids.ownApproved} with the delete-listing dialog`, stateViews)));
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      await openApp(page, server.url + '/add-property');
      await page.locator('[data-testid="submit-listing"]').click();
      await page.locator('[data-testid="listing-form"] .invalid-feedback').first().waitFor();
      findings.push(...(await check(page, view, '/add-property showing errors', stateViews)));

      await openApp(page, server.url + '/profile');
      await page.locator('input[autocomplete="new-password"]').first().fill('changed-77');
      await page.locator('input[autocomplete="current-password"]').waitFor();
      findings.push(...(await check(page, view, '/profile asking for the current password', stateViews)));

      await ctx.close();
      expect(findings).toEqual([]);
    });

    it.concurrent('admin: the reject-reason dialog', { timeout: 120_000 }, async ({ expect }) => {
      const view: View = { role: 'admin', lang, width };
      const ctx = await contextFor(view);
      const page = await newPage(ctx);
      await openApp(page, server.url + '/admin/review');
      await page.locator(`[data-listing-id="${ids.ownPending}"]`).getByRole('button', { name: t('admin', 'review.reject'), exact: true }).click();
      await page.locator('.modal.show textarea').waitFor();
      // With its error shown: a rejection sent without a reason.
      await page.locator('.modal.show').getByRole('button', { name: t('admin', 'review.confirmReject'), exact: true }).click();
      await page.locator('.modal.show .invalid-feedback:not(:empty)').waitFor();
      const findings = await check(page, view, '/admin/review with the reject-reason dialog and its error', stateViews);
      await ctx.close();
      expect(findings).toEqual([]);
    });
  });
});
