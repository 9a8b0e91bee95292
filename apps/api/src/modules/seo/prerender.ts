/**
 * Progressive first paint (issue 8): the HTML of `/` carries a static copy of the top of the home page
 * (navbar, hero, search box) in Arabic and English, rendered at build time from the real React components
 * (apps/web/src/app/prerender/home.tsx → dist/prerender/home.json). index.html's start-up script sets
 * <html lang> before the first paint; CSS here shows only the block of that language, so an English
 * visitor never sees Arabic flash. React replaces the copy on its first render (apps/web/src/main.tsx).
 * The markup is the build's own output (no user content); the page then has no full-screen preloader.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface HomePrerender {
  /** Stylesheets of the home page's chunk (site paths), render-blocking so the copy paints styled. */
  css: string[];
  ar: string;
  en: string;
}

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
 * shown at another path (the service worker's offline shell is the HTML of `/`).
 */
export const PRERENDER_HEAD =
  '<style>.prerender{display:contents}html[lang="en"] .prerender-ar,html:not([lang="en"]) .prerender-en,html.no-prerender .prerender{display:none}</style>' +
  '<script>if(location.pathname!=="/")document.documentElement.className+=" no-prerender"</script>';

/** The full-screen preloader of index.html, which would cover the copy. */
const PRELOADER = /<div id="preloader"[\s\S]*?<\/div>\s*(?=<div id="root">)/;

/** Body copies and stylesheets of the static first view, into index.html. */
export function injectPrerender(html: string, view: { css: string[]; blocks: { lang: 'ar' | 'en'; markup: string }[]; name: string }): string {
  if (!html.includes('<div id="root"></div>')) return html;
  const head = [...view.css.map((href) => `<link rel="stylesheet" href="${href}" />`), PRERENDER_HEAD].join('\n    ');
  const blocks = view.blocks
    .map((b) => `<div class="prerender prerender-${b.lang}" lang="${b.lang}" dir="${b.lang === 'ar' ? 'rtl' : 'ltr'}">${b.markup}</div>`)
    .join('');
  return html
    .replace(/<\/head>/i, () => `    ${head}\n  </head>`)
    .replace(PRELOADER, () => '')
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${view.name}">${blocks}</div>`);
}

export function injectHomePrerender(html: string, home: HomePrerender): string {
  return injectPrerender(html, {
    name: 'home',
    css: home.css,
    blocks: [
      { lang: 'ar', markup: home.ar },
      { lang: 'en', markup: home.en },
    ],
  });
}
