/**
 * Progressive first paint (issue 8): the HTML of `/` carries a static copy of the top of the home page
 * (navbar, hero, search box) in Arabic and English, rendered at build time from the real React components
 * (apps/web/src/app/prerender/home.tsx → dist/prerender/home.json). index.html's start-up script sets
 * <html lang> before the first paint; CSS here shows only the block of that language, so an English
 * visitor never sees Arabic flash. React replaces the copy on its first render (apps/web/src/main.tsx).
 * The markup is the build's own output (no user content); the page then has no full-screen preloader.
 *
 * A listing's page gets the same from the server at request time: the top of the page (badges, title, place,
 * price, photos) rendered from the same components by dist/prerender/render.mjs (src/app/prerender/server.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ListingRead } from '@manzil/shared';
import { ownScript, ownStyle } from '../../plugins/security-headers.js';

export interface HomePrerender {
  /** Stylesheets of the home page's chunk (site paths), render-blocking so the copy paints styled. */
  css: string[];
  ar: string;
  en: string;
}

/** A value as a JavaScript literal that is safe inside <script>. */
const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** dist/prerender/home.json, or null when the build has none (older build, tests without a web build). */
export function loadHomePrerender(distDir: string): HomePrerender | null {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender', 'home.json'), 'utf8')) as Partial<HomePrerender>;
    if (typeof data.ar !== 'string' || typeof data.en !== 'string' || !Array.isArray(data.css)) return null;
    return { css: data.css.filter((c) => typeof c === 'string' && /^\/assets\/[\w.-]+\.css$/.test(c)), ar: data.ar, en: data.en };
  } catch {
    return null;
  }
}

/**
 * Show only the block of the page's language. `display: contents` keeps the wrapper out of the layout, so
 * the copy sits in #root exactly as React's elements will. The script hides the copy if this HTML is ever
 * shown at another address (the service worker's offline shell is the HTML of the last page opened).
 */
export function prerenderHead(name: string, at: string, withQuery = false): string {
  // ownStyle / ownScript: the page's Content-Security-Policy allows this code by its hash (plugins/security-headers.ts).
  const css = ownStyle(
    '.prerender{display:contents}html[lang="en"] .prerender-ar,html:not([lang="en"]) .prerender-en,html.no-prerender .prerender{display:none}' +
      // Signed in (index.html sets data-session from the stored token): hide "Sign in" until the app shows the account.
      'html[data-session] .prerender [data-testid="nav-sign-in"]{visibility:hidden}' +
      // and a listing's copy, which shows it as the public sees it (an owner's controls come with the app).
      (name === 'details' ? 'html[data-session] .prerender main{visibility:hidden}' : ''),
  );
  const script = ownScript(
    `if((location.pathname.replace(/\\/+$/,'')||'/')${withQuery ? '+location.search' : ''}!==${json(at)})document.documentElement.className+=" no-prerender"`,
  );
  return `<style>${css}</style><script>${script}</script>`;
}

/** The full-screen preloader of index.html, which would cover the copy. */
const PRELOADER = /<div id="preloader"[\s\S]*?<\/div>\s*(?=<div id="root">)/;

/** Body copies and stylesheets of the static first view, into index.html. */
export function injectPrerender(
  html: string,
  view: { css: string[]; blocks: { lang: 'ar' | 'en'; markup: string }[]; name: string; at?: string; withQuery?: boolean },
): string {
  if (!html.includes('<div id="root"></div>')) return html;
  const head = [...view.css.map((href) => `<link rel="stylesheet" href="${href}" />`), prerenderHead(view.name, view.at ?? '/', view.withQuery)].join('\n    ');
  const blocks = view.blocks
    .map((b) => `<div class="prerender prerender-${b.lang}" lang="${b.lang}" dir="${b.lang === 'ar' ? 'rtl' : 'ltr'}">${b.markup}</div>`)
    .join('');
  return html
    .replace(/<\/head>/i, () => `    ${head}\n  </head>`)
    .replace(PRELOADER, () => '')
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${view.name}">${blocks}</div>`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;
const ROUTE_PRELOAD = /<script data-route-preload(?:="")?>([\s\S]*?)<\/script>\s*/;

/**
 * Start the app's JavaScript once the static first view is on screen. Over HTTP/1.1 the render-blocking
 * stylesheets otherwise share a slow link with ~150 KB of scripts the first paint does not need (Lighthouse's
 * simulated slow 4G, home: first contentful paint 2.2 s → 1.1–1.7 s). The entry, its module preloads and the route
 * preloads (vite.config.ts, `data-route-preload`) become one script at the end of <body>.
 *
 * "On screen" is the browser's first-contentful-paint entry, which carries the time the frame was presented,
 * not the time it was drawn: Chromium may hold a drawn frame back for a second or two (paint holding; the README,
 * "Why single runs still swing"), and scripts started in that gap compete with the first view and, in
 * Lighthouse's simulation, count against it (home: largest contentful paint 3.4 s → 1.7 s). Where the browser
 * has no paint entries, or the static view is hidden (`no-prerender`), a frame callback and a timeout after it
 * stand in, as before. It starts at once in a hidden page (a background tab paints nothing), on the first tap
 * or key press (the user wants the app now), and after 3 s whatever happened.
 *
 * Each script and preload joins <head> in a task of its own (a MessageChannel message, which background tabs
 * do not throttle as they do timers): starting a request costs Chromium 1.5–20 ms of main thread here, and the
 * 14 of a listing's page in one task made a 20–48 ms task (Lighthouse: total blocking time).
 */
export function startAppAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry || !html.includes('</body>')) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const routes = ROUTE_PRELOAD.exec(html)?.[1] ?? '';
  // The route preloads' script runs with a stand-in `document` whose head only queues (it uses documentElement,
  // createElement and head.appendChild): every element then joins <head> in a task of its own.
  const start =
    `function go(){if(started++)return;var d=document,q=[],Q=function(k){q.push(k)};${json(preloads)}.forEach(function(u){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=u;Q(k)});` +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${json(entry)};Q(s);` +
    `(function(document){${routes}})({documentElement:d.documentElement,createElement:function(t){return d.createElement(t)},head:{appendChild:Q}});` +
    `var M=window.MessageChannel,c=M&&new M();function next(){var k=q.shift();if(!k)return;d.head.appendChild(k);if(!q.length)return;if(!c)return next();c.port2.postMessage(0)}if(c)c.port1.onmessage=next;next()}`;
  const code =
    `(function(){var started=0;${start}` +
    `var d=document;if(d.visibilityState!=='visible')return go();d.addEventListener('visibilitychange',go);` +
    `['pointerdown','keydown'].forEach(function(t){window.addEventListener(t,go,{capture:true,passive:true,once:true})});` +
    `var P=window.PerformanceObserver,T=P&&P.supportedEntryTypes||[];` +
    `if(T.indexOf('paint')<0||/\\bno-prerender\\b/.test(d.documentElement.className))return requestAnimationFrame(function(){setTimeout(go,0)});` +
    `new P(function(l,o){if(!l.getEntriesByName('first-contentful-paint').length)return;o.disconnect();setTimeout(go,0)}).observe({type:'paint',buffered:true});` +
    `setTimeout(go,3000)})();`;
  // ownScript: the page's Content-Security-Policy allows the loader by its hash (plugins/security-headers.ts).
  const loader = `<script data-app-start>${ownScript(code)}</script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ROUTE_PRELOAD, '')
    .replace(/<\/body>/i, () => `  ${loader}\n  </body>`);
}

/** A static first view in both languages, then the app started after its first paint (above). */
function injectStaticView(html: string, view: { name: string; css: string[]; markup: Record<'ar' | 'en', string>; at?: string; withQuery?: boolean }): string {
  const { markup, ...rest } = view;
  const withView = injectPrerender(html, {
    ...rest,
    blocks: [
      { lang: 'ar', markup: markup.ar },
      { lang: 'en', markup: markup.en },
    ],
  });
  return withView === html ? html : startAppAfterFirstPaint(withView);
}

export function injectHomePrerender(html: string, home: HomePrerender): string {
  return injectStaticView(html, { name: 'home', css: home.css, markup: home });
}

/** The build's server-side renderer (dist/prerender/render.mjs) and the stylesheets of each view. */
export interface PageRenderer {
  renderDetailsTop(listing: ListingRead, lng: 'ar' | 'en'): Promise<string>;
  renderSearchTop(answer: SearchAnswer, view: SearchView, search: string, lng: 'ar' | 'en'): Promise<string>;
  /** The body the search page sends for its URL's query string (the web app's own function). */
  searchPageBody(params: URLSearchParams, view: SearchView): Record<string, unknown>;
  css: Record<'details' | `search-${SearchView}`, string[]>;
  /** Rendered copies by listing, version and language: a shared link brings many visits to one listing. */
  cache: Map<string, string>;
}

export type SearchView = 'list' | 'grid';
interface SearchAnswer {
  items: ListingRead[];
  total: number;
  total_capped: boolean;
}

/** Loads dist/prerender/render.mjs, or null when the build has none (older build, tests without a web build). */
export async function loadPageRenderer(distDir: string, log: { warn: (msg: string) => void }): Promise<PageRenderer | null> {
  const file = path.join(distDir, 'prerender', 'render.mjs');
  if (!fs.existsSync(file)) return null;
  try {
    const views = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender', 'views.json'), 'utf8')) as { css?: Record<string, unknown> };
    const mod = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    if (typeof mod.renderDetailsTop !== 'function' || typeof mod.renderSearchTop !== 'function' || typeof mod.searchPageBody !== 'function') return null;
    const css = (name: string) => {
      const list = views.css?.[name];
      return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string' && /^\/assets\/[\w.-]+\.css$/.test(c)) : [];
    };
    return {
      renderDetailsTop: mod.renderDetailsTop,
      renderSearchTop: mod.renderSearchTop,
      searchPageBody: mod.searchPageBody,
      css: { details: css('details'), 'search-list': css('search-list'), 'search-grid': css('search-grid') },
      cache: new Map(),
    };
  } catch (err) {
    log.warn(`prerender: ${file} could not be loaded (${(err as Error).message}); pages start without a static first view`);
    return null;
  }
}

const DETAILS_CACHE_SIZE = 200;

/**
 * The HTML of a public listing's page with the static top of the page in both languages (the listing as
 * the public sees it, without the owner's contact details), started like `/` after its first paint.
 */
export async function injectDetailsPrerender(html: string, listing: ListingRead, renderer: PageRenderer): Promise<string> {
  const markup = { ar: '', en: '' };
  for (const lang of ['ar', 'en'] as const) {
    const key = `${listing.id}:${listing.updated_at}:${lang}`;
    let rendered = renderer.cache.get(key);
    if (rendered === undefined) {
      rendered = await renderer.renderDetailsTop(listing, lang);
      if (renderer.cache.size >= DETAILS_CACHE_SIZE) renderer.cache.delete(renderer.cache.keys().next().value!);
      renderer.cache.set(key, rendered);
    }
    markup[lang] = rendered;
  }
  return injectStaticView(html, { name: 'details', at: `/property-details/${listing.id}`, css: renderer.css.details, markup });
}

/**
 * The HTML of /search-list or /search-grid with its static top (title, count, the page's cards) in both
 * languages, rendered for the answer to the page's own search. Only for a page with results (the caller's
 * check): an empty page's message and its "clear filters" button belong to the app.
 */
export function injectSearchPrerender(html: string, view: SearchView, search: string, markup: Record<'ar' | 'en', string>, renderer: PageRenderer): string {
  return injectStaticView(html, { name: `search-${view}`, at: `/search-${view}${search}`, withQuery: true, css: renderer.css[`search-${view}`], markup });
}
