import fs from 'node:fs';
import path from 'node:path';
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
      outDir = path.resolve(config.root, config.build.outDir);
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
        // Hashed names: the URL is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [async (entries) => ({ manifest: shellOnly(entries, fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')), warnings: [] })],
      },
    }),
  ];
}

/** The entries dist/index.html links, and index.html itself as /app-shell. Exported for its unit test. */
export function shellOnly<E extends ManifestEntry>(entries: E[], indexHtml: string): E[] {
  const linked = new Set([...indexHtml.matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css|woff2))["']/g)].map((m) => m[1]!.slice(1)));
  const out: E[] = [];
  for (const e of entries) {
    if (e.url === 'index.html') out.push({ ...e, url: 'app-shell' });
    else if (linked.has(e.url)) out.push(e);
  }
  return out;
}
