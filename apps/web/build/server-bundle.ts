import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { webRoot } from './paths';

/**
 * After the client build, the same app built for Node: dist/server/entry-server.mjs (src/entry-server.tsx),
 * which the API imports to render pages. Everything is bundled in (one React, the app's own copy of each
 * package), so the server needs nothing from the web app's dependencies at run time. Stylesheet imports are
 * dropped from it: the client build's manifest says which to link.
 */
export function serverBundle(): Plugin {
  let outDir = '';
  return {
    name: 'manzil-server-bundle',
    apply: 'build',
    configResolved(config) {
      // Only the client build starts this; the nested build below is an SSR build.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        // React's production build whatever the server's NODE_ENV (the development one renders ~5× slower).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: join(outDir, 'server'),
          emptyOutDir: true,
          minify: false,
          rollupOptions: {
            // Lazy pages stay chunks of their own: a module that needs a browser (Leaflet) is never loaded on the server.
            output: { entryFileNames: 'entry-server.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
            onwarn(warning, warn) {
              // "use client" banners and zod's comments that Rollup cannot place: nothing to act on.
              if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
              warn(warning);
            },
          },
        },
      });
    },
  };
}
