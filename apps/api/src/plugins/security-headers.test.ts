/**
 * Security headers over real HTTP (issue 20): every kind of answer carries nosniff, no framing, a Referrer-Policy
 * and a Content-Security-Policy; the web app's HTML allows exactly the inline code the server wrote into it (each
 * inline script of the served page is hashed here and looked up in the policy), tiles and Google sign-in by
 * configuration; HSTS only with an https PUBLIC_URL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, createUser, testConfig } from '../../test/helpers.js';
import { insertListing, insertMedia } from '../../test/fixtures.js';
import { tileSource } from './security-headers.js';
import { registerWeb } from './web.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');

/** The server of `npm start` (compression on) over a web build in `dist`, with configuration `env`. */
async function startWeb(dist: string, env: Record<string, string> = {}, extra?: (app: FastifyInstance) => void) {
  const config = testConfig({ WEB_DIST_DIR: dist, ...env });
  const database = await createTestDatabase('pglite');
  const app = await buildApp({ config, database, logger: false, compress: true });
  await registerWeb(app, { distDir: dist, uploadsDir: config.uploadsDir });
  extra?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

function writeDist(files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-csp-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), content);
  }
  return dist;
}

/** Directive name → its sources. */
function parsePolicy(header: string | null): Map<string, string[]> {
  expect(header, 'Content-Security-Policy').toBeTruthy();
  // Two headers would arrive joined by a comma, and a browser would enforce both.
  expect(header).not.toContain(',');
  const map = new Map<string, string[]>();
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** What a browser would run or apply inline: <script> without src (and of a script type), and <style>. */
function inlineOf(html: string) {
  const scripts: string[] = [];
  const nonces: string[] = [];
  const styles: string[] = [];
  const re = /<(script|style)((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?)*)\s*>([\s\S]*?)<\/\1>/gi;
  for (const m of html.matchAll(re)) {
    const attrs = Object.fromEntries([...m[2]!.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g)].map((a) => [a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '']));
    if (m[1]!.toLowerCase() === 'style') styles.push(m[3]!);
    else if (!('src' in attrs) && ['', 'module', 'text/javascript'].includes(attrs.type ?? '')) {
      scripts.push(m[3]!);
      nonces.push(attrs.nonce ?? '');
    }
  }
  return { scripts, styles, nonces };
}

/** Every inline script and style of the page is allowed by the page's own policy, and nothing broader is. */
function expectPolicyCovers(html: string, header: string | null) {
  const policy = parsePolicy(header);
  const { scripts, styles, nonces } = inlineOf(html);
  const scriptSrc = policy.get('script-src') ?? [];
  scripts.forEach((s, i) => {
    // The server renderer's scripts carry the answer's nonce; everything else must be hashed.
    if (nonces[i] && scriptSrc.includes(`'nonce-${nonces[i]}'`)) return;
    expect(scriptSrc, `inline script not allowed: ${s.slice(0, 120)}`).toContain(hash(s));
  });
  for (const s of styles) expect(policy.get('style-src-elem'), `inline style not allowed: ${s.slice(0, 120)}`).toContain(hash(s));
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(policy.get('style-src-elem')).not.toContain("'unsafe-inline'");
  return { policy, scripts, styles };
}

/** Headers every answer carries, whatever it is. */
function expectCommon(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(parsePolicy(res.headers.get('content-security-policy')).get('frame-ancestors'), what).toEqual(["'none'"]);
}

const STRICT = new Map([
  ['default-src', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
]);

/** apps/web/index.html as the build writes it: the entry and its preloads in <head>. */
function builtIndex(): string {
  const source = fs.readFileSync(path.join(REPO, 'apps/web/index.html'), 'utf8');
  return source
    .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
    .replace(
      '</head>',
      `  <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
  </head>`,
    )
    .replaceAll('{{BOOTSTRAP_LTR}}', '/vendor/bootstrap-Ab12.min.css')
    .replaceAll('{{BOOTSTRAP_RTL}}', '/vendor/bootstrap-Ab12.rtl.min.css');
}

/**
 * A stand-in for dist/server/entry-server.mjs: it reads a listing through the API as the real one does, writes
 * React Router's hydration script with the answer's nonce, and one listing's markup carries a script, as
 * injected content would.
 */
const FAKE_RENDERER = `
export const APP_STATE_ID = 'app-state';
let api;
export function setApiTransport(fetch) { api = fetch; }
export async function render({ url, lang, nonce }) {
  const id = /property-details\\/(\\d+)/.exec(url)?.[1];
  let status = 200;
  let body = '<main><h1>' + lang + '</h1></main>';
  if (id) {
    const res = await api('/api/v1/listings/' + id, { method: 'GET', headers: { accept: 'application/json' } });
    const listing = res.status === 200 ? await res.json() : null;
    status = listing ? 200 : 404;
    const injected = listing && listing.title_en === 'Injected' ? '<script>window.injected=1</script>' : '';
    body = '<main><h1 style="margin:0">' + lang + ' ' + (listing ? listing.id : 'missing') + '</h1>' + injected + '</main>';
  }
  body += '<script nonce="' + nonce + '">window.__staticRouterHydrationData={}</script>';
  return { kind: 'page', status, title: null, pages: [], state: '{}', pipe(d) { d.write(body); d.end(); return d; }, abort() {} };
}`;

describe('headers on every kind of answer', () => {
  let web: Awaited<ReturnType<typeof startWeb>>;
  let dist: string;
  let listingId: number;
  let injectedId: number;

  beforeAll(async () => {
    dist = writeDist({
      'index.html': builtIndex(),
      'assets/index-Ab12.js': 'console.log(1)',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'sw.js': "self.addEventListener('fetch', () => {});",
      'server/entry-server.mjs': FAKE_RENDERER,
    });
    web = await startWeb(dist, {}, (app) => {
      app.get('/api/v1/__boom', async () => {
        throw new Error('boom');
      });
    });
    const { user } = await createUser({ app: web.app, db: web.db });
    listingId = await insertListing(web.db, user.id, { title_en: 'Flat' });
    await insertMedia(web.db, listingId, 0);
    injectedId = await insertListing(web.db, user.id, { title_en: 'Injected' });
    fs.mkdirSync(web.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(web.config.uploadsDir, 'photo-Ab12.webp'), 'RIFF0000WEBP');
  });
  afterAll(async () => {
    await web?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('JSON answers and errors carry the strict policy', async () => {
    const get = (p: string, init?: RequestInit) => fetch(web.url + p, init);
    const cases: [string, Response, number][] = [
      ['health', await get('/api/v1/health'), 200],
      ['404 JSON', await get('/api/v1/no-such-thing'), 404],
      ['404 upload', await get('/uploads/missing.webp'), 404],
      ['500', await get('/api/v1/__boom'), 500],
      ['malformed JSON', await get('/api/v1/listings/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }), 400],
      ['OpenAPI document', await get('/api/docs/json'), 200],
    ];
    // Registration allows 5 attempts a minute per address: invalid bodies answer 422, the sixth 429.
    for (let i = 0; i < 6; i++) {
      const res = await get('/api/v1/users/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      cases.push([`registration ${i + 1}`, res, i < 5 ? 422 : 429]);
    }
    for (const [what, res, status] of cases) {
      expect(res.status, what).toBe(status);
      expectCommon(res, what);
      expect(parsePolicy(res.headers.get('content-security-policy')), what).toEqual(STRICT);
      expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('files, uploads, XML and text carry the strict policy; public images may be embedded elsewhere', async () => {
    for (const [p, status] of [
      ['/assets/index-Ab12.js', 200],
      ['/favicon.svg', 200],
      ['/uploads/photo-Ab12.webp', 200],
      ['/sitemap.xml', 200],
      ['/robots.txt', 200],
      ['/no-such-file.png', 404],
    ] as const) {
      const res = await fetch(web.url + p);
      expect(res.status, p).toBe(status);
      expectCommon(res, p);
      expect(parsePolicy(res.headers.get('content-security-policy')), p).toEqual(STRICT);
      expect(res.headers.get('cross-origin-resource-policy'), p).toBe(p.startsWith('/uploads/') ? 'cross-origin' : 'same-origin');
    }
  });

  it('the service worker may fetch its own origin only (its policy governs its fetches)', async () => {
    const res = await fetch(`${web.url}/sw.js`);
    expectCommon(res, 'sw.js');
    const policy = parsePolicy(res.headers.get('content-security-policy'));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('Swagger UI gets a policy its page works under: own scripts only, no inline ones', async () => {
    for (const p of ['/api/docs', '/api/docs/']) {
      const res = await fetch(web.url + p);
      expect(res.status, p).toBe(200);
      expectCommon(res, p);
      const html = await res.text();
      const policy = parsePolicy(res.headers.get('content-security-policy'));
      expect(policy.get('script-src') ?? policy.get('default-src')).toEqual(["'self'"]);
      expect(inlineOf(html).scripts.filter((s) => s.trim())).toEqual([]);
    }
  });

  it.each(['/', '/about', '/search-list', `/property-details/LISTING`, '/property-details/999999', '/reset-password?token=abc'])(
    'the HTML of %s allows exactly its own inline code',
    async (route) => {
      const res = await fetch(web.url + route.replace('LISTING', String(listingId)));
      expect(res.status).toBe(route.endsWith('999999') ? 404 : 200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectCommon(res, route);
      const html = await res.text();
      const { policy, scripts } = expectPolicyCovers(html, res.headers.get('content-security-policy'));
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      // The renderer's script, by this answer's nonce, and no other answer's.
      expect(policy.get('script-src')!.filter((v) => v.startsWith("'nonce-"))).toHaveLength(1);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://server.arcgisonline.com']));
      // No Google sign-in configured: nothing of Google's but its profile pictures.
      expect(res.headers.get('content-security-policy')).not.toContain('accounts.google.com');
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(res.headers.get('referrer-policy')).toBe(route.startsWith('/reset-password') ? 'no-referrer' : 'strict-origin-when-cross-origin');
    },
  );

  it("allows the server renderer's own script by a nonce of the answer's own, not a script that arrived in the rendered markup", async () => {
    const res = await fetch(`${web.url}/property-details/${injectedId}`);
    const html = await res.text();
    expect(html).toContain(`<h1 style="margin:0">ar ${injectedId}</h1>`);
    expect(html).toContain('<script>window.injected=1</script>');
    const policy = parsePolicy(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).not.toContain(hash('window.injected=1'));
    expect(() => expectPolicyCovers(html, res.headers.get('content-security-policy'))).toThrow(/inline script not allowed: window.injected=1/);
    // A new nonce on every answer: one page's cannot run on another.
    const again = await fetch(`${web.url}/property-details/${injectedId}`);
    const nonce = (h: string | null) => parsePolicy(h).get('script-src')!.find((v) => v.startsWith("'nonce-"));
    expect(nonce(again.headers.get('content-security-policy'))).not.toEqual(nonce(res.headers.get('content-security-policy')));
    await again.arrayBuffer();
  });

  it('keeps the page template and the server renderer to itself', async () => {
    for (const p of ['/index.html', '/server/entry-server.mjs', '/.vite/manifest.json']) {
      const res = await fetch(web.url + p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('{{LANG}}');
    }
  });
});

// Each test starts a server of its own (a fresh PGlite database): slow on a busy 2-core machine.
describe('configuration', { timeout: 90_000 }, () => {
  const started: Awaited<ReturnType<typeof startWeb>>[] = [];
  let dist: string;
  beforeAll(() => {
    dist = writeDist({ 'index.html': builtIndex() });
  });
  afterAll(async () => {
    for (const s of started) await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const s = await startWeb(dist, env);
    started.push(s);
    return s;
  };

  it('HSTS and upgrade-insecure-requests with an https PUBLIC_URL, on every answer', async () => {
    const s = await start({ PUBLIC_URL: 'https://manzil.example' });
    for (const p of ['/', '/api/v1/health', '/api/v1/missing', '/robots.txt']) {
      const res = await fetch(s.url + p);
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains');
    }
    const html = await fetch(s.url + '/');
    expect(parsePolicy(html.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
  });

  it('no HSTS with an http PUBLIC_URL', async () => {
    const s = await start({ PUBLIC_URL: 'http://localhost:3000' });
    for (const p of ['/', '/api/v1/health']) {
      const res = await fetch(s.url + p);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
      expect(parsePolicy(res.headers.get('content-security-policy')).has('upgrade-insecure-requests'), p).toBe(false);
    }
  });

  it('tile hosts from MAP_TILE_URL and SATELLITE_TILE_URL, and Google sign-in with GOOGLE_CLIENT_ID', async () => {
    const s = await start({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
      SATELLITE_TILE_URL: 'http://127.0.0.1:8089/sat/{z}/{y}/{x}.jpg',
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
    });
    const res = await fetch(s.url + '/search-map');
    const { policy } = expectPolicyCovers(await res.text(), res.headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(['https://*.tiles.example.org', 'http://127.0.0.1:8089']));
    expect(policy.get('img-src')).not.toContain('https://tile.openstreetmap.org');
    expect(policy.get('script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(policy.get('style-src-elem')).toContain('https://accounts.google.com/gsi/style');
    expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    // The sign-in popup talks back to its opener.
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('tile templates become CSP sources', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('https://mt{s}.maps.example/{z}/{x}/{y}')).toBe('https://*.maps.example');
    expect(tileSource('HTTP://Tiles.Example:8080/{z}/{x}/{y}')).toBe('http://tiles.example:8080');
    expect(tileSource('https://tiles-{s}.example/x')).toBe('https://*.example');
    expect(tileSource('https://a.{s}.example/x')).toBe('https:');
    expect(tileSource("https://x.example;script-src 'unsafe-inline'/{z}")).toBe('https:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});

// The real build (npm test builds it first): the policy of its pages covers every inline script it ships.
const BUILD = process.env.WEB_DIST_DIR || path.join(REPO, 'apps/web/dist');
describe.runIf(fs.existsSync(path.join(BUILD, 'index.html')))('the built web app', () => {
  let web: Awaited<ReturnType<typeof startWeb>>;
  let listingId: number;
  beforeAll(async () => {
    web = await startWeb(BUILD);
    const { user } = await createUser({ app: web.app, db: web.db });
    listingId = await insertListing(web.db, user.id, { title_en: 'Flat with a view' });
    await insertMedia(web.db, listingId, 0);
  });
  afterAll(async () => web?.close());

  it.each(['/', '/search-map', '/search-list', '/about', '/property-details/LISTING'])('%s', async (route) => {
    const res = await fetch(web.url + route.replace('LISTING', String(listingId)));
    expect(res.status).toBe(200);
    const html = await res.text();
    const { scripts } = expectPolicyCovers(html, res.headers.get('content-security-policy'));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    if (route === '/' || route.startsWith('/property-details/')) expect(html).toContain('<script data-app-start>');
  });
});
