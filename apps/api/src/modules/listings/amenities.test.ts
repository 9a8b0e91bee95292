/**
 * Amenities (issue 24) over HTTP on a real database: an owner's create, edit and read round-trip them, bad values
 * answer 422, each amenity filter of the search returns exactly the listings that have it, and the examples of
 * the search box's placeholder (in both languages) find the demo listings that say so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_FLAGS, amenityApplies, type AmenityFlag } from '@manzil/shared';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { DEMO_AMENITIES, DEMO_LISTINGS, DISTRICTS } from '../../db/demo/content.js';
import { searchTerms, wordStartPattern } from './search-text.js';

const LOCALES = path.resolve(import.meta.dirname, '../../../../web/src/i18n/locales');
/** The examples of the search box's placeholder: "مثال: حدة، إطلالة بحرية" → ["حدة", "إطلالة بحرية"]. */
function placeholderExamples(lang: 'ar' | 'en'): string[] {
  const json = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, 'search.json'), 'utf8')) as Record<string, string>;
  const text = json.locationTextPlaceholder!;
  return text.replace(/^[^:]*:\s*/, '').split(/[,،]/).map((s) => s.trim()).filter(Boolean);
}

describe('search terms', () => {
  it('cut words to light stems, drop words that say nothing, and match at the start of a word only', () => {
    expect(searchTerms('إطلالة بحرية')).toEqual(['اطلال', 'بحر']);
    expect(searchTerms('فيلا على البحر')).toEqual(['فيلا', 'بحر']);
    expect(searchTerms('Sea views in Aden')).toEqual(['sea', 'view', 'aden']);
    expect(searchTerms('في')).toEqual(['في']);
    const hadda = new RegExp(wordStartPattern('حده'));
    expect(hadda.test('شارع حده')).toBe(true);
    expect(hadda.test('بحده')).toBe(true);
    expect(hadda.test('الوحده')).toBe(false);
    const sea = new RegExp(wordStartPattern('sea'));
    expect(sea.test('a seaside flat')).toBe(true);
    expect(sea.test('chelsea')).toBe(false);
  });

  it('every demo amenity names a demo listing whose type can have it', () => {
    for (const [title, a] of Object.entries(DEMO_AMENITIES)) {
      const l = DEMO_LISTINGS.find((x) => x.en === title);
      expect(l, title).toBeDefined();
      for (const k of Object.keys(a) as (AmenityFlag | 'floor_number')[]) expect(amenityApplies(l!.type, k), `${title}: ${k}`).toBe(true);
    }
  });
});

describe.each(DB_KINDS)('amenities over HTTP (%s)', (kind) => {
  let t: TestApp;
  let owner: { token: string; user: { id: number } };
  let district = 0;
  const id: Record<string, number> = {};

  const payload = (prop: Record<string, unknown> = {}) => ({
    listing_type: 'FOR_RENT',
    title_ar: 'شقة مع طاقة شمسية',
    description_ar: 'شقة في الدور الثالث فيها ألواح طاقة شمسية وخزان ماء',
    price: 150_000,
    currency: 'YER',
    property_details: { property_type: 'APARTMENT', area_sqm: 120, governorate_id: 1, district_id: district, bedrooms: 3, bathrooms: 1, ...prop },
  });
  const search = async (body: Record<string, unknown>) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { limit: 100, ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.items as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
  };
  const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
    district = (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const base = { governorate_id: 1, district_id: district };
    id.solarFlat = await insertListing(t.db, owner.user.id, { ...base, solar_power: true, water_tank: true, floor_number: 3, parking_spaces: 1 });
    id.solarFurnished = await insertListing(t.db, owner.user.id, { ...base, solar_power: true, furnished: true, majlis: true, floor_number: 0 });
    id.generatorVilla = await insertListing(t.db, owner.user.id, { ...base, property_type: 'VILLA', generator: true, well: true, roof_access: true, parking_spaces: 2 });
    id.plain = await insertListing(t.db, owner.user.id, { ...base, floor_number: 7, parking_spaces: 0 });
    id.hiddenSolar = await insertListing(t.db, owner.user.id, { ...base, solar_power: true, status: 'pending' });
  });
  afterAll(async () => t?.close());

  it('create, read and edit round-trip every amenity; left out on create they are false', async () => {
    const all = Object.fromEntries(AMENITY_FLAGS.map((f) => [f, true]));
    const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: payload({ ...all, floor_number: 3, parking_spaces: 2 }) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.property).toMatchObject({ ...all, floor_number: 3, parking_spaces: 2 });

    const read = await http(t.url, 'GET', `/api/v1/listings/${r.body.id}`, { token: owner.token });
    expect(read.body.property).toMatchObject({ ...all, floor_number: 3 });

    // An edit changes what it names and leaves the rest as it was.
    const patched = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, {
      token: owner.token,
      body: { property_details: { solar_power: false, furnished: false, floor_number: -1 } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.property).toMatchObject({ solar_power: false, furnished: false, generator: true, well: true, majlis: true, floor_number: -1 });
    const price = await http(t.url, 'PATCH', `/api/v1/listings/${r.body.id}`, { token: owner.token, body: { price: 160_000 } });
    expect(price.body.property).toMatchObject({ solar_power: false, generator: true, floor_number: -1 });

    const bare = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: payload() });
    expect(bare.status).toBe(201);
    expect(bare.body.property).toMatchObject({ ...Object.fromEntries(AMENITY_FLAGS.map((f) => [f, false])), floor_number: null });
  });

  it('land keeps no furniture, majlis, roof or floor; a villa has no floor number', async () => {
    const all = Object.fromEntries(AMENITY_FLAGS.map((f) => [f, true]));
    const land = await http(t.url, 'POST', '/api/v1/listings/', {
      token: owner.token,
      body: payload({ ...all, property_type: 'LAND', floor_number: 2, bedrooms: null, bathrooms: null }),
    });
    expect(land.status).toBe(201);
    expect(land.body.property).toMatchObject({ furnished: false, majlis: false, roof_access: false, floor_number: null, well: true, solar_power: true });
    const villa = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: payload({ property_type: 'VILLA', floor_number: 2, majlis: true }) });
    expect(villa.body.property).toMatchObject({ floor_number: null, majlis: true });
  });

  it('answers 422 for bad values and changes nothing', async () => {
    const created = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: payload({ solar_power: true, floor_number: 2 }) });
    for (const bad of [{ floor_number: 61 }, { floor_number: -3 }, { floor_number: 2.5 }, { floor_number: 'top' }, { solar_power: 'yes' }, { well: 1 }]) {
      const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: payload(bad) });
      expect(r.status, JSON.stringify(bad)).toBe(422);
      const p = await http(t.url, 'PATCH', `/api/v1/listings/${created.body.id}`, { token: owner.token, body: { property_details: bad } });
      expect(p.status, JSON.stringify(bad)).toBe(422);
    }
    const read = await http(t.url, 'GET', `/api/v1/listings/${created.body.id}`, { token: owner.token });
    expect(read.body.property).toMatchObject({ solar_power: true, floor_number: 2 });
    for (const bad of [{ solar_power: 'maybe' }, { min_floor: 61 }, { max_floor: -3 }, { parking: 'lots' }]) {
      const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: bad });
      expect(r.status, JSON.stringify(bad)).toBe(422);
    }
  });

  it('each amenity filter returns exactly the public listings that have it', async () => {
    expect(await search({ solar_power: true })).toEqual(sorted(id.solarFlat!, id.solarFurnished!));
    expect(await search({ water_tank: true })).toEqual([id.solarFlat]);
    expect(await search({ furnished: true })).toEqual([id.solarFurnished]);
    expect(await search({ majlis: true })).toEqual([id.solarFurnished]);
    expect(await search({ generator: true })).toEqual([id.generatorVilla]);
    expect(await search({ well: true })).toEqual([id.generatorVilla]);
    expect(await search({ roof_access: true })).toEqual([id.generatorVilla]);
    expect(await search({ parking: true })).toEqual(sorted(id.solarFlat!, id.generatorVilla!));
    expect(await search({ solar_power: true, furnished: true })).toEqual([id.solarFurnished]);
    expect(await search({ solar_power: 'true', parking: '1' })).toEqual([id.solarFlat]);
    // false sets no condition
    expect(await search({ solar_power: false })).toHaveLength(4);
    expect(await search({ min_floor: 1 })).toEqual(sorted(id.solarFlat!, id.plain!));
    expect(await search({ max_floor: 0 })).toEqual([id.solarFurnished]);
    expect(await search({ min_floor: 2, max_floor: 5 })).toEqual([id.solarFlat]);
    expect(await search({ min_floor: 0, solar_power: true })).toEqual(sorted(id.solarFlat!, id.solarFurnished!));
  });

  describe('text search with the demo listings', () => {
    const demo: Record<string, number> = {};
    beforeAll(async () => {
      const known = new Set((await t.db.selectFrom('districts').select('id').execute()).map((d) => d.id));
      for (const l of DEMO_LISTINGS) {
        const d = DISTRICTS[l.district]!;
        demo[l.en] = await insertListing(t.db, owner.user.id, {
          listing_type: l.rent ? 'FOR_RENT' : 'FOR_SALE', property_type: l.type, title_en: l.en, title_ar: l.ar,
          description_en: l.den, description_ar: l.dar, address_details_en: l.aen, address_details_ar: l.aar,
          governorate_id: d.governorate, district_id: known.has(l.district) ? l.district : null, ...DEMO_AMENITIES[l.en],
        });
      }
    });
    const titles = async (q: string) => {
      const ids = await search({ search: q });
      return Object.entries(demo).filter(([, v]) => ids.includes(v)).map(([k]) => k).sort();
    };

    it.each(['ar', 'en'] as const)("each example of the search box's placeholder finds demo listings (%s)", async (lang) => {
      const examples = placeholderExamples(lang);
      expect(examples.length).toBeGreaterThanOrEqual(2);
      for (const ex of examples) expect((await titles(ex)).length, ex).toBeGreaterThan(0);
    });

    it('finds phrases by their words in any order and form, across the text, and not inside other words', async () => {
      const seaView = ['Flat on the Mukalla corniche', 'Sea view villa in Al-Tawahi', 'Sea-breeze flat in Khor Maksar'];
      expect(await titles('إطلالة بحرية')).toEqual(seaView);
      expect(await titles('بحرية إطلالة')).toEqual(seaView);
      expect(await titles('sea view')).toEqual(seaView);
      expect(await titles('views of the sea')).toEqual(seaView);
      // "حدة" is Hadda, not the end of "الوحدة" (Al-Wehdah)
      const hadda = await titles('حدة');
      expect(hadda).toContain('Three-bedroom flat off Hadda Street');
      expect(hadda).not.toContain('Two-bedroom flat near Al-Zubairi Street');
      expect(await titles('Hadda')).toEqual(hadda);
      // the type and the deal are words of every listing
      expect(await titles('فيلا للإيجار')).toEqual(await titles('villa for rent'));
      expect(await titles('villa for rent')).toContain('Furnished villa for rent in Al-Thawrah');
      // phrases spread over the description
      expect(await titles('طاقة شمسية انقطاع الكهرباء')).toEqual(['Three-bedroom flat in Al-Mansoura', 'Three-bedroom flat off Hadda Street']);
      // text and amenity filters together
      const solarText = await search({ search: 'solar', solar_power: true });
      expect(Object.entries(demo).filter(([, v]) => solarText.includes(v)).map(([k]) => k).sort()).toEqual([
        'Furnished villa for rent in Al-Thawrah', 'Three-bedroom flat for sale in Salah', 'Three-bedroom flat in Al-Mansoura', 'Three-bedroom flat off Hadda Street',
      ]);
      expect(solarText).toHaveLength(4);
    });
  });
});
