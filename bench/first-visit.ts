/**
 * Bytes of a first visit (issue 30): home, the search list and a listing opened in a fresh Chromium profile at
 * 390 px (empty caches, no service worker yet), counting every byte the server sends in the 10 s after load —
 * the page's HTML, styles, scripts, fonts, data and photos, and what the service worker fetches as it installs.
 * Counted on the wire by a TCP proxy in front of the server, so nothing the browser hides (service-worker fetches,
 * headers) is missed; map tiles come from another host and are not counted. Once as the browser sends by default,
 * once with `Save-Data: on` (the data saver). Targets: ≤ 200 KB, and ≤ 120 KB with the data saver.
 */
import net from 'node:net';
import { chromium } from 'playwright-core';
import { CHROME_LAUNCH, MOBILE } from '../e2e/harness.js';

export const FIRST_VISIT_TARGET_KB = 200;
export const FIRST_VISIT_SAVER_TARGET_KB = 120;

/** What a byte is for, from the request's path: the rows of the per-kind breakdown. */
export type Kind = 'html' | 'css' | 'js' | 'font' | 'data' | 'photo' | 'sw' | 'other';
export const KINDS: Kind[] = ['html', 'css', 'js', 'font', 'data', 'photo', 'sw', 'other'];
export function kindOf(pathname: string): Kind {
  if (/^\/(sw\.js|workbox-)/.test(pathname)) return 'sw';
  if (pathname.startsWith('/uploads/')) return 'photo';
  if (pathname.startsWith('/api/') || /\.(json|webmanifest)$/.test(pathname)) return 'data';
  if (/\.m?js$/.test(pathname)) return 'js';
  if (/\.css$/.test(pathname)) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  if (/\.(png|jpe?g|webp|avif|svg|ico|gif)$/.test(pathname)) return 'other';
  return 'html';
}

/**
 * A TCP proxy to `target` that counts the bytes sent back to the browser, per request: Chromium does not pipeline
 * HTTP/1.1, so what comes back on a connection after a request line and before the next is that request's answer.
 */
async function countingProxy(target: URL) {
  let bytes = 0;
  let perUrl = new Map<string, { bytes: number; requests: number }>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let current = '(none)';
    client.on('data', (chunk: Buffer) => {
      const line = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/.exec(chunk.subarray(0, 2048).toString('latin1'));
      if (!line) return;
      current = line[1]!;
      const row = perUrl.get(current) ?? { bytes: 0, requests: 0 };
      row.requests += 1;
      perUrl.set(current, row);
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      const row = perUrl.get(current) ?? { bytes: 0, requests: 0 };
      row.bytes += chunk.length;
      perUrl.set(current, row);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    take: () => {
      const out = { bytes, perUrl };
      bytes = 0;
      perUrl = new Map();
      return out;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface FirstVisit {
  page: string;
  url: string;
  bytes: number;
  saver_bytes: number;
  photo_requests: number;
  saver_photo_requests: number;
  /** Bytes per kind of file, and per URL (with how many times it was asked for), without and with the data saver. */
  kinds: Record<Kind, number>;
  saver_kinds: Record<Kind, number>;
  urls: { url: string; kind: Kind; bytes: number; requests: number }[];
  saver_urls: { url: string; kind: Kind; bytes: number; requests: number }[];
}

function breakdown(perUrl: Map<string, { bytes: number; requests: number }>) {
  const kinds = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const urls = [...perUrl.entries()].map(([url, r]) => ({ url, kind: kindOf(url.split('?')[0]!), ...r })).sort((a, b) => b.bytes - a.bytes);
  for (const u of urls) kinds[u.kind] += u.bytes;
  return { kinds, urls };
}

export async function firstVisitBytes(baseUrl: string, pages: { name: string; path: string }[], settleMs = 10_000): Promise<FirstVisit[]> {
  const proxy = await countingProxy(new URL(baseUrl));
  const browser = await chromium.launch(CHROME_LAUNCH);
  try {
    const visit = async (path: string, saver: boolean) => {
      const ctx = await browser.newContext({
        viewport: MOBILE,
        // Lighthouse's mobile preset (a mid-range Android phone).
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        locale: 'ar-YE',
        serviceWorkers: 'allow',
        ...(saver ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
      });
      const page = await ctx.newPage();
      let photos = 0;
      page.on('request', (r) => {
        if (r.url().includes('/uploads/')) photos += 1;
      });
      proxy.take();
      await page.goto(proxy.url + path, { waitUntil: 'load' });
      await page.waitForTimeout(settleMs);
      await ctx.close();
      // Closing ends the connections; what was in flight has been counted as it arrived.
      await new Promise((r) => setTimeout(r, 200));
      const { bytes, perUrl } = proxy.take();
      return { bytes, photos, ...breakdown(perUrl) };
    };
    const out: FirstVisit[] = [];
    for (const p of pages) {
      const plain = await visit(p.path, false);
      const saver = await visit(p.path, true);
      out.push({
        page: p.name,
        url: p.path,
        bytes: plain.bytes,
        saver_bytes: saver.bytes,
        photo_requests: plain.photos,
        saver_photo_requests: saver.photos,
        kinds: plain.kinds,
        saver_kinds: saver.kinds,
        urls: plain.urls,
        saver_urls: saver.urls,
      });
    }
    return out;
  } finally {
    await browser.close();
    await proxy.close();
  }
}
