import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, http, type TestApp } from './helpers.js';

describe('API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('reports health with database reachability', async () => {
    const r = await http(t.url, 'GET', '/api/v1/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', database: { reachable: true, engine: 'pglite' } });
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const r = await http(t.url, 'GET', '/api/v1/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with 400 and a clear detail, never a stack trace, and changes nothing', async () => {
    const users = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    // The routes are real: well-formed JSON that breaks the schema gets the validation answer.
    expect((await http(t.url, 'POST', '/api/v1/users/', { body: { email: 'not-an-address' } })).status).toBe(422);
    expect((await http(t.url, 'POST', '/api/v1/listings/search', { body: { skip: -1 } })).status).toBe(422);
    for (const [path, raw] of [
      ['/api/v1/users/', '{"email":'],
      ['/api/v1/users/', '{"email": "a@example.test", "password": "secret-secret", }'],
      ['/api/v1/listings/search', '{"listing_type": FOR_SALE}'],
    ] as const) {
      const r = await http(t.url, 'POST', path, { raw, headers: { 'content-type': 'application/json' } });
      expect(r.status, `${path} ${raw}`).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body).toEqual({ detail: MESSAGES.badRequest });
    }
    expect(await users()).toBe(before);
  });

  it('lists choices with Arabic and English labels', async () => {
    const r = await http(t.url, 'GET', '/api/v1/choices/');
    expect(r.status).toBe(200);
    expect(r.body.listing_types).toEqual([
      { value: 'FOR_SALE', label_en: 'For Sale', label_ar: 'للبيع' },
      { value: 'FOR_RENT', label_en: 'For Rent', label_ar: 'للإيجار' },
    ]);
    expect(r.body.property_types.map((p: any) => p.value)).toEqual(['APARTMENT', 'HOUSE', 'VILLA', 'LAND', 'OFFICE', 'COMMERCIAL_SPACE']);
  });

  it('publishes the OpenAPI document', async () => {
    const r = await http(t.url, 'GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(Object.keys(r.body.paths)).toContain('/api/v1/locations/search');
  });

  it('serves the public client configuration', async () => {
    const r = await http(t.url, 'GET', '/api/v1/config');
    expect(r.status).toBe(200);
    expect(r.body.exchange_rates).toMatchObject({ USD: 1 });
    expect(r.body.google_client_id).toBeNull();
  });
});

describe('configuration', () => {
  it('stops start-up naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'USD=1,SAR=x', DATA_DIR: '/tmp/x' })).toThrow(/EXCHANGE_RATES/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe', DATA_DIR: '/tmp/x' })).toThrow(/SEED_DEMO/);
    // Half a bucket configuration must not be silently ignored (uploads would stay on this server's disk).
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.test', DATA_DIR: '/tmp/x' })).toThrow(
      /S3_BUCKET: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together \(missing: S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY\)/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', DATA_DIR: '/tmp/x' })).toThrow(/S3_ENDPOINT: .*go together/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'cdn.example', DATA_DIR: '/tmp/x' })).toThrow(/MEDIA_PUBLIC_URL/);
    const s3 = loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(40) });
    expect(s3).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, MEDIA_SWEEP_GRACE_SECONDS: 3600 });
  });
  it('parses exchange rates and defaults', () => {
    const c = loadConfig({ EXCHANGE_RATES: 'USD=1,SAR=3.75,YER=1600', DATA_DIR: '/tmp/manzil-cfg', JWT_SECRET: 'x'.repeat(40) });
    expect(c.EXCHANGE_RATES).toEqual({ USD: 1, SAR: 3.75, YER: 1600 });
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
  });
});
