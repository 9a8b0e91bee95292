/**
 * Places people mean (issue 24): GET /locations/search over HTTP with the real data set, on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL. "صنعاء" is Sana'a the city (governorates 1 and 2, DESIGN §5) and
 * its search finds the capital's listings; a capital neighbourhood finds its district before villages of
 * the same name elsewhere; English names read as people write them and are found by them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, HAS_LOCATIONS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

const suggest = (t: TestApp, q: string, extra = '') => http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent(q)}${extra}`);

describe.runIf(HAS_LOCATIONS).each(DB_KINDS)('location suggestions people mean (%s)', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  /** Villages named حده in other governorates, in data-set order. */
  let haddaVillages: { id: number; uzlah_id: number; district_id: number; governorate_id: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { user } = await createUser(t);
    // Two flats in Hadda (Al-Sab'een, the capital) and a plot in the governorate around it.
    id.hadda1 = await insertListing(t.db, user.id, { title_en: 'Flat in Hadda', title_ar: 'شقة في حدة', governorate_id: 1, district_id: 4 });
    id.hadda2 = await insertListing(t.db, user.id, { title_en: 'Villa in Hadda', title_ar: 'فيلا في حدة', property_type: 'VILLA', governorate_id: 1, district_id: 4 });
    id.sanaaGov = await insertListing(t.db, user.id, { title_en: 'Plot in Sanhan', title_ar: 'أرض في سنحان', property_type: 'LAND', governorate_id: 2, district_id: 17 });
    id.aden = await insertListing(t.db, user.id, { title_en: 'Flat in Khor Maksar', title_ar: 'شقة في خور مكسر', governorate_id: 3, district_id: 34 });
    id.pending = await insertListing(t.db, user.id, { title_en: 'Pending flat', governorate_id: 1, district_id: 4, status: 'pending' });
    haddaVillages = await t.db
      .selectFrom('villages as v')
      .innerJoin('uzaal as u', 'u.id', 'v.uzlah_id')
      .innerJoin('districts as d', 'd.id', 'u.district_id')
      .select(['v.id', 'v.uzlah_id', 'u.district_id', 'd.governorate_id'])
      .where('v.name_ar_norm', '=', 'حده')
      .orderBy('v.id')
      .execute();
    // A listing in the last of them: among equals, the place holding listings comes first.
    const last = haddaVillages.at(-1)!;
    id.village = await insertListing(t.db, user.id, {
      title_en: 'House in a village', title_ar: 'بيت في قرية', property_type: 'HOUSE',
      governorate_id: last.governorate_id, district_id: last.district_id, uzlah_id: last.uzlah_id, village_id: last.id,
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it.each(['صنعاء', "Sana'a", 'Sanaa', 'sanaa', 'صنعا', 'صنعاء '])('"%s" offers Sana\'a the city first, then the governorate, once each', async (q) => {
    const r = await suggest(t, q);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ id: 1, type: 'governorate', governorate_id: 1, governorate_ids: [1, 2], name_ar: 'صنعاء', name_en: "Sana'a" });
    expect(r.body[0].displayTextAr).toContain('أمانة العاصمة');
    expect(r.body[1]).toMatchObject({ id: 2, type: 'governorate', name_ar: 'صنعاء', name_en: "Sana'a" });
    expect(r.body[1].governorate_ids).toBeUndefined();
    // The capital is the city: not offered a second time on its own.
    expect(r.body.filter((s: { type: string; id: number }) => s.type === 'governorate' && s.id === 1)).toHaveLength(1);
    // Then districts and villages, each with its parent path.
    for (const s of r.body.slice(2)) expect(['district', 'uzlah', 'village']).toContain(s.type);
    expect(r.body.slice(2).every((s: { displayTextAr: string }) => s.displayTextAr.includes('،'))).toBe(true);
  });

  it("the city's search (its governorate ids) finds the capital's public listings and its surroundings'", async () => {
    const city = (await suggest(t, 'صنعاء')).body[0];
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { governorate_id: city.governorate_ids, limit: 50 } });
    expect(r.status).toBe(200);
    const ids = r.body.items.map((l: { id: number }) => l.id).sort();
    expect(ids).toEqual([id.hadda1, id.hadda2, id.sanaaGov].sort());
    // What the old first suggestion searched, governorate 2 alone, misses the capital.
    const gov2 = await http(t.url, 'POST', '/api/v1/listings/search', { body: { governorate_id: 2 } });
    expect(gov2.body.items.map((l: { id: number }) => l.id)).toEqual([id.sanaaGov]);
  });

  it('a limit of 1 is the city alone; a request for districts only never gets it', async () => {
    const one = await suggest(t, 'صنعاء', '&limit=1');
    expect(one.body).toHaveLength(1);
    expect(one.body[0].governorate_ids).toEqual([1, 2]);
    const districts = await suggest(t, 'صنعاء', '&type=district');
    expect(districts.body.length).toBeGreaterThan(0);
    expect(districts.body.every((s: { type: string; governorate_ids?: number[] }) => s.type === 'district' && !s.governorate_ids)).toBe(true);
  });

  it('"حدة" (and "Hadda") puts the capital\'s district first, before villages named حده elsewhere', async () => {
    for (const q of ['حدة', 'حده', 'Hadda']) {
      const r = await suggest(t, q);
      expect(r.body[0]).toMatchObject({ type: 'district', id: 4, governorate_id: 1, district_id: 4, name_ar: 'السبعين', name_en: "Al-Sab'een" });
      expect(r.body[0].displayTextAr).toBe('السبعين، أمانة العاصمة');
    }
  });

  it('capital districts come before same-named places elsewhere: معين, السبعين', async () => {
    const maain = await suggest(t, 'معين');
    expect(maain.body[0]).toMatchObject({ type: 'district', governorate_id: 1, name_ar: 'معين', name_en: "Ma'ain" });
    const sabeen = await suggest(t, 'السبعين');
    expect(sabeen.body[0]).toMatchObject({ type: 'district', id: 4, governorate_id: 1 });
  });

  it('"المكلا" and "Mukalla" offer Al-Mukalla City, which holds the listings, before the rural district of that name', async () => {
    const city = await t.db.selectFrom('districts').select(['id']).where('governorate_id', '=', 15).where('name_ar', '=', 'مدينة المكلا').executeTakeFirstOrThrow();
    const { user } = await createUser(t);
    const listing = await insertListing(t.db, user.id, { title_en: 'Flat in Mukalla', title_ar: 'شقة في المكلا', governorate_id: 15, district_id: city.id });
    try {
      for (const q of ['المكلا', 'Mukalla', 'Al-Mukalla']) {
        const r = await suggest(t, q);
        expect(r.body[0], q).toMatchObject({ type: 'district', id: city.id, governorate_id: 15, name_en: 'Al-Mukalla City', name_ar: 'مدينة المكلا' });
        // The rural district stays on offer, next.
        expect(r.body[1], q).toMatchObject({ type: 'district', governorate_id: 15, name_en: 'Al-Mukalla', name_ar: 'المكلا' });
      }
    } finally {
      await t.db.deleteFrom('listings').where('id', '=', listing).execute();
    }
  });

  it('among equals, the place holding public listings comes first', async () => {
    expect(haddaVillages.length).toBeGreaterThan(1);
    const r = await suggest(t, 'حده', '&type=village&limit=10');
    const villages = r.body.filter((s: { name_ar: string }) => s.name_ar === 'حده');
    expect(villages.length).toBe(haddaVillages.length);
    expect(villages[0].id).toBe(haddaVillages.at(-1)!.id);
    // The rest keep the data set's order.
    expect(villages.slice(1).map((s: { id: number }) => s.id)).toEqual(haddaVillages.slice(0, -1).map((v) => v.id));
  });

  it('English names read as people write them, in the lists and the suggestions', async () => {
    const govs = await http(t.url, 'GET', '/api/v1/locations/governorates');
    const byId = new Map(govs.body.map((g: { id: number; name_en: string }) => [g.id, g.name_en]));
    expect(byId.get(1)).toBe("Amanat Al-Asimah (Sana'a City)");
    expect(byId.get(2)).toBe("Sana'a");
    expect(byId.get(15)).toBe('Hadramout');
    expect(byId.get(21)).toBe('Socotra');
    expect(byId.get(12)).toBe('Taiz');
    expect(byId.get(8)).toBe('Ibb');
    const aden = await http(t.url, 'GET', '/api/v1/locations/districts?governorate_id=3');
    const adenNames = aden.body.map((d: { name_en: string }) => d.name_en);
    expect(adenNames).toEqual(expect.arrayContaining(['Khor Maksar', 'Sheikh Othman', 'Al-Mualla']));
    const capital = await http(t.url, 'GET', '/api/v1/locations/districts?governorate_id=1');
    expect(capital.body[0]).toMatchObject({ id: 1, name_en: "Old Sana'a", name_ar: 'صنعاء القديمة' });
  });

  it.each([
    ['Hadramout', { type: 'governorate', id: 15, name_en: 'Hadramout' }],
    ['Hadramot', { type: 'governorate', id: 15, name_en: 'Hadramout' }],
    // The common English spelling, which the fuzzy match alone missed.
    ['Hadramawt', { type: 'governorate', id: 15, name_en: 'Hadramout' }],
    ['Socotra', { type: 'governorate', id: 21, name_en: 'Socotra' }],
    ['Khor Maksar', { type: 'district', id: 34, name_en: 'Khor Maksar', displayText: 'Khor Maksar, Aden' }],
    ['Sheikh Othman', { type: 'district', governorate_id: 3, name_en: 'Sheikh Othman' }],
    ['Al-Mukalla', { type: 'district', governorate_id: 15, name_en: 'Al-Mukalla' }],
    ["Old Sana'a", { type: 'district', id: 1, governorate_id: 1, name_en: "Old Sana'a" }],
    ['Amanat Al-Asimah', { type: 'governorate', id: 1, name_en: "Amanat Al-Asimah (Sana'a City)" }],
    ['Taiz', { type: 'governorate', id: 12 }],
    ['Ibb', { type: 'governorate', id: 8 }],
  ] as const)('"%s" is found by its English name', async (q, first) => {
    const r = await suggest(t, q);
    expect(r.body[0]).toMatchObject(first);
  });

  it('the answer keeps its shape; governorate_ids is documented in the OpenAPI document', async () => {
    const r = await suggest(t, 'عدن');
    for (const s of r.body) {
      expect(s).toEqual(expect.objectContaining({ id: expect.any(Number), type: expect.any(String), name_en: expect.any(String), name_ar: expect.any(String), displayText: expect.any(String) }));
      expect(s.governorate_ids).toBeUndefined();
    }
    const doc = await http(t.url, 'GET', '/api/docs/json');
    const op = doc.body.paths['/api/v1/locations/search'].get;
    const items = op.responses['200'].content['application/json'].schema.items;
    const props = items.properties ?? doc.body.components?.schemas?.[items.$ref?.split('/').pop()]?.properties;
    expect(props.governorate_ids).toMatchObject({ type: 'array' });
    expect(props.governorate_ids.description).toMatch(/Sana'a/);
    expect(items.required ?? []).not.toContain('governorate_ids');
  });
});
