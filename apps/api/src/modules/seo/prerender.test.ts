/**
 * Progressive first paint (issue 8): the HTML of `/` carries the build's static copy of the top of the home
 * page in both languages, with the home page's stylesheets and without the full-screen preloader; other
 * paths are unchanged. Over real HTTP against a fake build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWebTestApp, DB_KINDS } from '../../../test/helpers.js';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { injectPrerender } from './prerender.js';

const ENTRY = '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>';
const PRELOADS = '<link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">\n    <link rel="modulepreload" crossorigin href="/assets/i18n-Ef56.js">';
const ROUTES =
  "<script data-route-preload>(function(){window.__routes=(window.__routes||0)+1;var k=document.createElement('link');k.rel='modulepreload';k.href='/assets/Page-Gh78.js';document.head.appendChild(k)})();</script>";
const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><title>منزل | Manzil</title>
    ${ENTRY}
    ${PRELOADS}
    <script>(function(){window.__fonts=1})();</script>
    ${ROUTES}
  </head><body>
    <div id="preloader" role="status"><svg></svg><div class="preloader-spinner"></div><span>Loading…</span></div>
    <div id="root"></div>
  </body></html>`;

/**
 * Runs the page's "hide the copy at any other address" script against a location, the way the browser would
 * (the service worker may serve this HTML for another address when offline): true when it hides the copy.
 */
function hidesCopyAt(html: string, location: { pathname: string; search?: string }): boolean {
  const script = /<script>(if\(\(location[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no hide script in the page');
  const document = { documentElement: { className: '' } };
  new Function('location', 'document', script)({ search: '', ...location }, document);
  return document.documentElement.className.includes('no-prerender');
}

/** What the stand-in renderer below wrote into each language block, by the class of its <h1>. */
function renderedBlocks<T>(html: string, h1Class: string): T[] {
  const re = new RegExp(`<div class="prerender prerender-(ar|en)" lang="\\1" dir="(?:rtl|ltr)"><main><h1 class="${h1Class}">(.*?)</h1></main></div>`, 'g');
  return [...html.matchAll(re)].map((m) => JSON.parse(m[2]!.replace(/&lt;/g, '<')) as T);
}

describe.each(DB_KINDS)('home page HTML with its static first view (%s)', (kind) => {
  let url: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const web = await createWebTestApp(
      {
        'index.html': INDEX,
        'prerender/home.json': JSON.stringify({
          css: ['/assets/HomePage-Ab12.css', '"><script>alert(1)</script>.css', '//evil.example/x.css'],
          ar: '<header class="site-header"></header><main><h1 class="home-hero-title">ابحث عن بيتك</h1></main>',
          en: '<header class="site-header"></header><main><h1 class="home-hero-title">Find your home</h1></main>',
        }),
      },
      { kind },
    );
    url = web.url;
    cleanup = web.close;
  });
  afterAll(async () => cleanup?.());

  it('/ has both language blocks in #root, the home stylesheets and no preloader', async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<div id="root" data-prerendered="home"><div class="prerender prerender-ar" lang="ar" dir="rtl"><header class="site-header"></header><main><h1 class="home-hero-title">ابحث عن بيتك</h1></main></div>' +
        '<div class="prerender prerender-en" lang="en" dir="ltr"><header class="site-header"></header><main><h1 class="home-hero-title">Find your home</h1></main></div></div>',
    );
    expect(html).not.toContain('id="preloader"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/HomePage-Ab12.css" />');
    // Only the build's own /assets/*.css paths become links.
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('evil.example');
    // Only the block of the chosen language shows (html[lang] is set before the first paint).
    expect(html).toContain('html[lang="en"] .prerender-ar');
    expect(html).toContain('html:not([lang="en"]) .prerender-en');
    // ?lang=en gets the same HTML: the start-up script picks the block.
    expect(await (await fetch(`${url}/?lang=en`)).text()).toBe(html);
    // The copy shows only at / (the service worker serves this HTML for any address when offline).
    for (const [pathname, hidden] of [['/', false], ['/about', true], ['/property-details/1', true]] as const) {
      expect(hidesCopyAt(html, { pathname }), pathname).toBe(hidden);
    }
  });

  it('other paths keep the plain shell with its preloader, and start their scripts at once', async () => {
    for (const p of ['/search-list', '/home-v2', '/about']) {
      const html = await (await fetch(url + p)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('id="preloader"');
      expect(html).not.toContain('prerender');
      expect(html).toContain(ENTRY);
      expect(html).toContain(PRELOADS);
      expect(html).toContain(ROUTES);
      expect(html).not.toContain('data-app-start');
    }
  });

  it('/ starts the app after its first paint: entry, module and route preloads move into one script after #root', async () => {
    const html = await (await fetch(`${url}/`)).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('data-route-preload');
    // The font preloads stay in <head>: the first paint's text needs them.
    expect(html.indexOf('window.__fonts=1')).toBeLessThan(html.indexOf('</head>'));
    const loader = /<script data-app-start>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader).toBeDefined();
    expect(html.indexOf('<script data-app-start>')).toBeGreaterThan(html.indexOf('data-prerendered="home"'));
    expect(html.indexOf('<script data-app-start>')).toBeLessThan(html.indexOf('</body>'));

    // Run it against a minimal browser: nothing until the first contentful paint is on screen, then
    // everything once, one element per task.
    const scripts = [
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/react-Cd34.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/i18n-Ef56.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index-Ab12.js' },
      { rel: 'modulepreload', href: '/assets/Page-Gh78.js' },
    ];
    function browser(opts: { hidden?: boolean; paintEntries?: boolean; className?: string; noChannel?: boolean } = {}) {
      const added: Record<string, string>[] = [];
      const frames: (() => void)[] = [];
      const timers: { f: () => void; ms: number }[] = [];
      const listeners: Record<string, (() => void)[]> = {};
      const messages: (() => void)[] = [];
      const observers: { cb: (list: { getEntriesByName(n: string): unknown[] }, o: { disconnect(): void }) => void; disconnected: boolean; options?: unknown }[] = [];
      const on = (t: string, f: () => void) => (listeners[t] ??= []).push(f);
      const document = {
        visibilityState: opts.hidden ? 'hidden' : 'visible',
        documentElement: { className: opts.className ?? '' },
        head: { appendChild: (el: Record<string, string>) => added.push(el) },
        createElement: () => ({}),
        addEventListener: on,
      };
      class PerformanceObserver {
        static supportedEntryTypes = opts.paintEntries === false ? ['resource'] : ['paint', 'resource'];
        entry: (typeof observers)[number];
        constructor(cb: (typeof observers)[number]['cb']) {
          this.entry = { cb, disconnected: false };
          observers.push(this.entry);
        }
        observe(options: unknown) {
          this.entry.options = options;
        }
        disconnect() {
          this.entry.disconnected = true;
        }
      }
      // Messages wait until the test delivers them (drain): each is a task of its own.
      class MessageChannel {
        port1: { onmessage: null | (() => void) } = { onmessage: null };
        port2 = { postMessage: () => messages.push(() => this.port1.onmessage?.()) };
      }
      const window: Record<string, unknown> = { PerformanceObserver, addEventListener: on, ...(opts.noChannel ? {} : { MessageChannel }) };
      /** Delivers the pending messages, and those they post, until none is left. */
      const drain = () => {
        while (messages.length) messages.shift()!();
      };
      new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', loader!)(
        document,
        window,
        (f: () => void) => frames.push(f),
        (f: () => void, ms: number) => timers.push({ f, ms }),
      );
      const paint = (...names: string[]) =>
        observers.forEach((o) => o.cb({ getEntriesByName: (n) => names.filter((x) => x === n) }, { disconnect: () => (o.disconnected = true) }));
      return { added, frames, timers, listeners, observers, window, paint, messages, drain };
    }

    const b = browser();
    expect(b.added).toEqual([]);
    expect(b.frames).toEqual([]);
    expect(b.observers).toHaveLength(1);
    expect(b.observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    b.paint('first-paint');
    expect(b.observers[0]!.disconnected).toBe(false);
    expect(b.timers.map((t) => t.ms)).toEqual([3000]);
    b.paint('first-contentful-paint');
    expect(b.observers[0]!.disconnected).toBe(true);
    expect(b.added).toEqual([]);
    b.timers.find((t) => t.ms === 0)!.f();
    // The first element in the timer's task, then one per message.
    expect(b.added).toEqual(scripts.slice(0, 1));
    for (let n = 2; n <= scripts.length; n++) {
      expect(b.messages).toHaveLength(1);
      b.messages.shift()!();
      expect(b.added).toEqual(scripts.slice(0, n));
    }
    expect(b.messages).toEqual([]);
    expect(b.window.__routes).toBe(1);
    // The safety timeout, a tap and a visibility change later add nothing more.
    b.timers.forEach((t) => t.f());
    Object.values(b.listeners).flat().forEach((f) => f());
    b.drain();
    expect(b.added).toHaveLength(scripts.length);
    expect(b.window.__routes).toBe(1);

    // No paint at all (a browser that holds it, or never reports it): the timeout starts it after 3 s.
    const late = browser();
    late.timers.find((t) => t.ms === 3000)!.f();
    late.drain();
    expect(late.added).toEqual(scripts);

    // A tap or key press before the first paint starts it at once.
    for (const t of ['pointerdown', 'keydown']) {
      const tapped = browser();
      tapped.listeners[t]!.forEach((f) => f());
      tapped.drain();
      expect(tapped.added).toEqual(scripts);
    }

    // Without paint entries, or with the static view hidden: after a frame, as before.
    for (const old of [browser({ paintEntries: false }), browser({ className: 'js no-prerender' })]) {
      expect(old.observers).toEqual([]);
      old.frames.forEach((f) => f());
      expect(old.added).toEqual([]);
      old.timers.forEach((t) => t.f());
      old.drain();
      expect(old.added).toEqual(scripts);
    }

    // A background tab paints nothing: it starts at once.
    const hidden = browser({ hidden: true });
    hidden.drain();
    expect(hidden.added).toEqual(scripts);

    // A browser without MessageChannel adds everything in the one task.
    const noChannel = browser({ noChannel: true });
    noChannel.paint('first-contentful-paint');
    noChannel.timers.find((t) => t.ms === 0)!.f();
    expect(noChannel.added).toEqual(scripts);
  });

  it('leaves a page without an empty #root alone', () => {
    const page = '<html><head></head><body><div id="root">x</div></body></html>';
    expect(injectPrerender(page, { name: 'home', css: [], blocks: [{ lang: 'ar', markup: '<p>x</p>' }] })).toBe(page);
  });
});

/**
 * A stand-in for the build's dist/prerender/render.mjs that writes out what the server gave it, so the test
 * can see which listing, which fields and which language each block was rendered from. (The real module,
 * React rendering the real components, is exercised by the browser tests against the real build.)
 */
const FAKE_RENDERER = `
export async function renderDetailsTop(listing, lng) {
  globalThis.__detailsRenders = (globalThis.__detailsRenders || 0) + 1;
  const seen = { lng, id: listing.id, title: lng === 'ar' ? listing.title_ar : listing.title_en, owner: listing.owner ?? null, photos: listing.media.length };
  return '<main><h1 class="details-title">' + JSON.stringify(seen).replace(/</g, '&lt;') + '</h1></main>';
}
export function searchPageBody(params, view) {
  const size = view === 'list' ? 10 : 12;
  const page = Number(params.get('page') || 1);
  const body = { skip: (page - 1) * size, limit: size };
  if (params.get('listing_type')) body.listing_type = params.get('listing_type');
  if (params.get('min_price')) body.min_price = Number(params.get('min_price'));
  return body;
}
export async function renderSearchTop(answer, view, search, lng) {
  const seen = { lng, view, search, total: answer.total, titles: answer.items.map((l) => l.title_en) };
  return '<main><h1 class="page-title">' + JSON.stringify(seen).replace(/</g, '&lt;') + '</h1></main>';
}`;

describe.each(DB_KINDS)('a listing page with its static first view (%s)', (kind) => {
  let web: Awaited<ReturnType<typeof createWebTestApp>>;
  let publicId: number;
  let pendingId: number;
  const renders = () => (globalThis as { __detailsRenders?: number }).__detailsRenders ?? 0;
  const blocks = (html: string) =>
    renderedBlocks<{ lng: string; id: number; title: string; owner: Record<string, unknown> | null; photos: number }>(html, 'details-title');

  beforeAll(async () => {
    web = await createWebTestApp(
      {
        'index.html': INDEX,
        'prerender/render.mjs': FAKE_RENDERER,
        'prerender/views.json': JSON.stringify({
          css: { details: ['/assets/PropertyDetailsPage-Ab12.css', '"><script>alert(1)</script>.css'], 'search-list': ['/assets/search-Cd34.css'], 'search-grid': ['/assets/search-Cd34.css'] },
        }),
      },
      { kind },
    );
    const { user } = await createUser({ app: web.app, db: web.db }, { phone_number: '+967777123456' });
    publicId = await insertListing(web.db, user.id, { title_en: 'Flat </h1><script>x</script>', title_ar: 'شقة' });
    await insertMedia(web.db, publicId, 0);
    pendingId = await insertListing(web.db, user.id, { title_en: 'Secret pending villa', status: 'pending' });
  });
  afterAll(async () => web?.close());

  it('carries the top of the page in both languages, from the public listing without its owner\'s contact details', async () => {
    const html = await (await fetch(`${web.url}/property-details/${publicId}`)).text();
    expect(html).toContain(`<div id="root" data-prerendered="details">`);
    const [ar, en] = blocks(html);
    expect(ar).toMatchObject({ lng: 'ar', id: publicId, title: 'شقة', photos: 1 });
    expect(en).toMatchObject({ lng: 'en', id: publicId, title: 'Flat </h1><script>x</script>', photos: 1 });
    // Crawlers read this HTML: the owner's e-mail and phone come only with the API's answer.
    for (const b of [ar!, en!]) {
      expect(b.owner).not.toBeNull();
      expect(b.owner).not.toHaveProperty('email');
      expect(b.owner).not.toHaveProperty('phone_number');
      expect(b.owner).not.toHaveProperty('phone');
    }
    expect(html).not.toContain('+967777123456');
    expect(html).not.toContain('id="preloader"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/PropertyDetailsPage-Ab12.css" />');
    expect(html).not.toContain('alert(1)');
    // A stored session sees the page as an owner may: the public copy of the content is hidden for it.
    expect(html).toContain('html[data-session] .prerender main{visibility:hidden}');
    // Shown only at its own address (the service worker may serve this HTML elsewhere offline).
    expect(html).toContain(`!==${JSON.stringify(`/property-details/${publicId}`)})document.documentElement.className+=" no-prerender"`);
    expect(hidesCopyAt(html, { pathname: `/property-details/${publicId}` })).toBe(false);
    expect(hidesCopyAt(html, { pathname: `/property-details/${publicId}/` })).toBe(false);
    expect(hidesCopyAt(html, { pathname: '/' })).toBe(true);
    expect(hidesCopyAt(html, { pathname: `/property-details/${publicId}0` })).toBe(true);
    // Scripts start after the first paint, as on /.
    expect(html).not.toContain('<script type="module"');
    expect(html.indexOf('<script data-app-start>')).toBeGreaterThan(html.indexOf('data-prerendered="details"'));
  });

  it('renders a listing once per version, and again after it changes', async () => {
    const before = renders();
    await fetch(`${web.url}/property-details/${publicId}`);
    await fetch(`${web.url}/property-details/${publicId}?lang=en`);
    expect(renders()).toBe(before);
    await web.db.updateTable('listings').set({ title_en: 'Renamed flat', updated_at: new Date(Date.now() + 1000) }).where('id', '=', publicId).execute();
    const html = await (await fetch(`${web.url}/property-details/${publicId}`)).text();
    expect(renders()).toBe(before + 2);
    expect(blocks(html)[1]).toMatchObject({ lng: 'en', title: 'Renamed flat' });
  });

  it('gives pending and missing listings no copy: their page is the plain shell', async () => {
    for (const id of [pendingId, 999_999]) {
      const html = await (await fetch(`${web.url}/property-details/${id}`)).text();
      expect(html).not.toContain('prerender');
      expect(html).not.toContain('Secret pending villa');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(ENTRY);
    }
  });
});

describe.each(DB_KINDS)('the search pages with their static first view (%s)', (kind) => {
  let web: Awaited<ReturnType<typeof createWebTestApp>>;
  const view = (html: string) => renderedBlocks<{ lng: string; view: string; search: string; total: number; titles: string[] }>(html, 'page-title');

  beforeAll(async () => {
    web = await createWebTestApp(
      {
        'index.html': INDEX,
        'prerender/render.mjs': FAKE_RENDERER,
        'prerender/views.json': JSON.stringify({ css: { details: [], 'search-list': ['/assets/search-Cd34.css'], 'search-grid': ['/assets/search-Cd34.css'] } }),
      },
      { kind },
    );
    const { user } = await createUser({ app: web.app, db: web.db });
    for (let i = 0; i < 12; i++) await insertListing(web.db, user.id, { title_en: `Sale ${i}`, listing_type: 'FOR_SALE', price: 1000 + i });
    await insertListing(web.db, user.id, { title_en: 'Rent 1', listing_type: 'FOR_RENT', price: 300 });
    await insertListing(web.db, user.id, { title_en: 'Pending sale', listing_type: 'FOR_SALE', status: 'pending' });
  });
  afterAll(async () => web?.close());

  it('renders the answer to the page\'s own search (its filters and page), in both languages, as the API would answer it', async () => {
    const html = await (await fetch(`${web.url}/search-list?listing_type=FOR_SALE&page=2`)).text();
    expect(html).toContain('<div id="root" data-prerendered="search-list">');
    const [ar, en] = view(html);
    expect(ar).toMatchObject({ lng: 'ar', view: 'list', search: '?listing_type=FOR_SALE&page=2' });
    expect(en!.lng).toBe('en');
    const api = (await (await fetch(`${web.url}/api/v1/listings/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ skip: 10, limit: 10, listing_type: 'FOR_SALE' }) })).json()) as { items: { title_en: string }[] };
    expect(en!.titles).toEqual(api.items.map((l) => l.title_en));
    expect(en!.titles).toHaveLength(2);
    expect(en!.total).toBe(12);
    expect(html).toContain('<link rel="stylesheet" href="/assets/search-Cd34.css" />');
    expect(html.indexOf('<script data-app-start>')).toBeGreaterThan(html.indexOf('data-prerendered="search-list"'));
    // Shown only at this address, query included (another search must not flash these results).
    expect(hidesCopyAt(html, { pathname: '/search-list', search: '?listing_type=FOR_SALE&page=2' })).toBe(false);
    expect(hidesCopyAt(html, { pathname: '/search-list', search: '?listing_type=FOR_RENT' })).toBe(true);
    expect(hidesCopyAt(html, { pathname: '/search-grid', search: '?listing_type=FOR_SALE&page=2' })).toBe(true);
  });

  it('renders the grid with its own page size', async () => {
    const [, en] = view(await (await fetch(`${web.url}/search-grid`)).text());
    expect(en).toMatchObject({ view: 'grid', search: '', total: 13 });
    expect(en!.titles).toHaveLength(12);
    expect(en!.titles).not.toContain('Pending sale');
  });

  it('keeps the plain shell for an empty page and for a search the API would refuse', async () => {
    for (const q of ['?listing_type=FOR_SALE&page=9', '?min_price=-5', '?listing_type=HOUSEBOAT']) {
      const html = await (await fetch(`${web.url}/search-list${q}`)).text();
      expect(html, q).toContain('<div id="root"></div>');
      expect(html, q).not.toContain('prerender');
      expect(html, q).toContain(ENTRY);
    }
  });
});
