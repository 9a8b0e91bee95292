/**
 * Slow-connection delivery of the web app (DESIGN §6): hashed files cached for a year, index.html and
 * sw.js always revalidated, and the history-fallback HTML compressed like everything else.
 */
import zlib from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp, DB_KINDS, testIndexHtml } from '../../../test/helpers.js';

/** A raw GET (fetch would decode the body and hide the encoding). */
function rawGet(base: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(base + pathname, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PRECOMPRESSED_SOURCE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;

describe.each(DB_KINDS)('web app delivery (%s)', (kind) => {
  let url: string;
  let cleanup: () => Promise<void>;
  const template = testIndexHtml('<!-- padding -->'.repeat(200));
  /** The page as the server fills the template (no server renderer in this build): read once, uncompressed. */
  let html: string;

  beforeAll(async () => {
    const web = await createWebTestApp(
      {
        'index.html': template,
        'assets/index-Ab12Cd34.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
        'sw.js': `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`,
        // As the build writes them (apps/web/vite.config.ts): the same file at the highest levels, sent as it is.
        'assets/chunk-Ef56Gh78.js': PRECOMPRESSED_SOURCE,
        'assets/chunk-Ef56Gh78.js.br': zlib.brotliCompressSync(PRECOMPRESSED_SOURCE),
        'assets/chunk-Ef56Gh78.js.gz': zlib.gzipSync(PRECOMPRESSED_SOURCE, { level: 9 }),
      },
      { compress: true, kind },
    );
    url = web.url;
    cleanup = web.close;
    html = (await rawGet(url, '/about')).body.toString();
    expect(html).toContain('<!-- padding -->');
    expect(html).not.toContain('{{');
  });
  afterAll(async () => cleanup?.());

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await rawGet(url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toContain('console.log');
  });

  it('sends the build\'s precompressed copies as they are, and the plain file to a client that takes neither', async () => {
    const br = await rawGet(url, '/assets/chunk-Ef56Gh78.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(zlib.brotliCompressSync(PRECOMPRESSED_SOURCE))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await rawGet(url, '/assets/chunk-Ef56Gh78.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(zlib.gzipSync(PRECOMPRESSED_SOURCE, { level: 9 }))).toBe(true);
    const plain = await rawGet(url, '/assets/chunk-Ef56Gh78.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PRECOMPRESSED_SOURCE);
  });

  it('always revalidates the service worker script', async () => {
    const res = await rawGet(url, '/sw.js');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the history-fallback HTML (brotli or gzip) and revalidates it', async () => {
    const br = await rawGet(url, '/faq', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.body.length).toBeLessThan(html.length / 3);

    const gz = await rawGet(url, '/about', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);

    // A client that refuses brotli gets gzip, never what it refused.
    const noBr = await rawGet(url, '/about', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(noBr.body).toString()).toBe(html);

    const plain = await rawGet(url, '/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });
});
