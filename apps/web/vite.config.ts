import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { arabicFontSubset } from './build/arabic-font';
import { bootstrapIconsSubset } from './build/bootstrap-icons';
import { bootstrapStylesheets } from './build/bootstrap-stylesheets';
import { manualChunks } from './build/chunks';
import { minifyInline } from './build/minify-inline';
import { serverBundle } from './build/server-bundle';
import { serviceWorker } from './build/service-worker';
import { startAfterPaint } from './build/start-after-paint';

/**
 * The web app: a client build (dist/) and, built after it by serverBundle, the server renderer the API
 * loads (dist/server/entry-server.mjs). Each build concern is a module of its own under build/.
 */
export default defineConfig({
  plugins: [
    react(),
    bootstrapStylesheets(),
    bootstrapIconsSubset(),
    arabicFontSubset(),
    startAfterPaint(),
    minifyInline(),
    // Every text file also as .br (quality 11) and .gz (level 9), sent by the server as they are (@fastify/static
    // preCompressed): the on-the-fly brotli, tuned for API answers, made the react chunk 3% larger than gzip.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json|webmanifest|txt)$/, exclude: /(^|\/)(server|\.vite)\//, threshold: 1024, logLevel: 'silent' }),
    serverBundle(),
    serviceWorker(),
  ],
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
    // dist/.vite/manifest.json (not served): the server links each page's chunks and stylesheets from it, and
    // `npm run bench:web` weighs them.
    manifest: true,
    rollupOptions: {
      output: { manualChunks },
      // "use client" banners of react-router, TanStack Query and react-bootstrap: nothing to act on.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
