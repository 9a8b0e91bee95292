/**
 * Compressed responses for slow, expensive connections. Answers the server builds in memory (API JSON, HTML,
 * sitemap) are compressed in one synchronous call; streams (static files, uploads) go through
 * @fastify/compress. The one-shot path matters under load: @fastify/compress pipes every answer through a
 * zlib stream with a new brotli encoder, which cost a search page about twice the CPU of the compression
 * itself (`npm run bench`: a 17 KB page compresses to 2.4 KB in ~0.2 ms).
 */
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes compressing costs more than it saves. */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^(application\/(json|xml|javascript|manifest\+json)|text\/|image\/svg\+xml)/;

const { constants: z } = zlib;
/**
 * Quality 3 with a 256 KB window, for answers of tens of KB made on every request. Against quality 4 a 17 KB
 * search page comes out 3% larger (2,478 against 2,397 bytes) for about two thirds of the CPU (0.23 against
 * 0.35 ms on the benchmark machine), and compressing was a fifth of the API's CPU for a search under load
 * (`npm run bench`). A larger window (the 4 MB default) finds nothing more here and only costs allocation.
 */
const BROTLI = { params: { [z.BROTLI_PARAM_MODE]: z.BROTLI_MODE_TEXT, [z.BROTLI_PARAM_QUALITY]: 3, [z.BROTLI_PARAM_LGWIN]: 18 } };

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, never one refused with q=0. */
export function negotiateEncoding(accept: string | string[] | undefined): Encoding | null {
  const q = new Map<string, number>();
  for (const part of String(accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qv = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qv ? Number(qv.slice(2)) || 0 : 1);
  }
  const ok = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

export function compressSync(body: string | Buffer, encoding: Encoding, brotli = BROTLI): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotli) : zlib.gzipSync(body, { level: 6 });
}

const memos = new WeakMap<FastifyReply, Map<Encoding, Buffer>>();

/**
 * This reply's answer is the same text as the last one sent with `memo`: its compressed forms are taken from
 * there, and the ones made now are kept there (search pages, modules/search/page-cache.ts). The caller must
 * start a new memo whenever the text changes.
 */
export function reuseCompressed(reply: FastifyReply, memo: Map<Encoding, Buffer>) {
  memos.set(reply, memo);
}

export async function registerCompression(app: FastifyInstance) {
  // An instance hook runs before @fastify/compress's route hooks, which skip an answer already encoded.
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || req.headers['x-no-compression'] !== undefined) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const memo = memos.get(reply);
    const known = encoding && memo?.get(encoding);
    if (known) {
      reply.header('vary', 'accept-encoding').header('content-encoding', encoding).removeHeader('content-length');
      return known;
    }
    // One UTF-8 pass, only for answers that may be compressed: measuring a string and then compressing it
    // encoded a search page twice (~20 µs). Once encoded, the bytes go out as they are (Fastify would encode
    // a returned string again).
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < THRESHOLD) return body;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return body;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const out = compressSync(body, encoding);
    memo?.set(encoding, out);
    return out;
  });
  const fastifyCompress = (await import('@fastify/compress')).default;
  await app.register(fastifyCompress, { global: true, threshold: THRESHOLD, encodings: ['br', 'gzip'], brotliOptions: BROTLI });
}

/**
 * Quality 5 for pages: a 40 KB page comes out 11% smaller than at quality 3 (8.8 against 9.9 KB) for about
 * half a millisecond more, small beside rendering it; every byte of a page is on the visitor's first screen.
 */
export const PAGE_BROTLI = { params: { ...BROTLI.params, [z.BROTLI_PARAM_QUALITY]: 5 } };
