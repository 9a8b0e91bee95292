import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Bootstrap's LTR and RTL stylesheets as static, versioned files (`/vendor/bootstrap-<v>[.rtl].min.css`).
 * index.html carries `<link id="bootstrap-css" data-ltr=… data-rtl=…>`; an inline script picks the right one
 * before the first paint and i18n swaps it on a language change, without a reload. Nothing is copied into
 * the source tree: the dev server serves the files from node_modules and the build emits them as assets.
 */
function bootstrapStylesheets(): Plugin {
  const pkgPath = require.resolve('bootstrap/package.json');
  const version = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
  const cssDir = join(dirname(pkgPath), 'dist', 'css');
  const files = {
    [`vendor/bootstrap-${version}.min.css`]: join(cssDir, 'bootstrap.min.css'),
    [`vendor/bootstrap-${version}.rtl.min.css`]: join(cssDir, 'bootstrap.rtl.min.css'),
  };
  const ltr = `/vendor/bootstrap-${version}.min.css`;
  const rtl = `/vendor/bootstrap-${version}.rtl.min.css`;
  // The source map comment points at a file we do not ship.
  const read = (file: string) => readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '');

  return {
    name: 'manzil-bootstrap-stylesheets',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('{{BOOTSTRAP_LTR}}', ltr).replaceAll('{{BOOTSTRAP_RTL}}', rtl),
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.slice(1);
        const file = name ? files[name] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(read(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName, source: read(file) });
      }
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
  plugins: [react(), bootstrapStylesheets()],
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
    sourcemap: false,
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
