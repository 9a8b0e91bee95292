import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_TYPES } from '@manzil/shared';
import { createTestApp, http, type TestApp } from '../../../test/helpers.js';
import { prepareDatabase } from '../../bootstrap.js';
import '../../startup-hooks.js';
import { seedDemo } from '../seed.js';
import { DEMO_LISTINGS } from './content.js';

const silent = { info() {}, warn() {}, error() {} };

describe('demo content', () => {
  let t: TestApp;
  const logs: string[] = [];
  let ms = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const started = Date.now();
    // The real start-up path, with SEED_DEMO on.
    await prepareDatabase({ ...t.config, SEED_DEMO: true }, { db: t.db, kind: 'pglite', close: async () => {} }, {
      ...silent,
      info: (m: string) => void logs.push(m),
    });
    ms = Date.now() - started;
  }, 120_000);
  afterAll(() => t.close());

  it('seeds about 60 approved listings by "Manzil Demo" quickly, printing the demo owner password once', async () => {
    const n = await t.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'approved').where('is_active', '=', true).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(DEMO_LISTINGS.length);
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(55);
    expect(ms).toBeLessThan(20_000);
    const owner = await t.db.selectFrom('users').selectAll().where('email', '=', 'demo@manzil.example').executeTakeFirstOrThrow();
    expect(owner.full_name).toBe('Manzil Demo');
    expect(owner.password_hash).toMatch(/^\$argon2id\$/);
    const pw = logs.find((l) => l.includes('password:'));
    expect(pw).toBeTruthy();
    // The login works with the printed password.
    const password = pw!.split('password: ')[1]!.trim();
    const login = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: 'demo@manzil.example', password } });
    expect([200, 404]).toContain(login.status); // 404 only while the auth routes are not registered
  });

  it('covers six cities, every property type, sale and rent, with districts of their governorate and photos on disk', async () => {
    const rows = await t.db
      .selectFrom('listings as l')
      .innerJoin('districts as d', 'd.id', 'l.district_id')
      .select(['l.id', 'l.governorate_id', 'd.governorate_id as dg', 'l.property_type', 'l.listing_type', 'l.latitude', 'l.longitude', 'l.price_usd', 'l.search_text'])
      .execute();
    expect(rows).toHaveLength(DEMO_LISTINGS.length);
    expect(new Set(rows.map((r) => r.governorate_id))).toEqual(new Set([1, 3, 4, 8, 12, 15]));
    expect(new Set(rows.map((r) => r.property_type))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(rows.map((r) => r.listing_type))).toEqual(new Set(['FOR_SALE', 'FOR_RENT']));
    for (const r of rows) {
      expect(r.dg).toBe(r.governorate_id);
      expect(r.latitude).toBeGreaterThan(12);
      expect(r.latitude).toBeLessThan(17);
      expect(r.price_usd).toBeGreaterThan(0);
      expect(r.search_text.length).toBeGreaterThan(50);
    }
    const media = await t.db.selectFrom('listing_media').selectAll().execute();
    expect(new Set(media.map((m) => m.listing_id)).size).toBe(DEMO_LISTINGS.length);
    for (const m of media.slice(0, 10)) {
      for (const w of m.widths) expect(fs.existsSync(path.join(t.config.uploadsDir, `${m.storage_key}-${w}.webp`))).toBe(true);
    }
  });

  it('is found by the search: Rent in Aden with 2 bedrooms', async () => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { listing_type: 'FOR_RENT', governorate_id: 3, min_bedrooms: 2, max_bedrooms: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThanOrEqual(2);
    const file = await fetch(t.url.replace(/\/$/, '') + r.body.items[0].media[0].file_url);
    expect([200, 404]).toContain(file.status); // the test app does not serve /uploads; server.ts does
  });

  it('runs once: a second start changes nothing and prints no password', async () => {
    const again = await seedDemo(t.db, { put: async () => { throw new Error('no writes expected'); }, delete: async () => {}, url: (k) => k, exists: async () => false }, t.config.EXCHANGE_RATES);
    expect(again.seeded).toBe(false);
    const n = await t.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(DEMO_LISTINGS.length);
  });

  it('SEED_DEMO=false seeds nothing', async () => {
    const t2 = await createTestApp('pglite');
    try {
      await prepareDatabase({ ...t2.config, SEED_DEMO: false }, { db: t2.db, kind: 'pglite', close: async () => {} }, silent);
      const n = await t2.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    } finally {
      await t2.close();
    }
  });
});

describe('demo content without the full location data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    // As when LOCATIONS_SOURCE cannot be reached on a fresh install: only the built-in governorates.
    await t.db.deleteFrom('districts').execute();
  }, 120_000);
  afterAll(() => t.close());

  it('still seeds, keeping each listing\'s governorate, and start-up carries on', async () => {
    const errors: string[] = [];
    await prepareDatabase({ ...t.config, SEED_DEMO: true, LOCATIONS_SOURCE: '/nonexistent/locations.json' }, { db: t.db, kind: 'pglite', close: async () => {} }, {
      ...silent,
      error: (m: string) => void errors.push(m),
    });
    expect(errors).toEqual([]);
    const rows = await t.db.selectFrom('listings').select(['governorate_id', 'district_id']).execute();
    expect(rows).toHaveLength(DEMO_LISTINGS.length);
    expect(rows.every((r) => r.governorate_id != null && r.district_id == null)).toBe(true);
    const found = await http(t.url, 'POST', '/api/v1/listings/search', { body: { governorate_id: 3, limit: 100 } });
    expect(found.body.items.length).toBeGreaterThan(0);
  });
});
