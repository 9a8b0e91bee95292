/**
 * Serves the built web app: its files, its pages rendered on the server for every other GET (plugins/pages.ts),
 * and uploads under /uploads (plugins/uploads.ts). Hashed assets are cached for a year; pages are always
 * revalidated so deploys show at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerSeo } from '../modules/seo/routes.js';
import { registerPages } from './pages.js';
import { registerUploads } from './uploads.js';

/** `uploadsDir` is left for older callers: uploads come from the app's own storage (app.deps.storage). */
export async function registerWeb(app: FastifyInstance, opts: { distDir: string; uploadsDir?: string }) {
  await registerUploads(app, app.deps.storage);

  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn(`web: no built app at ${opts.distDir}; run "npm run build"`);
  const pageHead = await registerSeo(app, opts); // share tags on listing pages, sitemap.xml, robots.txt

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The page template (with its placeholders) and the server renderer are the server's, not the public's.
      allowedPath: (pathName) => !/^\/(index\.html$|server\/|\.vite\/)/.test(pathName),
      cacheControl: false, // else send's own `max-age=0` overrides setHeaders
      // The build writes .br and .gz beside each text file at the highest levels (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`) || /\.[0-9a-f]{8,}\./i.test(name) || filePath.includes(`${path.sep}vendor${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  // Every other GET is a page of the app, rendered on the server (plugins/pages.ts).
  const sendPage = hasWeb ? await registerPages(app, { distDir: opts.distDir, pageHead }) : null;

  app.webFallback = async (req, reply) => {
    if (sendPage && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(req.url.split('?')[0]!)) {
      return sendPage(req, reply);
    }
    return reply.status(404).type('text/plain').send('Not Found');
  };
}
