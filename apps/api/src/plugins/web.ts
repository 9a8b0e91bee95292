/**
 * Serves the built web app (history fallback to index.html), and uploads under /uploads.
 * Hashed assets are cached for a year; index.html is always revalidated so deploys show at once. Each HTML answer
 * carries the app's Content-Security-Policy for exactly its inline code (security-headers.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerSeo } from '../modules/seo/routes.js';
import { compressSync, negotiateEncoding } from './compress.js';
import { collectOwnInline, createAppPolicy, inlineCodeOf, type InlineCode } from './security-headers.js';

export type HtmlRenderer = (req: FastifyRequest, html: string) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes that enrich index.html for a path (e.g. Open Graph tags on listing pages). */
    htmlRenderers: { test: RegExp; render: HtmlRenderer }[];
  }
}

export async function registerWeb(app: FastifyInstance, opts: { distDir: string; uploadsDir: string }) {
  fs.mkdirSync(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false, // else send's own `max-age=0` overrides the header set below
    // Upload keys are unique per file, so a cached copy never goes stale.
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });

  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn(`web: no built app at ${opts.distDir}; run "npm run build"`);
  if (!app.hasDecorator('htmlRenderers')) app.decorate('htmlRenderers', []);
  await registerSeo(app, opts); // share tags on listing pages, sitemap.xml, robots.txt

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false, // else send's own `max-age=0` overrides setHeaders
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

  // The page's Content-Security-Policy allows the build's inline code (hashed from index.html as it is now, so a
  // new build needs no restart) and what the renderers marked as their own (security-headers.ts, ownScript).
  const appPolicy = createAppPolicy(app.deps.config);
  let built: { html: string; inline: InlineCode } | null = null;
  const builtInline = (html: string) => (built?.html === html ? built : (built = { html, inline: inlineCodeOf(html) })).inline;

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const template = fs.readFileSync(indexFile, 'utf8');
    const { value: html, inline } = await collectOwnInline(async () => {
      let page = template;
      for (const r of app.htmlRenderers) {
        if (r.test.test(req.url.split('?')[0]!)) {
          const out = await r.render(req, page);
          if (out) page = out;
        }
      }
      return page;
    });
    const own = builtInline(template);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', appPolicy({ scripts: [...own.scripts, ...inline.scripts], styles: [...own.styles, ...inline.styles] }));
    // The history fallback runs in the not-found handler, which @fastify/compress's route hooks never reach.
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(compressSync(html, encoding));
    return reply.send(html);
  };

  app.webFallback = async (req, reply) => {
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(req.url.split('?')[0]!)) {
      return sendIndex(req, reply);
    }
    return reply.status(404).type('text/plain').send('Not Found');
  };
}
