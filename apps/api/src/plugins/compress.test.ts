/**
 * API answers travel compressed (DESIGN §6: slow, expensive connections), with the encoding the client
 * asked for and never one it refused.
 */
import zlib from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import { insertListing } from '../../test/fixtures.js';
import { negotiateEncoding } from './compress.js';

describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
  });
});

/** A raw POST (fetch would decode the body and hide the encoding). */
function rawPost(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed API answers', () => {
  let t: TestApp;
  let search: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { compress: true });
    const { user } = await createUser(t);
    for (let i = 0; i < 6; i++) await insertListing(t.db, user.id, { title_ar: `شقة رقم ${i}`, governorate_id: 3 });
    search = `${t.url}/api/v1/listings/search`;
  });
  afterAll(() => t?.close());

  it('sends a search page as brotli when the browser accepts it, a fraction of its size', async () => {
    const plain = await rawPost(search, '{}', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString());
    expect(json.items).toHaveLength(6);

    const br = await rawPost(search, '{}', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('sends gzip to a client that refuses brotli, and nothing compressed to one that refuses both', async () => {
    const gz = await rawPost(search, '{}', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString()).items).toHaveLength(6);

    const none = await rawPost(search, '{}', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString()).items).toHaveLength(6);
  });

  it('leaves small answers and errors readable as they are', async () => {
    const bad = await rawPost(search, '{"limit": 0}', { 'accept-encoding': 'br' });
    expect(bad.status).toBe(422);
    expect(bad.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(bad.body.toString()).detail[0].loc).toContain('limit');
  });
});
