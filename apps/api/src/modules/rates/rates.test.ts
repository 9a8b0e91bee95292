/**
 * Exchange rates (issue 29) over HTTP on a real database: GET /rates (shape, the default zones, ETag and 304).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWebTestApp, DB_KINDS, http, testIndexHtml } from '../../../test/helpers.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('rates (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof createWebTestApp>>;
  let admin: User;

  beforeAll(async () => {
    t = await createWebTestApp({ 'index.html': testIndexHtml() }, { kind, env: { EXCHANGE_RATES: 'USD=1,SAR=3.75,YER=600' } });
    admin = await createUser(t, { role: 'ADMIN' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('GET /rates: the two default zones covering all 22 governorates, district exceptions, the national rates', async () => {
    const r = await http(t.url, 'GET', '/api/v1/rates');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(Object.keys(r.body).sort()).toEqual(['default_yer_per_usd', 'national', 'updated_at', 'zones']);
    expect(r.body.national).toEqual({ USD: 1, SAR: 3.75 });
    expect(r.body.default_yer_per_usd).toBe(600);
    expect(new Date(r.body.updated_at).toISOString()).toBe(r.body.updated_at);
    const [old, neu] = r.body.zones;
    expect(old).toMatchObject({ id: 1, name_en: "Old notes (Sana'a)", name_ar: 'الطبعة القديمة (صنعاء)', yer_per_usd: 530 });
    expect(neu).toMatchObject({ id: 2, name_en: 'New notes (Aden)', name_ar: 'الطبعة الجديدة (عدن)', yer_per_usd: 1617 });
    expect([...old.governorate_ids, ...neu.governorate_ids].sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(old.governorate_ids).toEqual(expect.arrayContaining([1, 2, 4]));
    expect(neu.governorate_ids).toEqual(expect.arrayContaining([3, 12, 14, 15]));
    // Taiz's Houthi-held north (Shar'ab As-Salam 199) is in the old-note zone; Al-Hodeidah's Hays (60) in the new.
    expect(old.district_ids).toContain(199);
    expect(neu.district_ids).toContain(60);
    expect(JSON.stringify(r.body).length).toBeLessThan(2000);
  });

  it('GET /rates answers 304 to its own ETag, the same for anonymous, user and admin', async () => {
    const a = await http(t.url, 'GET', '/api/v1/rates');
    const etag = a.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await http(t.url, 'GET', '/api/v1/rates', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const user = await createUser(t);
    for (const token of [user.token, admin.token]) {
      const r = await http(t.url, 'GET', '/api/v1/rates', { token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(a.body);
    }
  });
});
