/**
 * Progressive first paint (issue 8): the HTML of `/` carries the build's static copy of the top of the home
 * page in both languages, with the home page's stylesheets and without the full-screen preloader; other
 * paths are unchanged. Over real HTTP against a fake build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp } from '../../../test/helpers.js';
import { injectPrerender } from './prerender.js';

const ENTRY = '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>';
const PRELOADS = '<link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">\n    <link rel="modulepreload" crossorigin href="/assets/i18n-Ef56.js">';
const ROUTES = "<script data-route-preload>(function(){window.__routes=(window.__routes||0)+1})();</script>";
const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><title>منزل | Manzil</title>
    ${ENTRY}
    ${PRELOADS}
    <script>(function(){window.__fonts=1})();</script>
    ${ROUTES}
  </head><body>
    <div id="preloader" role="status"><svg></svg><div class="preloader-spinner"></div><span>Loading…</span></div>
    <div id="root"></div>
  </body></html>`;

describe('home page HTML with its static first view', () => {
  let url: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const web = await createWebTestApp({
      'index.html': INDEX,
      'prerender/home.json': JSON.stringify({
        css: ['/assets/HomePage-Ab12.css', '"><script>alert(1)</script>.css', '//evil.example/x.css'],
        ar: '<header class="site-header"></header><main><h1 class="home-hero-title">ابحث عن بيتك</h1></main>',
        en: '<header class="site-header"></header><main><h1 class="home-hero-title">Find your home</h1></main>',
      }),
    });
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

    // Run it against a minimal document: nothing before the frame callback, everything once, after it.
    const added: Record<string, string>[] = [];
    let frame: (() => void) | undefined;
    let timer: (() => void) | undefined;
    const listeners: (() => void)[] = [];
    const document = {
      visibilityState: 'visible',
      head: { appendChild: (el: Record<string, string>) => added.push(el) },
      createElement: () => ({}),
      addEventListener: (_: string, f: () => void) => listeners.push(f),
    };
    const window: Record<string, number> = {};
    const run = new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', loader!);
    run(document, window, (f: () => void) => (frame = f), (f: () => void) => (timer = f));
    expect(added).toEqual([]);
    frame!();
    expect(added).toEqual([]);
    timer!();
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/react-Cd34.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/i18n-Ef56.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index-Ab12.js' },
    ]);
    expect(window.__routes).toBe(1);
    listeners.forEach((f) => f());
    expect(added).toHaveLength(3);
    expect(window.__routes).toBe(1);

    // A background tab paints nothing: it starts at once.
    added.length = 0;
    run({ ...document, visibilityState: 'hidden' }, window, () => undefined, () => undefined);
    expect(added).toHaveLength(3);
    expect(window.__routes).toBe(2);
  });

  it('leaves a page without an empty #root alone', () => {
    const page = '<html><head></head><body><div id="root">x</div></body></html>';
    expect(injectPrerender(page, { name: 'home', css: [], blocks: [{ lang: 'ar', markup: '<p>x</p>' }] })).toBe(page);
  });
});
