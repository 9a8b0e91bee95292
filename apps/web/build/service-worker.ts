import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ManifestEntry } from 'workbox-build';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (issue 30): src/sw/sw.ts built with Workbox by vite-plugin-pwa (injectManifest) to dist/sw.js,
 * the URL existing installs already have, so they update to it. The app registers it itself after load
 * (src/app/offline/register.ts) and ships its own web manifest (public/manifest.webmanifest).
 *
 * Precached on install: the shell only, the files dist/index.html links (entry script and the chunks it preloads,
 * the entry stylesheet, the icon font) and /app-shell (the page the server makes of index.html, so it carries
 * index.html's revision). Route chunks, locale chunks, Bootstrap and the Arabic fonts are cached at run time
 * when first used (a first visit reports the ones it loaded before the worker took control): an English
 * visitor never downloads the Arabic fonts, nobody downloads the pages they never open.
 */
export function serviceWorker(): Plugin[] {
  let outDir = '';
  const outDirOf: Plugin = {
    name: 'manzil-service-worker-outdir',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa wrote it: sw.js as .br and .gz like every other text file (vite.config.ts), which the
    // server sends as they are; written after the compression plugin ran, it would go out uncompressed.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = outDir && path.join(outDir, 'sw.js');
        if (!file || !fs.existsSync(file)) return;
        const js = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js, { level: 9 }));
      },
    },
  };
  return [
    outDirOf,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}'],
        // The offline pages' chunks are listed too, marked, for the worker to fetch once favourites are kept.
        // Hashed names: the URL is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          async (entries) => {
            const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
            const vite = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
            return { manifest: shellOnly(entries, html, offlinePageFiles(vite)), warnings: [] };
          },
        ],
      },
    }),
  ];
}

/** What the worker fetches once a visitor keeps favourites: marked in the manifest, never precached (sw.ts). */
export const OFFLINE_PAGE_REVISION = 'offline-page';

/** The pages the offline promise rests on (a listing, favourites, saved searches) and the locale files they read. */
const OFFLINE_PAGES = [
  'src/features/details/pages/PropertyDetailsPage.tsx',
  // Loaded by the listing's page when shown and on the first keystroke: without them a message to the owner could
  // not be written offline (the outbox sends it later).
  'src/features/contact/components/ContactOwnerForm.tsx',
  'src/features/contact/validation.ts',
  'src/features/favorites/pages/FavoritesPage.tsx',
  'src/features/saved-searches/pages/SavedSearchesPage.tsx',
];
const OFFLINE_NAMESPACES = ['common', 'errors', 'pages', 'details', 'favorites', 'savedSearches', 'search', 'contact', 'listings'];

type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** Those pages' chunks and stylesheets with everything they import, and their locale files in both languages. */
export function offlinePageFiles(vite: ViteManifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = vite[key];
    if (!chunk || key === 'index.html' || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const page of OFFLINE_PAGES) visit(page);
  for (const lang of ['ar', 'en']) for (const ns of OFFLINE_NAMESPACES) visit(`src/i18n/locales/${lang}/${ns}.json`);
  return files;
}

/**
 * The entries dist/index.html links, index.html itself as /app-shell, and the offline pages' files (not in the
 * shell) marked with OFFLINE_PAGE_REVISION. Exported for its unit test.
 */
export function shellOnly<E extends ManifestEntry>(entries: E[], indexHtml: string, offlinePages: Set<string> = new Set()): E[] {
  const linked = new Set([...indexHtml.matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css|woff2))["']/g)].map((m) => m[1]!.slice(1)));
  const out: E[] = [];
  for (const e of entries) {
    if (e.url === 'index.html') out.push({ ...e, url: 'app-shell' });
    else if (linked.has(e.url)) out.push(e);
    else if (offlinePages.has(e.url)) out.push({ ...e, revision: OFFLINE_PAGE_REVISION });
  }
  return out;
}
