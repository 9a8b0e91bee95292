/**
 * Uploads under /uploads/<key>, from whichever storage holds them: the local folder through @fastify/static,
 * a bucket streamed through this server (when MEDIA_PUBLIC_URL points browsers elsewhere, this route only
 * serves links written before). Keys are unique per file, so a cached copy never goes stale.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isValidKey, LocalStorage, type Storage } from '../lib/storage.js';

const CACHE = 'public, max-age=31536000, immutable';

export async function registerUploads(app: FastifyInstance, storage: Storage) {
  if (storage instanceof LocalStorage) {
    fs.mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // LocalStorage.put's unfinished parts are nobody's photo.
      allowedPath: (pathName) => !pathName.endsWith('.tmp'),
      cacheControl: false, // else send's own `max-age=0` overrides the header set below
      setHeaders: (res) => res.setHeader('cache-control', CACHE),
    });
    return;
  }
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    let key: string;
    try {
      key = decodeURIComponent((req.params as { '*': string })['*']);
    } catch {
      return reply.callNotFound();
    }
    // The same refusals as the local folder's: no `..`, no absolute paths, nothing but our key alphabet.
    if (!isValidKey(key) || key.endsWith('.tmp')) return reply.callNotFound();
    const object = await storage.read(key);
    if (!object) return reply.callNotFound();
    reply.header('cache-control', CACHE).header('last-modified', object.modified.toUTCString());
    if (object.etag) reply.header('etag', object.etag);
    if (object.etag && req.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).send();
    }
    reply.header('content-length', object.size);
    return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
  });
}
