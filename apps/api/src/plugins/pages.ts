/**
 * The web app's pages, rendered on the server: the route's data loaded by the app's own loaders (their API
 * calls go to this server in-process), React's HTML streamed into the built index.html in the visitor's one
 * language, with the page's chunks, stylesheets and query data, then hydrated by the browser (apps/web/src/
 * entry-server.tsx and main.tsx). Placeholders of index.html, as in Vite's server-rendering guide:
 * `{{LANG}}`, `{{DIR}}`, `{{BODY_CLASS}}`, `{{BOOTSTRAP_HREF}}`, `<!--app-head-->`, `<!--app-html-->`,
 * `<!--app-state-->`, and the preloader between `<!--preloader-->` and `<!--/preloader-->`, its style between
 * `<!--preloader-style-->` and `<!--/preloader-style-->` (the offline shell only).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import type { Lang, PageRenderInput, PageRenderResult } from '@manzil/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '../modules/auth/service.js';
import type { PageHead } from '../modules/seo/routes.js';
import { escapeHtml } from '../lib/html.js';
import { SITE_DESCRIPTION } from '../modules/seo/share.js';
import { compressSync, negotiateEncoding, PAGE_BROTLI } from './compress.js';
import { createAppPolicy, inlineCodeOf } from './security-headers.js';

/** dist/server/entry-server.mjs (apps/web/src/entry-server.tsx). */
interface Renderer {
  render(input: PageRenderInput): Promise<PageRenderResult>;
  setApiTransport(fetch: (url: string, init: RequestInit) => Promise<Response>): void;
  APP_STATE_ID: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const APP_NAME: Record<Lang, string> = { ar: 'منزل', en: 'Manzil' };

/** The page's language: ?lang, else the cookie the app writes with its choice, else Accept-Language, else Arabic. */
export function pageLang(req: FastifyRequest): Lang {
  const asked = (req.query as Record<string, unknown> | undefined)?.lang;
  if (typeof asked === 'string' && /^(ar|en)$/i.test(asked)) return asked.toLowerCase() as Lang;
  const cookie = /(?:^|;\s*)i18nextLng=(ar|en)\b/i.exec(String(req.headers.cookie ?? ''))?.[1];
  if (cookie) return cookie.toLowerCase() as Lang;
  return requestLang(req);
}

/**
 * The data saver (issue 30): the visitor's choice in the `manzilDataSaver` cookie (written by the app's switch), else
 * the browser's `Save-Data: on`. With it on, the page's photos and map are rendered as placeholders.
 */
export function pageDataSaver(req: FastifyRequest): boolean {
  const cookie = /(?:^|;\s*)manzilDataSaver=(on|off)\b/.exec(String(req.headers.cookie ?? ''))?.[1];
  if (cookie) return cookie === 'on';
  return /^\s*on\s*$/i.test(String(req.headers['save-data'] ?? ''));
}

/** The stylesheets the page's modules need beyond what index.html already links, from Vite's manifest. */
function assetLinks(manifest: Record<string, ManifestChunk>) {
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const atStart = entryKey ? closure(entryKey) : new Set<string>();
  const startCss = new Set([...atStart].flatMap((k) => manifest[k]!.css ?? []));
  const cache = new Map<string, string>();
  return (pages: string[]): string => {
    const id = pages.join(',');
    let links = cache.get(id);
    if (links !== undefined) return links;
    const chunks = new Set<string>();
    for (const page of pages) for (const k of closure(`src/${page}.tsx`)) if (!atStart.has(k)) chunks.add(k);
    const css = [...new Set([...chunks].flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !startCss.has(f));
    // Stylesheets block rendering, so the server's HTML paints styled. The page's modules are not preloaded: the
    // app's scripts start after the first paint (apps/web/build/start-after-paint.ts), and main.tsx loads them.
    links = css.map((f) => `<link rel="stylesheet" href="/${f}" />`).join('\n    ');
    cache.set(id, links);
    return links;
  };
}

const cut = (html: string, from: string, to: string) => html.slice(0, html.indexOf(from)) + html.slice(html.indexOf(to) + to.length);

export async function registerPages(app: FastifyInstance, opts: { distDir: string; pageHead: PageHead }) {
  const template = fs.readFileSync(path.join(opts.distDir, 'index.html'), 'utf8');
  for (const marker of ['{{LANG}}', '{{DIR}}', '{{BODY_CLASS}}', '{{BOOTSTRAP_HREF}}', '<!--app-head-->', '<!--app-html-->', '<!--app-state-->', '<!--preloader-->', '<!--/preloader-->', '<!--preloader-style-->', '<!--/preloader-style-->']) {
    if (!template.includes(marker)) throw new Error(`web: ${opts.distDir}/index.html has no ${marker}; rebuild the web app`);
  }
  const bootstrap = {
    ltr: /data-ltr="([^"]+)"/.exec(template)?.[1] ?? '',
    rtl: /data-rtl="([^"]+)"/.exec(template)?.[1] ?? '',
  };
  // Hashed once: index.html's inline code is the build's, the same for every page.
  const inline = inlineCodeOf(template);
  const appPolicy = createAppPolicy(app.deps.config);
  const manifestFile = path.join(opts.distDir, '.vite', 'manifest.json');
  const links = assetLinks(fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {});
  // Arabic text is on the first screen of an Arabic page: its two weights start with the page, not after the CSS.
  const assetsDir = path.join(opts.distDir, 'assets');
  const arabicFonts = (fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : [])
    .filter((f) => /^noto-sans-arabic-arabic-(400|700)-normal-[\w-]+\.woff2$/.test(f))
    .map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${f}" />`)
    .join('\n    ');

  const rendererFile = path.join(opts.distDir, 'server', 'entry-server.mjs');
  let renderer: Renderer | null = null;
  if (fs.existsSync(rendererFile)) renderer = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  else app.log.warn(`web: no server renderer at ${rendererFile}; pages are rendered in the browser only`);

  // The loaders' API calls: this server, in-process, counted against the visitor's own address (rate limits)
  // and with their user agent, so the page and the browser's own read of a listing are one visitor's view.
  const visitor = new AsyncLocalStorage<{ ip: string; userAgent: string | undefined }>();
  renderer?.setApiTransport(async (url, init) => {
    const who = visitor.getStore();
    const headers = { ...(init.headers as Record<string, string>) };
    if (who?.userAgent) headers['user-agent'] = who.userAgent;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: who?.ip,
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload.buffer as ArrayBuffer, res.rawPayload.byteOffset, res.rawPayload.byteLength), { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  });

  /** index.html for one page: its language, head and, unless it is the offline shell, no preloader. */
  const page = (lang: Lang, head: string, withPreloader: boolean, dataSaver = false) => {
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    let html = template
      .replaceAll('{{LANG}}', lang)
      .replaceAll('{{DIR}}', dir)
      .replace('{{BODY_CLASS}}', `lang-${lang} ${dir}${dataSaver ? ' data-saver' : ''}`)
      .replace('{{BOOTSTRAP_HREF}}', bootstrap[dir])
      .replace('<!--app-head-->', () => head);
    // A rendered page is never covered by the preloader: neither it nor its style (a third of a KB) is sent.
    if (!withPreloader) for (const region of ['preloader-style', 'preloader']) html = cut(html, `<!--${region}-->`, `<!--/${region}-->`);
    const at = html.indexOf('<!--app-html-->');
    return { before: html.slice(0, at), after: html.slice(at + '<!--app-html-->'.length) };
  };

  /** The page's <title> (the app's, else the share tags', else the site's) and its description or share tags. */
  const headOf = (lang: Lang, title: string | null, extra: Awaited<ReturnType<PageHead>>) =>
    [
      `<title>${escapeHtml(title ?? extra?.title ?? APP_NAME[lang])}</title>`,
      extra?.head ?? `<meta name="description" content="${escapeHtml(SITE_DESCRIPTION[lang])}" />`,
    ].join('\n    ');

  const headers = (reply: FastifyReply, status: number, nonce?: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The language comes from these, and the data saver from Cookie and Save-Data (issue 30); a shared cache must
      // not give one visitor's language, or photos to a visitor saving data, to another.
      .header('vary', 'accept-encoding, accept-language, cookie, save-data')
      .header('content-security-policy', appPolicy(inline, nonce));

  /**
   * The app without a server render, which the browser renders: the offline shell, a page whose render failed,
   * or every page of a build without the renderer (its share tags still in the head).
   */
  const sendShell = async (req: FastifyRequest, reply: FastifyReply, status: number, pageHead: PageHead | null) => {
    const lang = pageLang(req);
    const extra = pageHead ? await pageHead(req.url.split('?')[0]!, lang) : { head: '<meta name="robots" content="noindex" />' };
    const { before, after } = page(lang, headOf(lang, null, extra), true);
    return headers(reply, status).send(before + after.replace('<!--app-state-->', ''));
  };

  app.get('/app-shell', { schema: { hide: true } }, (req, reply) => sendShell(req, reply, 200, null));

  return async function sendPage(req: FastifyRequest, reply: FastifyReply) {
    if (!renderer) return sendShell(req, reply, 200, opts.pageHead);
    const lang = pageLang(req);
    const dataSaver = pageDataSaver(req);
    const pathname = req.url.split('?')[0]!;
    const nonce = randomBytes(16).toString('base64');
    let result: PageRenderResult;
    let extra: Awaited<ReturnType<PageHead>>;
    try {
      [result, extra] = await Promise.all([visitor.run({ ip: req.ip, userAgent: req.headers['user-agent'] }, () => renderer.render({ url: req.url, lang, nonce, dataSaver })), opts.pageHead(pathname, lang)]);
    } catch (err) {
      req.log.error({ err }, 'page render failed; sending the shell');
      return sendShell(req, reply, 500, opts.pageHead);
    }
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    // The data saver fetches no photo before a tap (not the cover's preload either), and the phone's own fonts
    // stand in for the Arabic web fonts (app.css, body.data-saver): no font preloads.
    if (dataSaver && extra?.head) extra = { ...extra, head: extra.head.replace(/<link rel="preload" as="image"[^>]*>\s*/g, '') };

    const head = [headOf(lang, result.title, extra), lang === 'ar' && !dataSaver ? arabicFonts : '', links(result.pages)].filter(Boolean).join('\n    ');
    const { before, after } = page(lang, head, false, dataSaver);
    const tail = after.replace('<!--app-state-->', () => `<script type="application/json" id="${renderer.APP_STATE_ID}">${result.state}</script>`);

    // The page goes out whole, compressed in one call: React has it all (onAllReady), and a compressing stream sent
    // it in pieces as its encoder got the CPU, so on a busy server a browser painted half a page and then moved
    // it as the rest came (a layout shift), and the stream's encoder cost more CPU than the compression.
    const reactHtml = new PassThrough();
    result.pipe(reactHtml);
    const html = Buffer.concat([Buffer.from(before), await buffer(reactHtml), Buffer.from(tail)]);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    headers(reply, result.status, nonce);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressSync(html, encoding, PAGE_BROTLI));
  };
}
