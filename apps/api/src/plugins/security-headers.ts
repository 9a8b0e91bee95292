/**
 * Security headers on every answer (@fastify/helmet): nosniff, no framing, Referrer-Policy, HSTS when PUBLIC_URL is
 * https, and a Content-Security-Policy fitted to the kind of answer:
 * - by default (JSON, errors, files, uploads, XML, text): nothing may load, run or frame;
 * - the web app's HTML (plugins/pages.ts, `appPolicy`): its own files, index.html's inline code by SHA-256, the
 *   server renderer's inline scripts (React Router's hydration data) by a nonce of the answer's own, map
 *   tiles from MAP_TILE_URL / SATELLITE_TILE_URL, photos from MEDIA_PUBLIC_URL, Google sign-in only with
 *   GOOGLE_CLIENT_ID;
 * - /sw.js, whose policy governs the service worker's own fetches: same origin only;
 * - Swagger UI's page (/api/docs): its own scripts and styles.
 */
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type Directives = Record<string, string[]>;

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

export const STRICT_POLICY: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** A service worker's fetches (shell, listings, photos) are governed by the policy of its own script. */
export const WORKER_POLICY = serialize({ 'default-src': ["'none'"], 'connect-src': ["'self'"], 'frame-ancestors': ["'none'"] });

/** Swagger UI loads only its own files (no inline scripts); its React components set style attributes. */
export const DOCS_POLICY = serialize({
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** Google Identity Services, as Google's CSP guide lists it. */
const GSI = { script: 'https://accounts.google.com/gsi/client', style: 'https://accounts.google.com/gsi/style', other: 'https://accounts.google.com/gsi/' };
/** Profile pictures of accounts made with Google sign-in (users.profile_picture_url). */
const GOOGLE_PICTURES = 'https://lh3.googleusercontent.com';

/** Pages whose address carries a single-use token: no Referer at all, not even to the same origin's logs. */
const TOKEN_PAGES = /^\/(reset-password|verify-email)(\/|$)/i;
const DOCS_PAGE = /^\/api\/docs(\/|\/static\/oauth2-redirect\.html)?$/;
/** Public images that mail clients and link previews on other sites may embed. */
const SHAREABLE = /^\/(uploads|icons)\//;

/**
 * The CSP source a tile template (`https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`) loads from: its origin,
 * a placeholder in the first label becoming `*.`. Null for a same-origin path, which 'self' covers.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(/^[^.]*\{[^}]*\}[^.]*\./, '*.');
  // A placeholder elsewhere in the host cannot be written as a source: allow the scheme rather than break the map.
  return /^[a-z0-9*.:[\]-]+$/.test(host) && !host.slice(1).includes('*') ? `${scheme}://${host}` : `${scheme}:`;
}

export interface InlineCode {
  scripts: string[];
  styles: string[];
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

/** Executable inline <script>s and <style>s of an HTML file the build wrote (never of a page with user content). */
export function inlineCodeOf(html: string): InlineCode {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attrs]) => !/(^|\s)src\s*=/i.test(attrs!) && /^(|(text|application)\/javascript|module)$/i.test(/(?:^|\s)type\s*=\s*["']?([^"'\s>]*)/i.exec(attrs!)?.[1] ?? ''))
    .map((m) => m[2]!);
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((m) => m[1]!);
  return { scripts, styles };
}

/**
 * The web app's policy for a page whose inline code is `inline` (hashed: 'unsafe-inline' never runs scripts)
 * plus the scripts carrying `nonce`, one per answer.
 * Style attributes are allowed ('unsafe-inline' in style-src-attr): server-rendered pages are React's markup
 * with style attributes (photo positions, widths), as are index.html's preloader and Leaflet's markers.
 * <style> elements are still limited to the hashed ones; `style-src` is the fallback of browsers without the
 * -elem/-attr directives.
 */
export function createAppPolicy(config: Config): (inline: InlineCode, nonce?: string) => string {
  const tiles = [config.MAP_TILE_URL, config.SATELLITE_TILE_URL].map(tileSource).filter((s): s is string => s !== null);
  const google = Boolean(config.GOOGLE_CLIENT_ID);
  // Photos from a CDN or the bucket itself (MEDIA_PUBLIC_URL); its origin is enough, keys sit under it.
  const media = config.MEDIA_PUBLIC_URL ? [new URL(config.MEDIA_PUBLIC_URL).origin] : [];
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const unique = (list: string[]) => [...new Set(list)];
  return (inline, nonce) =>
    serialize({
      'default-src': ["'self'"],
      'script-src': unique(["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...inline.scripts.map(sha256), ...(google ? [GSI.script] : [])]),
      'style-src': ["'self'", "'unsafe-inline'", ...(google ? [GSI.style] : [])],
      'style-src-elem': unique(["'self'", ...inline.styles.map(sha256), ...(google ? [GSI.style] : [])]),
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': unique(["'self'", 'data:', 'blob:', ...media, ...tiles, GOOGLE_PICTURES]),
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...(google ? [GSI.other] : [])],
      'frame-src': google ? [GSI.other] : ["'none'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    });
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    // Helmet puts this on every answer in onRequest, errors included; HTML answers replace it (plugins/web.ts).
    contentSecurityPolicy: { useDefaults: false, directives: STRICT_POLICY },
    hsts: config.PUBLIC_URL?.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Google's sign-in popup reports back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (DOCS_PAGE.test(path)) reply.header('content-security-policy', DOCS_POLICY);
    else if (path === '/sw.js') reply.header('content-security-policy', WORKER_POLICY);
    if (SHAREABLE.test(path)) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (TOKEN_PAGES.test(path)) reply.header('referrer-policy', 'no-referrer');
  });
}
