import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin, type Rollup } from 'vite';
import { cssClassesIn, dropUnusedRules, stringWordsIn, wordsIn } from './build/unused-css';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** A font cut down to the characters of `text`, as woff2 (subset-font: HarfBuzz, layout features kept). */
function subsetWoff2(font: Buffer, text: string): Promise<Buffer> {
  const subsetFont = require('subset-font') as (font: Buffer, text: string, o: { targetFormat: 'woff2' }) => Promise<Buffer>;
  return subsetFont(font, text, { targetFormat: 'woff2' });
}

/** assets/<base>-<hash of the content>.woff2: a new name whenever the cut changes (assets are cached a year). */
const hashedFontName = (base: string, font: Buffer) => `assets/${base}-${createHash('sha256').update(font).digest('hex').slice(0, 8)}.woff2`;

/**
 * Bootstrap's LTR and RTL stylesheets as static files (`/vendor/bootstrap-<v>[.rtl].min.css` on the dev server,
 * `/vendor/bootstrap-<v>-<hash>[.rtl].min.css` in a build). index.html carries
 * `<link id="bootstrap-css" data-ltr=… data-rtl=…>`; an inline script picks the right one before the first
 * paint and i18n swaps it on a language change, without a reload. Nothing is copied into the source tree:
 * the dev server serves the files from node_modules and the build emits them as assets.
 *
 * A build keeps only the rules whose classes the shipped code can use (build/unused-css.ts): Bootstrap is
 * render-blocking on every first visit, and most of its 31 KB gzip is utilities and components the app never
 * renders. The file name carries a hash of the content, since /vendor/ is cached for a year (and by the
 * service worker) and the kept rules change with the app.
 */
function bootstrapStylesheets(): Plugin {
  const pkgPath = require.resolve('bootstrap/package.json');
  const version = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
  const cssDir = join(dirname(pkgPath), 'dist', 'css');
  const sources = { ltr: join(cssDir, 'bootstrap.min.css'), rtl: join(cssDir, 'bootstrap.rtl.min.css') };
  const devFiles: Record<string, string> = {
    [`vendor/bootstrap-${version}.min.css`]: sources.ltr,
    [`vendor/bootstrap-${version}.rtl.min.css`]: sources.rtl,
  };
  // The source map comment points at a file we do not ship.
  const read = (file: string) => readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '');
  let serve = false;

  return {
    name: 'manzil-bootstrap-stylesheets',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      // In a build the placeholders stay until generateBundle knows the hashed names.
      handler: (html) =>
        serve
          ? html.replaceAll('{{BOOTSTRAP_LTR}}', `/vendor/bootstrap-${version}.min.css`).replaceAll('{{BOOTSTRAP_RTL}}', `/vendor/bootstrap-${version}.rtl.min.css`)
          : html,
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.slice(1);
        const file = name ? devFiles[name] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(read(file));
      });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') throw new Error('bootstrap stylesheets: index.html is not in the bundle yet');
        const words = wordsIn([readFileSync(join(here, 'index.html'), 'utf8'), String(html.source)]);
        for (const out of Object.values(bundle)) {
          if (out.type === 'chunk') stringWordsIn(out.code, words);
          else if (out.fileName.endsWith('.css')) cssClassesIn(String(out.source), words);
        }
        let page = String(html.source);
        for (const dir of ['ltr', 'rtl'] as const) {
          const full = read(sources[dir]);
          const { css, keptRules, droppedRules } = dropUnusedRules(full, words);
          const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
          const fileName = `vendor/bootstrap-${version}-${hash}${dir === 'rtl' ? '.rtl' : ''}.min.css`;
          this.emitFile({ type: 'asset', fileName, source: css });
          this.info(`bootstrap ${dir}: kept ${keptRules} rules, dropped ${droppedRules}; ${(full.length / 1024).toFixed(0)} → ${(css.length / 1024).toFixed(0)} KB`);
          page = page.replaceAll(`{{BOOTSTRAP_${dir.toUpperCase()}}}`, `/${fileName}`);
        }
        if (page.includes('{{BOOTSTRAP_')) throw new Error('bootstrap stylesheets: a placeholder was left in index.html');
        html.source = page;
      },
    },
  };
}

/**
 * Bootstrap Icons, cut down to the icons the app uses. The full webfont is 134 KB (and its CSS lists all
 * 2,000 classes); a build needs only the hundred or so that appear in src/. `import 'virtual:bootstrap-icons.css'`
 * gives the full stylesheet on the dev server and, in a build, a stylesheet with only the used classes and a
 * woff2 subset made with subset-font (harfbuzz), preloaded from index.html.
 *
 * Which icons are used is read from the source: every `bi-NAME` token, every quoted string that is an icon
 * name (`icon: 'buildings'`, `icon="envelope"` → `bi bi-${icon}`), and for a template such as
 * `bi-chevron-${open ? 'up' : 'down'}` the prefix joined with each quoted string of that file. Over-counting
 * an icon costs a few hundred bytes; missing one would show an empty box, so the scan errs wide.
 */
function bootstrapIconsSubset(): Plugin {
  const VIRTUAL = 'virtual:bootstrap-icons.css';
  const RESOLVED = '\0manzil-bootstrap-icons.css';
  const fontDir = join(dirname(require.resolve('bootstrap-icons/package.json')), 'font');
  const codepoints = JSON.parse(readFileSync(join(fontDir, 'bootstrap-icons.json'), 'utf8')) as Record<string, number>;
  const srcDir = join(here, 'src');
  let serve = false;
  let fontFile = '';

  function usedIcons(): string[] {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|css|html)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) scan(readFileSync(p, 'utf8'));
      }
    };
    const scan = (text: string) => {
      const literals = [...text.matchAll(/['"`]([a-z0-9]+(?:-[a-z0-9]+)*)['"`]/g)].map((m) => m[1]!);
      for (const m of text.matchAll(/\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)/g)) used.add(m[1]!);
      for (const l of literals) used.add(l);
      for (const m of text.matchAll(/\bbi-((?:[a-z0-9]+-)*)\$\{/g)) for (const l of literals) used.add(m[1]! + l);
    };
    walk(srcDir);
    scan(readFileSync(join(here, 'index.html'), 'utf8'));
    return [...used].filter((n) => codepoints[n] !== undefined).sort();
  }

  return {
    name: 'manzil-bootstrap-icons-subset',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      if (id !== VIRTUAL) return undefined;
      return serve ? join(fontDir, 'bootstrap-icons.min.css') : RESOLVED;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const names = usedIcons();
      const font = await subsetWoff2(readFileSync(join(fontDir, 'fonts/bootstrap-icons.woff2')), String.fromCodePoint(...names.map((n) => codepoints[n]!)));
      fontFile = hashedFontName('bootstrap-icons-subset', font);
      this.emitFile({ type: 'asset', fileName: fontFile, source: font });
      const base = readFileSync(join(fontDir, 'bootstrap-icons.min.css'), 'utf8');
      // The rule every icon shares (font family, alignment), copied from the package's own stylesheet.
      const shared = /\.bi::before,[^{]+\{[^}]+\}/.exec(base)?.[0];
      if (!shared) throw new Error('bootstrap-icons.min.css: the shared .bi::before rule was not found');
      // swap, not block: with the font preloaded it is there before the first paint anyway.
      const face = `@font-face{font-display:swap;font-family:bootstrap-icons;src:url("/${fontFile}") format("woff2")}`;
      const classes = names.map((n) => `.bi-${n}::before{content:"\\${codepoints[n]!.toString(16)}"}`).join('');
      this.info(`bootstrap-icons: ${names.length} icons, woff2 subset ${(font.length / 1024).toFixed(1)} KB`);
      return `${face}${shared}${classes}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        fontFile ? [{ tag: 'link', attrs: { rel: 'preload', href: `/${fontFile}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }] : [],
    },
  };
}

/**
 * Noto Sans Arabic, cut down to what Arabic text here uses: the Arabic block (letters, marks, Arabic-Indic
 * digits, punctuation), the joiners and direction marks, and presentation forms B, which older text still
 * carries, with the few presentation forms A people type (ﷲ, ﷺ, ﷻ, the Rial sign ﷼, ﷽). The package's "arabic"
 * files also hold the Arabic Supplement and Extended blocks and the other presentation forms A (hundreds of
 * ligatures): 49–50 KB per weight, against 24–25 KB for this. Each Arabic first visit
 * loads two weights, so this is ~50 KB less before the text settles on a slow link. GSUB/GPOS survive the cut
 * (HarfBuzz keeps the shaping features), so words join as before; a character outside the range (a Persian or
 * Urdu letter, a ligature sign) takes the next font in the stack, as `unicode-range` tells the browser up front.
 *
 * The space and the no-break space are in the range too (the package's files carry their glyphs but leave them
 * to Google's Latin file, which we do not ship). The first font of a stack that covers the space is the one the
 * browser measures lines with; without it, every size and weight of Arabic text also set up the system font
 * behind it, and on Linux each such setup is a blocking call to the browser process (measured on a listing's
 * page: 36 of these instead of 13, and the first layout twice as long).
 * Build only: the dev server serves the package's own files.
 */
const ARABIC_RANGES: [number, number][] = [
  [0x0020, 0x0020],
  [0x00a0, 0x00a0],
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
  [0x2010, 0x2011],
  [0x204f, 0x204f],
  [0x2e41, 0x2e41],
  [0xfdf2, 0xfdf2],
  [0xfdfa, 0xfdfd],
  [0xfe70, 0xfeff],
];

function arabicFontSubset(): Plugin {
  const pkgDir = dirname(require.resolve('@fontsource/noto-sans-arabic/package.json'));
  const PREFIX = '\0manzil-arabic-font-';
  const text = ARABIC_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const unicodeRange = ARABIC_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
  return {
    name: 'manzil-arabic-font-subset',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise hand the package's stylesheet straight to the CSS plugin.
    enforce: 'pre',
    resolveId(id) {
      const m = /^@fontsource\/noto-sans-arabic\/arabic-(400|700)\.css$/.exec(id);
      return m ? `${PREFIX}${m[1]}.css` : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const weight = id.slice(PREFIX.length, -'.css'.length);
      const source = readFileSync(join(pkgDir, 'files', `noto-sans-arabic-arabic-${weight}-normal.woff2`));
      const font = await subsetWoff2(source, text);
      // The name keeps the package's pattern: index.html's preload script (routePreloads) looks for it.
      const fileName = hashedFontName(`noto-sans-arabic-arabic-${weight}-normal`, font);
      this.emitFile({ type: 'asset', fileName, source: font });
      this.info(`Noto Sans Arabic ${weight}: ${(source.length / 1024).toFixed(1)} KB -> ${(font.length / 1024).toFixed(1)} KB`);
      return `@font-face{font-family:'Noto Sans Arabic';font-style:normal;font-display:swap;font-weight:${weight};src:url("/${fileName}") format("woff2");unicode-range:${unicodeRange}}`;
    },
  };
}

/**
 * The chunks of a build and what each brings with it: its static imports, transitively, and their stylesheets.
 * Route preloads and the static first views both need "this page's chunk and everything it loads".
 */
function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** `file` and every chunk it imports, leaving out those in `except` (and what only they import). */
  const closure = (file: string, except: ReadonlySet<string> = new Set(), into = new Set<string>()): Set<string> => {
    if (into.has(file) || except.has(file)) return into;
    into.add(file);
    for (const i of byFile.get(file)?.imports ?? []) closure(i, except, into);
    return into;
  };
  const cssOf = (files: Iterable<string>) => [...new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
  const bySource = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
  return { entry: chunks.find((c) => c.isEntry), closure, cssOf, bySource };
}

/**
 * Route preloads: index.html gets a small inline script that, for the URL being opened, adds
 * `<link rel=modulepreload>` for the page's lazy chunk (and the chunks it imports), its stylesheets and the
 * locale files named in routes.ts `ns`. Without it those requests start only after the entry bundle has
 * downloaded and run (React, router), one more round trip before the first screen on a slow network.
 * The routes are read from src/app/routes.ts, the same table the router uses.
 */
function routePreloads(): Plugin {
  const routesFile = join(here, 'src/app/routes.ts');
  return {
    name: 'manzil-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const { entry, closure, cssOf, bySource } = chunkGraph(bundle);
        if (!entry) return html;
        // Everything the entry loads already has its own <link> or <script> in the page.
        const have = closure(entry.fileName);
        const src = readFileSync(routesFile, 'utf8');
        const routes: [string, string[], Record<string, string[]>][] = [];
        for (const m of src.matchAll(/path:\s*'([^']+)',\s*load:\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)(?:,\s*ns:\s*\[([^\]]*)\])?/g)) {
          const page = bySource(`src/${m[2]}.tsx`);
          if (!page || m[1] === '*') continue;
          const files = closure(page.fileName, have);
          const css = cssOf(files);
          const locales: Record<string, string[]> = {};
          for (const ns of [...(m[3] ?? '').matchAll(/'([a-z-]+)'/g)].map((x) => x[1]!)) {
            for (const lng of ['ar', 'en']) {
              const chunk = bySource(`src/i18n/locales/${lng}/${ns}.json`);
              if (chunk) (locales[lng] ??= []).push(chunk.fileName);
            }
          }
          // Path pattern as the router matches it: `:param` is one segment, case-insensitive.
          const pattern = `^${m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`;
          routes.push([pattern, [...files, ...css], locales]);
        }
        // Arabic regular and bold otherwise start loading only when text in them is laid out, and their swap then
        // moves the page (CLS): on pages whose HTML carries a static first view (no preloader), that text is
        // the first paint.
        const fonts = ['400', '700']
          .map((w) => Object.keys(bundle).find((f) => new RegExp(`noto-sans-arabic-arabic-${w}-normal-[\\w-]+\\.woff2$`).test(f)))
          .filter((f): f is string => Boolean(f));
        const fontPreload = fonts.length
          ? `if(l==='ar'){var F=${JSON.stringify(fonts)};for(var n=0;n<F.length;n++){var b=document.createElement('link');b.rel='preload';b.as='font';b.type='font/woff2';b.crossOrigin='';b.href='/'+F[n];document.head.appendChild(b)}}`
          : '';
        const lang = `var l=document.documentElement.lang==='en'?'en':'ar';`;
        const fontScript = fontPreload ? `(function(){try{${lang}${fontPreload}}catch(e){}})();` : '';
        const routeScript = `(function(){try{var R=${JSON.stringify(routes)},p=location.pathname;${lang}for(var i=0;i<R.length;i++){if(!new RegExp(R[i][0],'i').test(p))continue;var f=R[i][1].concat(R[i][2][l]||[]);for(var j=0;j<f.length;j++){var k=document.createElement('link');if(/\\.css$/.test(f[j])){k.rel='preload';k.as='style'}else{k.rel='modulepreload';k.crossOrigin=''}k.href='/'+f[j];document.head.appendChild(k)}break}}catch(e){}})();`;
        // data-route-preload: the server moves this script, with the entry's, after the first paint where the
        // HTML carries a static first view (apps/api/src/modules/seo/prerender.ts).
        return [
          ...(fontScript ? [{ tag: 'script', children: fontScript, injectTo: 'head' as const }] : []),
          { tag: 'script', attrs: { 'data-route-preload': '' }, children: routeScript, injectTo: 'head' as const },
        ];
      },
    },
  };
}

/**
 * Progressive first paint of `/`: after a build, the top of the home page (navbar + hero + search box) is
 * rendered from the real components in Node (src/app/prerender/home.tsx), in Arabic and English, into
 * dist/prerender/home.json together with the stylesheets of the home page's chunk. The server
 * (apps/api/src/modules/seo/prerender.ts) puts both languages into the HTML of `/`; index.html's start-up
 * script has already chosen the language, and CSS shows only that block. React replaces it on its first
 * render (main.tsx waits until the page is ready, so no spinner comes in between).
 */
function prerenderHome(): Plugin {
  let outDir = '';
  let css: string[] = [];
  let viewCss: Record<string, string[]> = {};
  return {
    name: 'manzil-prerender-home',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const { entry, closure, cssOf, bySource } = chunkGraph(bundle);
      if (!entry) throw new Error('prerender: entry chunk not found');
      const startCss = new Set(cssOf(closure(entry.fileName)));
      // The stylesheets a page's chunk brings beyond the start's: render-blocking in that page's HTML, so
      // its static copy paints styled.
      const pageCss = (source: string) => {
        const page = bySource(source);
        if (!page) throw new Error(`prerender: chunk of ${source} not found`);
        return cssOf(closure(page.fileName)).filter((f) => !startCss.has(f)).map((f) => `/${f}`);
      };
      css = pageCss('src/features/home/pages/HomePage.tsx');
      viewCss = {
        details: pageCss('src/features/details/pages/PropertyDetailsPage.tsx'),
        'search-list': pageCss('src/features/search/pages/SearchListPage.tsx'),
        'search-grid': pageCss('src/features/search/pages/SearchGridPage.tsx'),
      };
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: here,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [react()],
      });
      try {
        const mod = (await server.ssrLoadModule('/src/app/prerender/home.tsx')) as typeof import('./src/app/prerender/home');
        const out = { css, ar: await mod.renderHomeTop('ar'), en: await mod.renderHomeTop('en') };
        mkdirSync(join(outDir, 'prerender'), { recursive: true });
        writeFileSync(join(outDir, 'prerender', 'home.json'), JSON.stringify(out));
        this.info(`prerender home: ar ${(out.ar.length / 1024).toFixed(1)} KB, en ${(out.en.length / 1024).toFixed(1)} KB, css ${css.join(' ')}`);
      } finally {
        await server.close();
      }
      // Pages whose first view depends on data (a listing) are rendered by the server at request time, from
      // this bundle of the same components (src/app/prerender/server.ts). Everything is bundled in, so the
      // server needs nothing from the web app's dependencies; CSS imports are dropped (the page links them).
      await build({
        configFile: false,
        root: here,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        // React's production build whatever the server's NODE_ENV (the development one renders ~5× slower).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/app/prerender/server.ts',
          outDir: join(outDir, 'prerender'),
          emptyOutDir: false,
          minify: false,
          rollupOptions: {
            output: { entryFileNames: 'render.mjs', inlineDynamicImports: true },
            onwarn(warning, warn) {
              // "use client" banners and zod's comments that Rollup cannot place: nothing to act on.
              if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
              warn(warning);
            },
          },
        },
      });
      writeFileSync(join(outDir, 'prerender', 'views.json'), JSON.stringify({ css: viewCss }));
    },
  };
}

/** Split vendors so the home route stays small; map code only ever loads with a map page. */
function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet|leaflet\.markercluster|@geoman-io)[\\/]/.test(id)) {
    return undefined; // left to the lazy map chunks that import them, never the entry
  }
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/.test(id)) {
    return 'react';
  }
  if (/[\\/]node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements)[\\/]/.test(id)) {
    return 'i18n';
  }
  if (/[\\/]node_modules[\\/]@tanstack[\\/]/.test(id)) return 'query';
  return undefined;
}

export default defineConfig({
  plugins: [react(), bootstrapStylesheets(), bootstrapIconsSubset(), arabicFontSubset(), routePreloads(), prerenderHome()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/robots.txt': 'http://localhost:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // WEB_SOURCEMAP=1 npm run build: source maps beside the chunks, to read a CPU profile of the built app by
    // source line (never shipped by default: they would double what the server holds).
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // dist/.vite/manifest.json (not served): `npm run bench:web` reads each route's chunks from it.
    manifest: true,
    rollupOptions: {
      output: { manualChunks },
      // "use client" banners of react-router, TanStack Query and react-bootstrap mean nothing in a SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
