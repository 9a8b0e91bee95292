/**
 * Browser-journey harness: starts the real server (apps/api/src/server.ts) on a free port with a fresh
 * DATA_DIR against the built web app, a local map-tile stub (no live network), and headless Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { freePort } from '../apps/api/src/modules/mail/smtp-test-server';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const LOCATIONS_FILE = path.resolve(ROOT, '../shared/data/yemen-locations/yemen-info.json');
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * Where the journeys' screenshots go, for a person to look at (`SHOTS_DIR=/tmp/shots npm test -- e2e`). Unset,
 * none are taken: nothing reads them, and encoding a few hundred full-page PNGs was a tenth of the suite's time.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR || undefined;

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, `chromiumSwitches.ts`). Chromium honours only
 * the last `--disable-features` switch, so ours replaces theirs (`ignoreDefaultArgs`) with both lists in one. If an
 * upgrade changes their list, theirs is no longer removed and ours, coming last, still carries this copy.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium 156 starts a renderer for its address bar's popups (`--top-chrome-webui`) with every browser context,
 * headless too: about 0.5 s of CPU each, and the journeys open hundreds of contexts. Lighthouse's Chromium too
 * (bench/shared.ts).
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/** `chromium.launch` options for every browser the tests and benches start. */
export const CHROME_LAUNCH = {
  executablePath: CHROME_PATH,
  args: CHROME_ARGS,
  headless: true,
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
};

/** A map-tile server answering every tile with one small grey PNG, and counting requests. */
export async function startTileStub() {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 232, b: 226 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><path d="M0 0H256V256" fill="none" stroke="#c5cfc5" stroke-width="2"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', 'access-control-allow-origin': '*' });
    res.end(png);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    satelliteUrl: `http://127.0.0.1:${port}/satellite/{z}/{y}/{x}.png`,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop(): Promise<void>;
}

/** The prepared data folder of this run (global-setup.ts), when there is one. */
function dataTemplate(): string | undefined {
  const dir = process.env.MANZIL_E2E_DATA_TEMPLATE;
  return dir && fs.existsSync(dir) ? dir : undefined;
}

/**
 * Start the real server as a child process; resolves when /api/v1/health answers, or fails after `startTimeout` ms
 * (more for a server that builds its database from nothing, global-setup.ts).
 */
export async function startServer(env: Record<string, string | undefined> = {}, { startTimeout = 90_000 } = {}): Promise<RunningServer> {
  const dist = process.env.WEB_DIST_DIR || WEB_DIST;
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`No built web app at ${dist}: run "npm run build" first (npm test does it).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-e2e-'));
  // Started from the run's prepared folder (global-setup.ts) unless the test chose its own database or places.
  const template = dataTemplate();
  if (template && !env.DATA_DIR && !env.DATABASE_URL && !env.LOCATIONS_SOURCE) fs.cpSync(template, dataDir, { recursive: true });
  const tiles = await startTileStub();
  // freePort's port is free when asked, not when the server binds it: with test files running side by side another
  // one may take it in between, so a server that finds it taken starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServer(await freePort(), dataDir, tiles, env, startTimeout);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTaken)) {
        await tiles.close();
        throw error;
      }
    }
  }
}

class PortTaken extends Error {}

async function spawnServer(
  port: number,
  dataDir: string,
  tiles: Awaited<ReturnType<typeof startTileStub>>,
  env: Record<string, string | undefined>,
  startTimeout: number,
): Promise<RunningServer> {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOCATIONS_SOURCE: fs.existsSync(LOCATIONS_FILE) ? LOCATIONS_FILE : '/nonexistent/locations.json',
      MAP_TILE_URL: tiles.url,
      SATELLITE_TILE_URL: tiles.satelliteUrl,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      // Journeys register several users from one address within a minute; the limits have API tests.
      RATE_LIMITS: 'false',
      // A private build can be tested while another is being written (npm test builds apps/web/dist).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  // 'close' comes once the pipes have given all of the output; 'exit' may come before.
  const closed = new Promise((r) => child.once('close', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeout;
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      const Failure = /EADDRINUSE/.test(out) ? PortTaken : Error;
      throw new Failure(`server exited (${child.exitCode}):\n${out}`);
    }
    try {
      const r = await fetch(`${url}/api/v1/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs: () => out,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      await tiles.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: install it with "apt-get install -y chromium" or set CHROME_PATH.`);
  }
  const browser = await chromium.launch(CHROME_LAUNCH);
  // Every context, made here or by a test's own browser.newContext / newPage, reports CSP violations.
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const ctx = await open(options);
    await watchCsp(ctx);
    return ctx;
  };
  return browser;
}

/**
 * Content-Security-Policy violations seen by any page since the last check: the page's
 * `securitypolicyviolation` events and Chromium's own "Refused to …" console messages, plus app HTML that
 * arrived without a policy (the journeys must run with it on). The checks below fail the test that saw them.
 */
const cspViolations: string[] = [];

/** Answers and forgets the violations seen so far. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

const CSP_MESSAGE = /Content Security Policy|^Refused to (load|execute|apply|connect|frame|create|evaluate)/i;

async function watchCsp(ctx: BrowserContext) {
  // A string, not a function: tsx would add helpers to a function that do not exist in the page.
  await ctx.addInitScript({
    content: `addEventListener('securitypolicyviolation', function (e) {
      console.error('[csp] ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber + (e.sample ? ' (' + e.sample + ')' : ''));
    }, true);`,
  });
  ctx.on('console', (m) => {
    const text = m.text();
    if (text.startsWith('[csp] ') || CSP_MESSAGE.test(text)) cspViolations.push(`${m.page()?.url() ?? '?'}: ${text}`);
  });
  ctx.on('response', (res) => {
    const req = res.request();
    if (req.resourceType() !== 'document' || res.fromServiceWorker() || !/^https?:\/\/127\.0\.0\.1:\d+\//.test(res.url())) return;
    if (!(res.headers()['content-type'] ?? '').startsWith('text/html')) return;
    if (!res.headers()['content-security-policy']) cspViolations.push(`${res.url()}: HTML answer without a Content-Security-Policy`);
  });
}

function failOnCspViolations() {
  const seen = takeCspViolations();
  if (seen.length) throw new Error(`Content-Security-Policy violations:\n${[...new Set(seen)].join('\n')}`);
}

// Each journey file imports this module (vitest isolates files), so these hooks cover every test of every file.
// Outside vitest's test workers (bench/web.ts, e2e/global-setup.ts) there are no tests to fail.
if (process.env.VITEST_WORKER_ID) {
  const { afterAll, afterEach } = await import('vitest');
  afterEach(failOnCspViolations);
  afterAll(failOnCspViolations);
}

export type Lang = 'ar' | 'en';
export const DESKTOP = { width: 1280, height: 860 };
export const MOBILE = { width: 390, height: 844 };

/**
 * A fresh browser context in a language (set once, before the first page script, so the app's own
 * language switch still works afterwards) at a viewport size.
 */
export async function newContext(
  browser: Browser,
  opts: { lang?: Lang; viewport?: { width: number; height: number }; token?: string; serviceWorkers?: 'allow' | 'block'; deviceScaleFactor?: number } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    // The service worker precaches the whole app (about 60 files) in every context that allows it: only the
    // journeys about it (offline, the contact outbox) do; page.route() also sees only what it does not answer.
    serviceWorkers: opts.serviceWorkers ?? 'block',
    viewport: opts.viewport ?? DESKTOP,
    locale: opts.lang === 'en' ? 'en-US' : 'ar-YE',
    deviceScaleFactor: opts.deviceScaleFactor ?? 1,
    isMobile: (opts.viewport?.width ?? 1280) < 500,
    hasTouch: (opts.viewport?.width ?? 1280) < 500,
  });
  await ctx.addInitScript(
    ([lang, token]) => {
      if (!sessionStorage.getItem('__e2e_init')) {
        sessionStorage.setItem('__e2e_init', '1');
        if (lang) localStorage.setItem('i18nextLng', lang);
        if (token) localStorage.setItem('token', token);
      }
    },
    [opts.lang ?? 'ar', opts.token ?? ''] as const,
  );
  return ctx;
}

/** Open a page of the app and wait until React has hydrated or rendered it (<html data-app-rendered>, set by the layout). */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

/**
 * Wait until React has rendered the page that is loading (after goto or reload): <html data-app-rendered>, and
 * every form on it React's. React hydrates each Suspense boundary after the one around it, so a lazy part of a
 * page (the listing's contact form) may still be the server's HTML when the page is marked rendered; a tap on
 * its button then does nothing (index.html holds the native submission), as for a visitor that quick.
 */
export async function waitForApp(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.appRendered === 'true' &&
      // A form whose code loads when the visitor comes near it (data-when-near) is the server's until then: nearForm.
      [...document.querySelectorAll('#root form')].every((form) => form.closest('[data-when-near]') || Object.keys(form).some((key) => key.startsWith('__reactProps$'))),
    undefined,
    timeout ? { timeout } : {},
  );
}

/**
 * A form whose code loads when the visitor comes near it (the listing page's contact form, `#details-contact-form`):
 * scrolled to, as a visitor would, then waited for until it is the app's. Answers the form's part.
 */
export async function nearForm(page: Page, selector = '#details-contact-form') {
  const part = page.locator(selector);
  await part.scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => {
    const form = document.querySelector(`${sel} form`);
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps$'));
  }, selector);
  return part;
}

/** The built file of a source module of the web app, from Vite's manifest of the build the server serves. */
export function builtFile(source: string, dist = process.env.WEB_DIST_DIR || WEB_DIST): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return `/${manifest[source]!.file}`;
}

/** What watchTakeover saw: layout shift so far, whether a loading state ever showed, where the server's element was. */
export interface Takeover {
  cls: number;
  loadingSeen: boolean;
  /**
   * The first visible `#root <selector>` in the first frame the visitor saw (the server's HTML, before the app
   * ran), or null. `start` is its inline-start edge (right in Arabic): unlike x, it stays put when a web font
   * that arrives later changes the width of an element sized to its text.
   */
  at: { x: number; y: number; start: number } | null;
  /** That same element is the one on screen now: hydration kept the server's node instead of replacing it. */
  sameNode: boolean;
}

/** The inline-start edge of a box on a page in this language (see Takeover.at). */
export const startEdge = (box: { x: number; width: number }, lang: Lang) => (lang === 'ar' ? box.x + box.width : box.x);

/**
 * For a page the server renders: call before opening it. Records the layout shift, whether an element matching
 * `loading` (a skeleton, a spinner) ever appeared, and the server's `element`: the nodes of the parsed HTML
 * (before the app's module scripts run), the visible one of them in the first frame (frame callbacks wait for
 * the render-blocking stylesheets). A node the app replaced is detached by then and counts as not seen.
 * `read()` answers what it saw so far, and whether that element is still the one on screen.
 */
export async function watchTakeover(page: Page, opts: { element: string; loading?: string }) {
  const element = JSON.stringify(`#root ${opts.element}`);
  const loading = JSON.stringify(opts.loading ?? '');
  // A string, not a function: tsx would add helpers to a function that do not exist in the page.
  await page.addInitScript({
    content: `window.__takeover={cls:0,loadingSeen:false,at:null};
      new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput)window.__takeover.cls+=e.value})}).observe({type:'layout-shift',buffered:true});
      if(${loading})new MutationObserver(function(){if(document.querySelector(${loading}))window.__takeover.loadingSeen=true}).observe(document,{subtree:true,childList:true});
      document.addEventListener('readystatechange',function(){if(document.readyState!=='interactive')return;var nodes=[].slice.call(document.querySelectorAll(${element}));requestAnimationFrame(function(){var el=nodes.find(function(e){return e.getClientRects().length>0})||null;window.__takeoverNode=el;if(el){var r=el.getBoundingClientRect();window.__takeover.at={x:r.x,y:r.y,start:document.documentElement.dir==='rtl'?r.right:r.left}}})});`,
  });
  return {
    read: () =>
      page.evaluate((selector) => {
        const w = window as unknown as { __takeover: Omit<Takeover, 'sameNode'>; __takeoverNode: Element | null };
        const now = [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length > 0) ?? null;
        return { ...w.__takeover, sameNode: Boolean(w.__takeoverNode) && now === w.__takeoverNode };
      }, `#root ${opts.element}`),
  };
}

/** Screenshot into SHOTS_DIR/<area>/<name>.png when SHOTS_DIR is set. */
export async function shot(page: Page, area: string, name: string, fullPage = false): Promise<void> {
  if (!SHOTS_DIR) return;
  const dir = path.join(SHOTS_DIR, area);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Collect console errors and failed requests of a page, for assertions that nothing broke. */
export function watchPage(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** JSON call to the running server's API. */
export async function api(server: { url: string }, method: string, pathname: string, opts: { body?: unknown; token?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(server.url + '/api/v1' + pathname, { method, headers, body });
  const text = await res.text();
  let json: any = text;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

let seq = 0;
/** Register a user through the API and sign in; returns the token and credentials. */
export async function registerUser(server: { url: string }, over: Partial<{ email: string; password: string; first_name: string; last_name: string; phone_number: string }> = {}) {
  seq += 1;
  const creds = {
    email: over.email ?? `e2e${seq}.${Date.now()}@example.test`,
    password: over.password ?? 'secret123',
    first_name: over.first_name ?? 'Salem',
    last_name: over.last_name ?? 'Ahmed',
    phone_number: over.phone_number ?? '+967 777 000 111',
  };
  const reg = await api(server, 'POST', '/users/', { body: creds });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await api(server, 'POST', '/login/token', { form: { username: creds.email, password: creds.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { ...creds, token: login.body.access_token as string, user: reg.body };
}

/** Sign in through the API (e.g. the admin made from ADMIN_EMAIL/ADMIN_PASSWORD). */
export async function signIn(server: { url: string }, email: string, password: string): Promise<string> {
  const r = await api(server, 'POST', '/login/token', { form: { username: email, password } });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access_token as string;
}

/**
 * Publishes a listing through the API as the owner of `token` (pending until an admin approves it): a flat to rent
 * in Khor Maksar, Aden, 350 USD a month, 120 m², 3 bedrooms, 2 bathrooms, unless `over` / `property` say otherwise.
 */
export async function createListing(
  server: { url: string },
  token: string,
  over: Record<string, unknown> = {},
  property: Record<string, unknown> = {},
): Promise<number> {
  const r = await api(server, 'POST', '/listings/', {
    token,
    body: {
      listing_type: 'FOR_RENT',
      title_ar: 'شقة',
      title_en: 'Flat',
      description_ar: 'شقة واسعة قريبة من البحر.',
      description_en: 'A spacious flat near the sea.',
      price: 350,
      currency: 'USD',
      ...over,
      property_details: { property_type: 'APARTMENT', area_sqm: 120, bedrooms: 3, bathrooms: 2, governorate_id: 3, district_id: 34, ...property },
    },
  });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

/** The add/edit listing form: Amanat Al-Asimah and its first district; returns the district's id. */
export async function chooseLocation(page: Page): Promise<number> {
  await page.selectOption('[data-testid="select-governorate"]', '1');
  await page.waitForFunction(() => {
    const s = document.querySelector<HTMLSelectElement>('[data-testid="select-district"]');
    return s && !s.disabled && s.options.length > 1;
  });
  const district = await page.$eval('[data-testid="select-district"]', (s) => (s as HTMLSelectElement).options[1]!.value);
  await page.selectOption('[data-testid="select-district"]', district);
  return Number(district);
}

/** Polls until `read` answers `want` (JSON-equal), then returns; a test's own expect.poll where the global one may not run (concurrent tests). */
export async function until<T>(read: () => Promise<T>, want: T, what: string, timeout = 15_000) {
  const end = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(want)) return;
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(last)} after ${timeout} ms, wanted ${JSON.stringify(want)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits for a dialog to go once its form is sent. If it stays, the error says what it shows (the form's own
 * message: a refusal, a network error) and what the page last asked the API, not only that a wait ran out.
 */
export async function dialogClosed(dialog: Locator, timeout?: number): Promise<void> {
  const page = dialog.page();
  const asked: string[] = [];
  const note = (r: import('playwright-core').Response) => {
    if (r.url().includes('/api/')) asked.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  };
  page.on('response', note);
  try {
    await dialog.waitFor({ state: 'detached', timeout });
  } catch (e) {
    const shown = await dialog.innerText({ timeout: 1000 }).catch(() => '(gone)');
    throw new Error(`the dialog stayed open showing ${JSON.stringify(shown)}; API answers meanwhile: ${asked.join(', ') || 'none'}`, { cause: e });
  } finally {
    page.off('response', note);
  }
}

/** Waits until no finite animation or transition runs (a modal's fade, a menu's slide, a button's colour); spinners may go on. */
export async function transitionsEnded(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout });
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core findings on the page once its transitions have ended, each with its rule and elements (DESIGN §7;
 * e2e/a11y.test.ts holds the whole sweep). axe goes in through the DevTools protocol: the page's CSP refuses
 * inline scripts.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  // Colours are read as painted: a 150 ms button transition half-way (a count just read) is not a finding.
  await transitionsEnded(page, 5000);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Node = { target: string[]; html: string; failureSummary?: string };
    type Violation = { id: string; impact: string; help: string; nodes: Node[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const res = await axe.run(document, { resultTypes: ['violations'] });
    // Each names its rule and its first elements, with axe's own summary of what failed there (its any, all and
    // none checks: a colour pair, a missing name).
    return res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id} (${v.help}) at ` +
          v.nodes
            .slice(0, 4)
            .map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 120)}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').trim()})` : ''}`)
            .join(' | ') +
          (v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''),
      );
  });
}
