/**
 * Exchange rates (issue 29) over HTTP on a real database: GET /rates (shape, the default zones, ETag and 304);
 * listings priced in rials converting with their zone's rate when written through the API; a USD price filter
 * telling Aden from Sana'a; an administrator's rate and membership changes moving search results and totals at
 * once (kept pages and counts included), recorded in the history; validation; every endpoint as anonymous,
 * user and administrator; the write rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createUser, createWebTestApp, DB_KINDS, http, testIndexHtml } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

/** 53,000,000 rials: 100,000 USD at Sana'a's 530, 32,776.75 USD at Aden's 1,617. */
const PRICE = 53_000_000;

describe.each(DB_KINDS)('rates (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof createWebTestApp>>;
  let admin: User;
  let user: User;
  let owner: User;
  let aden: number;
  let sanaa: number;
  let addr = 0;
  /** Each request from an address of its own (TRUST_PROXY), so only the rate-limit test meets the limit. */
  const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++addr / 250)}.${(addr % 250) + 1}` });
  const rates = () => http(t.url, 'GET', '/api/v1/rates', { headers: from() });
  const patch = (zone: number, body: unknown, token: string | null = admin.token, headers = from()) =>
    http(t.url, 'PATCH', `/api/v1/admin/rates/zones/${zone}`, { token: token ?? undefined, body, headers });
  const history = (token: string | null = admin.token, query = '') =>
    http(t.url, 'GET', `/api/v1/admin/rates/history${query}`, { token: token ?? undefined, headers: from() });
  const usd = async (id: number) => (await t.db.selectFrom('listings').select('price_usd').where('id', '=', id).executeTakeFirstOrThrow()).price_usd;
  /** Our two listings among the results of a USD price filter, and the total. */
  const search = async (min: number, max: number) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { min_price: min, max_price: max, price_currency: 'USD', limit: 100 }, headers: from() });
    expect(r.status).toBe(200);
    const ids = (r.body.items as { id: number }[]).map((i) => i.id);
    return { ids: ids.filter((id) => id === aden || id === sanaa), total: r.body.total as number };
  };

  beforeAll(async () => {
    t = await createWebTestApp({ 'index.html': testIndexHtml() }, { kind, env: { EXCHANGE_RATES: 'USD=1,SAR=3.75,YER=600', TRUST_PROXY: 'true' } });
    admin = await createUser(t, { role: 'ADMIN', first_name: 'Huda', last_name: 'Admin' });
    user = await createUser(t);
    owner = await createUser(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('GET /rates: the two default zones covering all 22 governorates, district exceptions, the national rates', async () => {
    const r = await rates();
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
    const a = await rates();
    const etag = a.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await http(t.url, 'GET', '/api/v1/rates', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    for (const token of [user.token, admin.token]) {
      const r = await http(t.url, 'GET', '/api/v1/rates', { token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(a.body);
    }
  });

  it("the same rials convert with each zone's rate when written through the API, and a USD filter between them finds only Aden", async () => {
    const body = (governorate_id: number, district_id: number) => ({
      listing_type: 'FOR_SALE', title_ar: 'شقة للبيع', title_en: 'Flat for sale', description_ar: 'شقة من ثلاث غرف قريبة من الخدمات',
      description_en: 'Three-room flat close to services', price: PRICE, currency: 'YER', is_active: true,
      property_details: { property_type: 'APARTMENT', area_sqm: 140, governorate_id, district_id, bedrooms: 3, bathrooms: 2 },
    });
    const a = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: body(3, 34), headers: from() });
    const s = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: body(1, 4), headers: from() });
    expect([a.status, s.status]).toEqual([201, 201]);
    [aden, sanaa] = [a.body.id, s.body.id];
    await t.db.updateTable('listings').set({ status: 'approved', posted_at: new Date() }).where('id', 'in', [aden, sanaa]).execute();
    expect(await usd(sanaa)).toBe(100_000);
    expect(await usd(aden)).toBe(32_776.75);
    expect((await search(30_000, 50_000)).ids).toEqual([aden]);
    expect((await search(90_000, 110_000)).ids).toEqual([sanaa]);
    // An owner's edit reprices at the zone of the new place: a new price in Aden, then the listing moved to Taiz's
    // Shar'ab As-Salam (199), a district of a new-note governorate where the old notes circulate.
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${aden}`, { token: owner.token, body: { price: PRICE * 2 }, headers: from() })).status).toBe(200);
    expect(await usd(aden)).toBe(65_553.49);
    const moved = await http(t.url, 'PATCH', `/api/v1/listings/${aden}`, { token: owner.token, body: { price: PRICE, property_details: { property_type: 'APARTMENT', governorate_id: 12, district_id: 199 } }, headers: from() });
    expect(moved.status).toBe(200);
    expect(await usd(aden)).toBe(100_000);
    await http(t.url, 'PATCH', `/api/v1/listings/${aden}`, { token: owner.token, body: { property_details: { property_type: 'APARTMENT', governorate_id: 3, district_id: 34 } }, headers: from() });
    await t.db.updateTable('listings').set({ status: 'approved', posted_at: new Date() }).where('id', '=', aden).execute();
    expect(await usd(aden)).toBe(32_776.75);
    // Dollars and riyals keep their national rates wherever they are.
    const sar = await insertListing(t.db, owner.user.id, { price: 375_000, currency: 'SAR', governorate_id: 3 });
    expect(await usd(sar)).toBe(100_000);
  });

  it("an administrator's rate change moves search results and totals at once (kept pages and counts are not served)", async () => {
    const before = await search(30_000, 50_000);
    expect(before.ids).toEqual([aden]);
    const stamp = (await rates()).body.updated_at;
    await search(30_000, 50_000); // now kept: the page and its total
    const r = await patch(2, { yer_per_usd: 1060 });
    expect(r.status).toBe(200);
    expect(r.body.repriced).toBeGreaterThanOrEqual(1);
    expect(r.body.rates.zones.find((z: { id: number }) => z.id === 2).yer_per_usd).toBe(1060);
    expect(await usd(aden)).toBe(50_000);
    const inBand = await search(49_000, 51_000);
    expect(inBand.ids).toEqual([aden]);
    const after = await search(30_000, 50_000);
    expect(after.ids).toEqual([aden]); // 50,000 is still ≤ 50,000
    const gone = await search(30_000, 49_999);
    expect(gone.ids).toEqual([]);
    // The kept total of the first filter moved with it: one listing fewer below 49,999 than before the change.
    await patch(2, { yer_per_usd: 1617 });
    const back = await search(30_000, 49_999);
    expect(back.ids).toEqual([aden]);
    expect(back.total).toBe(gone.total + 1);
    // GET /rates says so, with a new ETag and time.
    const now = await rates();
    expect(now.body.zones[1].yer_per_usd).toBe(1617);
    expect(now.body.updated_at > stamp).toBe(true);
  });

  it("a new rate is no price drop: favourites of a listing in rials are not flagged for the price-drop e-mail", async () => {
    expect((await http(t.url, 'PUT', `/api/v1/favorites/${aden}`, { token: user.token, headers: from() })).status).toBeLessThan(300);
    expect((await patch(2, { yer_per_usd: 3234 })).status).toBe(200);
    expect(await usd(aden)).toBe(16_388.37);
    const fav = await t.db.selectFrom('favorites').select(['price_drop_at', 'notified_price_usd']).where('listing_id', '=', aden).executeTakeFirstOrThrow();
    expect(fav.price_drop_at).toBeNull();
    expect((await patch(2, { yer_per_usd: 1617 })).status).toBe(200);
  });

  it('membership: a district exception, then a whole governorate moved between zones; every governorate stays in one', async () => {
    const old = (await rates()).body.zones[0];
    // Aden's Crater (34) into the old-note zone: the exception wins over Aden's zone.
    const d = await patch(1, { district_ids: [...old.district_ids, 34] });
    expect(d.status).toBe(200);
    expect(d.body.rates.zones[0].district_ids).toContain(34);
    expect(await usd(aden)).toBe(100_000);
    expect((await search(90_000, 110_000)).ids).toEqual([aden, sanaa].sort((a, b) => b - a));
    // Back: left out of the list, the district follows its governorate again.
    await patch(1, { district_ids: old.district_ids });
    expect(await usd(aden)).toBe(32_776.75);
    // Aden the governorate into the old-note zone, then back to the new.
    expect((await patch(1, { governorate_ids: [...old.governorate_ids, 3] })).status).toBe(200);
    expect(await usd(aden)).toBe(100_000);
    const neu = (await rates()).body.zones[1];
    expect(neu.governorate_ids).not.toContain(3);
    const left = await patch(1, { governorate_ids: old.governorate_ids });
    expect(left.status).toBe(422);
    expect(left.body.detail).toBe(MESSAGES.rateGovernorateLeft);
    expect((await patch(2, { governorate_ids: [...neu.governorate_ids, 3] })).status).toBe(200);
    expect(await usd(aden)).toBe(32_776.75);
    // A governorate moved with exceptions of its new zone: they say nothing and are dropped (Taiz's 199 in zone 1).
    const taizBack = await patch(1, { governorate_ids: [...old.governorate_ids, 12] });
    expect(taizBack.body.rates.zones[0].district_ids).not.toContain(199);
    expect(taizBack.body.rates.zones[0].governorate_ids).toContain(12);
    expect((await patch(2, { governorate_ids: [...neu.governorate_ids, 3, 12].filter((g, i, a) => a.indexOf(g) === i) })).status).toBe(200);
    expect((await patch(1, { district_ids: old.district_ids })).status).toBe(200);
    expect((await rates()).body.zones.map((z: { district_ids: number[] }) => z.district_ids)).toEqual([old.district_ids, expect.any(Array)]);
  });

  it('keeps every change with who and when, the zone before and after, and how many listings moved', async () => {
    const r = await history();
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.body.total).toBeGreaterThanOrEqual(10);
    const rate = r.body.items.find((c: { before: { yer_per_usd: number }; after: { yer_per_usd: number } }) => c.before.yer_per_usd === 1617 && c.after.yer_per_usd === 1060);
    expect(rate).toMatchObject({ zone_id: 2, zone_name_en: 'New notes (Aden)', zone_name_ar: 'الطبعة الجديدة (عدن)', admin_id: admin.user.id, admin_name: 'Huda Admin' });
    expect(rate.repriced).toBeGreaterThanOrEqual(1);
    expect(rate.after.governorate_ids).toEqual(rate.before.governorate_ids);
    // Moving Aden (3) changed both zones: one row each.
    const moves = r.body.items.filter((c: { before: { governorate_ids: number[] }; after: { governorate_ids: number[] } }) => c.before.governorate_ids.includes(3) !== c.after.governorate_ids.includes(3));
    expect(moves.length).toBeGreaterThanOrEqual(4);
    const page = await history(admin.token, '?skip=1&limit=2');
    expect(page.body.items.map((c: { id: number }) => c.id)).toEqual(r.body.items.slice(1, 3).map((c: { id: number }) => c.id));
    // A change that changes nothing is not recorded.
    const total = r.body.total;
    expect((await patch(2, { yer_per_usd: 1617 })).body.repriced).toBe(0);
    expect((await history()).body.total).toBe(total);
  });

  it('refuses bad rates, unknown places, an empty change (422) and an unknown zone (404), changing nothing', async () => {
    const before = (await rates()).body;
    for (const yer_per_usd of [0, -5, 0.5, 100_001, 'abc']) {
      const r = await patch(2, { yer_per_usd });
      expect(r.status).toBe(422);
      expect(JSON.stringify(r.body.detail)).toContain(MESSAGES.rateOutOfRange);
    }
    const unknownGov = await patch(1, { governorate_ids: [...before.zones[0].governorate_ids, 99] });
    expect(unknownGov.status).toBe(422);
    expect(unknownGov.body.detail).toBe(MESSAGES.rateUnknownPlace);
    expect((await patch(1, { district_ids: [999_999] })).body.detail).toBe(MESSAGES.rateUnknownPlace);
    expect((await patch(1, {})).body).toEqual({ detail: MESSAGES.noChanges });
    expect((await patch(999, { yer_per_usd: 700 })).status).toBe(404);
    expect((await rates()).body).toEqual(before);
  });

  it('every endpoint as anonymous, user and administrator', async () => {
    expect((await rates()).status).toBe(200);
    expect((await patch(2, { yer_per_usd: 1617 }, null)).status).toBe(401);
    expect((await patch(2, { yer_per_usd: 999 }, user.token)).status).toBe(403);
    expect((await patch(2, { yer_per_usd: 1617 }, admin.token)).status).toBe(200);
    expect((await history(null)).status).toBe(401);
    expect((await history(user.token)).status).toBe(403);
    expect((await history(admin.token)).status).toBe(200);
    expect(await usd(aden)).toBe(32_776.75);
  });

  it('limits changes to 20 a minute per address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await patch(2, { yer_per_usd: 1617 }, admin.token, headers)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
