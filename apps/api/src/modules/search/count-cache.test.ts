/**
 * Search totals are counted once per set of filters and kept a short while (count-cache.ts), yet a visitor
 * never sees a total that contradicts what this server just published, changed or removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

describe.each(DB_KINDS)('cached search totals (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const aden = { governorate_id: 3, listing_type: 'FOR_RENT' as const };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SEARCH_COUNT_TTL_SECONDS: '1' } });
    owner = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
    for (let i = 0; i < 20; i++) await insertListing(t.db, owner.user.id, { ...aden, title_ar: `شقة للإيجار ${i}` });
    await insertListing(t.db, owner.user.id, { governorate_id: 12, listing_type: 'FOR_RENT' });
  });
  afterAll(() => t?.close());

  const total = async (body: object = aden) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { limit: 12, ...body } });
    expect(r.status).toBe(200);
    return r.body as { total: number; items: { id: number }[] };
  };

  it('follows what this server publishes, edits back to pending and deletes, at once', async () => {
    expect((await total()).total).toBe(20);
    expect((await total()).total).toBe(20);

    const created = await http(t.url, 'POST', '/api/v1/listings/', {
      token: owner.token,
      body: {
        listing_type: 'FOR_RENT', title_ar: 'شقة جديدة في عدن', description_ar: 'شقة من غرفتين في خور مكسر', price: 300, currency: 'USD',
        property_details: { property_type: 'APARTMENT', governorate_id: 3, district_id: 34, bedrooms: 2, bathrooms: 1, area_sqm: 90 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect((await total()).total).toBe(20); // pending: not public yet

    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token })).status).toBe(200);
    const after = await total();
    expect(after.total).toBe(21);
    expect(after.items[0]!.id).toBe(id);

    // An owner's content edit sends it back to moderation.
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body: { title_ar: 'شقة معدلة في عدن' } })).status).toBe(200);
    expect((await total()).total).toBe(20);

    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token })).status).toBe(200);
    expect((await total()).total).toBe(21);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: owner.token })).status).toBe(204);
    expect((await total()).total).toBe(20);
  });

  it('catches up with writes it did not see (another server) within SEARCH_COUNT_TTL_SECONDS', async () => {
    expect((await total()).total).toBe(20);
    // Written straight to the database, as another API server would.
    const id = await insertListing(t.db, owner.user.id, { ...aden, title_ar: 'من خادم آخر' });
    const soon = await total();
    expect(soon.items[0]!.id).toBe(id); // the page itself is never cached
    expect(soon.total).toBe(20);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await total()).total).toBe(21);
  });

  it('never shows a total beside an empty first page, even with an older count cached', async () => {
    const office = { governorate_id: 15, listing_type: 'FOR_RENT' as const };
    const id = await insertListing(t.db, owner.user.id, office);
    expect((await total(office)).total).toBe(1);
    // Removed straight in the database, as another API server would.
    await t.db.deleteFrom('listings').where('id', '=', id).execute();
    const after = await total(office);
    expect(after.items).toHaveLength(0);
    expect(after.total).toBe(0);
  });

  it('keeps totals of different filters apart, and a short last page is exact', async () => {
    expect((await total({ governorate_id: 12, listing_type: 'FOR_RENT' })).total).toBe(1);
    // Every flat in Aden: the word is the listings' type too, so the one another server wrote (titled without it) counts.
    expect((await total({ ...aden, search: 'شقة' })).total).toBe(21);
    expect((await total({ ...aden, search: 'شقه' })).total).toBe(21); // same words after normalisation
    const last = await total({ ...aden, skip: 12 });
    expect(last.items).toHaveLength(9);
    expect(last.total).toBe(21);
  });
});

describe('kept answers (the map\'s clusters)', () => {
  it('an answer counted before a change is not kept after it; one counted after is', async () => {
    const { answersGeneration, cachedAnswer, forgetSearchCounts, rememberAnswer } = await import('./count-cache.js');
    const db = {} as Parameters<typeof answersGeneration>[0];
    const before = answersGeneration(db);
    forgetSearchCounts(db); // a listing changed while the answer was being counted
    rememberAnswer(db, 'k', 'old', 30, before);
    expect(cachedAnswer(db, 'k')).toBeUndefined();
    rememberAnswer(db, 'k', 'new', 30, answersGeneration(db));
    expect(cachedAnswer<string>(db, 'k')?.value).toBe('new');
    // Expired: gone.
    expect(cachedAnswer(db, 'k', Date.now() + 31_000)).toBeUndefined();
  });
});
