import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { sql } from 'kysely';
import { mapSearchResult, searchResult } from '@manzil/shared';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { compileSerializer } from '../../lib/serialize.js';

/** A polygon drawn around Aden (lat/lng points as the draw-on-map modal sends them). */
const ADEN_POLYGON = [
  { lat: 12.70, lng: 44.85 },
  { lat: 12.95, lng: 44.85 },
  { lat: 12.95, lng: 45.15 },
  { lat: 12.70, lng: 45.15 },
];

describe.each(DB_KINDS)('POST /listings/search (%s)', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  let ownerPhone = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { user } = await createUser(t, { first_name: 'Salem', last_name: 'Owner', phone_number: '+967 777 000 111' });
    ownerPhone = user.phone_number!;
    const { user: noPhone } = await createUser(t, { phone_number: null });
    const d = (days: number) => new Date(Date.UTC(2025, 0, 1 + days));
    // Aden
    id.adenRent2 = await insertListing(t.db, user.id, {
      listing_type: 'FOR_RENT', property_type: 'APARTMENT', title_ar: 'شقّة مفروشة في خور مكسر', title_en: 'Furnished flat in Khor Maksar',
      price: 400, currency: 'USD', bedrooms: 2, bathrooms: 1, area_sqm: 110, build_year: 2015,
      governorate_id: 3, district_id: 34, latitude: 12.83, longitude: 45.03, created_at: d(10),
    });
    id.adenRent3 = await insertListing(t.db, user.id, {
      listing_type: 'FOR_RENT', property_type: 'HOUSE', title_ar: 'بيت شعبي في المعلا', title_en: 'House in Al-Mualla',
      price: 150_000, currency: 'YER', bedrooms: 3, bathrooms: 2, area_sqm: 180, build_year: 2000,
      governorate_id: 3, district_id: 36, latitude: 12.79, longitude: 44.98, created_at: d(9),
    });
    id.adenSaleVilla = await insertListing(t.db, noPhone.id, {
      listing_type: 'FOR_SALE', property_type: 'VILLA', title_ar: 'فيلا على البحر', title_en: 'Sea view villa',
      price: 350_000, currency: 'USD', bedrooms: 6, bathrooms: 5, area_sqm: 600, build_year: 2019,
      governorate_id: 3, district_id: 33, latitude: 12.80, longitude: 44.92, created_at: d(8),
    });
    // Sana'a city (1) and governorate (2)
    id.sanaaSale = await insertListing(t.db, user.id, {
      listing_type: 'FOR_SALE', property_type: 'APARTMENT', title_ar: 'شقه للبيع في حدة', title_en: 'Apartment for sale in Hadda',
      price: 53_000_000, currency: 'YER', bedrooms: 4, bathrooms: 3, area_sqm: 200, build_year: 2012,
      governorate_id: 1, district_id: 4, latitude: 15.31, longitude: 44.19, created_at: d(7),
    });
    id.sanaaGovLand = await insertListing(t.db, user.id, {
      listing_type: 'FOR_SALE', property_type: 'LAND', title_ar: 'أرض في سنحان', title_en: 'Plot in Sanhan',
      price: 75_000, currency: 'SAR', bedrooms: null, bathrooms: null, area_sqm: 1000,
      governorate_id: 2, district_id: 17, latitude: 15.22, longitude: 44.25, created_at: d(6),
    });
    // Taiz
    id.taizOffice = await insertListing(t.db, user.id, {
      listing_type: 'FOR_RENT', property_type: 'OFFICE', title_ar: 'مكتب تجاري في شارع جمال', title_en: 'Office on Gamal Street',
      price: 300, currency: 'USD', bedrooms: 0, bathrooms: 1, area_sqm: 80,
      governorate_id: 12, district_id: 215, latitude: 13.58, longitude: 44.02, created_at: d(5), address_details_en: 'Gamal Abdulnasser St.',
    });
    // Never public
    id.pending = await insertListing(t.db, user.id, { status: 'pending', title_ar: 'شقة معلقة', governorate_id: 3, listing_type: 'FOR_RENT', bedrooms: 2, latitude: 12.83, longitude: 45.03 });
    id.rejected = await insertListing(t.db, user.id, { status: 'rejected', title_ar: 'شقة مرفوضة', governorate_id: 3, listing_type: 'FOR_RENT', bedrooms: 2, latitude: 12.83, longitude: 45.03 });
    id.inactive = await insertListing(t.db, user.id, { is_active: false, title_ar: 'شقة موقوفة', governorate_id: 3, listing_type: 'FOR_RENT', bedrooms: 2, latitude: 12.83, longitude: 45.03 });
    await insertMedia(t.db, id.adenRent2, 0);
    await insertMedia(t.db, id.adenRent2, 1);
  });
  afterAll(() => t.close());

  const search = (body: unknown) => http(t.url, 'POST', '/api/v1/listings/search', { body });
  const ids = async (body: Record<string, unknown>) => {
    const r = await search(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBe(r.body.items.length);
    return (r.body.items as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
  };
  const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
  const PUBLIC = () => sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!, id.sanaaSale!, id.sanaaGovLand!, id.taizOffice!);

  it('answers {items, total}, newest first, only approved and active listings', async () => {
    const r = await search({});
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(6);
    expect(r.body.items.map((x: { id: number }) => x.id)).toEqual([id.adenRent2, id.adenRent3, id.adenSaleVilla, id.sanaaSale, id.sanaaGovLand, id.taizOffice]);
    for (const x of r.body.items) {
      expect(x.status).toBe('approved');
      expect(x.is_active).toBe(true);
    }
    const hidden = [id.pending, id.rejected, id.inactive];
    expect(r.body.items.some((x: { id: number }) => hidden.includes(x.id))).toBe(false);
  });

  it('reads listings in the spec shape with images, the owner phone for the call link, and no e-mail', async () => {
    const r = await search({ search: 'Khor Maksar' });
    const it0 = r.body.items[0];
    expect(it0.id).toBe(id.adenRent2);
    expect(it0.media).toHaveLength(2);
    expect(it0.media[0].variants.map((v: { width: number }) => v.width)).toEqual([400, 720, 960, 1600]);
    expect(it0.property.governorate.name_en).toBe('Aden');
    expect(it0.owner.phone_number).toBe(ownerPhone);
    expect(it0.owner.email).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toContain('@example.test');
    const villa = (await search({ property_type: 'VILLA' })).body.items[0];
    expect(villa.owner.phone_number).toBeNull();
  });

  it('lists photos by position whatever order they were added in; map pins carry the cover', async () => {
    for (const position of [3, 2]) await insertMedia(t.db, id.taizOffice!, position);
    const cover = await insertMedia(t.db, id.taizOffice!, 0);
    const office = (await search({ property_type: 'OFFICE' })).body.items[0];
    expect(office.media.map((m: { position: number }) => m.position)).toEqual([0, 2, 3]);
    const pin = (await search({ property_type: 'OFFICE', view: 'map' })).body.items[0];
    expect(pin.media.map((m: { id: number }) => m.id)).toEqual([cover]);
    await t.db.deleteFrom('listing_media').where('listing_id', '=', id.taizOffice!).execute();
  });

  it('writes times as ISO 8601 in UTC to the millisecond, whatever the database stored', async () => {
    expect((await search({ search: 'Khor Maksar' })).body.items[0].created_at).toBe('2025-01-11T00:00:00.000Z');
    // Microseconds and another zone, as a server clock writes them: cut to the millisecond, moved to UTC.
    await sql`update listings set updated_at = '2025-03-04 05:06:07.891999+03', posted_at = null where id = ${id.sanaaGovLand}`.execute(t.db);
    const land = (await search({ property_type: 'LAND' })).body.items[0];
    expect(land).toMatchObject({ id: id.sanaaGovLand, updated_at: '2025-03-04T02:06:07.891Z', posted_at: null });
  });

  it('filters each alone', async () => {
    expect(await ids({ listing_type: 'FOR_RENT' })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.taizOffice!));
    expect(await ids({ listing_type: 'rent' })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.taizOffice!));
    expect(await ids({ listing_type: 'FOR_SALE' })).toEqual(sorted(id.adenSaleVilla!, id.sanaaSale!, id.sanaaGovLand!));
    expect(await ids({ property_type: 'OFFICE' })).toEqual([id.taizOffice]);
    expect(await ids({ governorate_id: 3 })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!));
    expect(await ids({ district_id: 34 })).toEqual([id.adenRent2]);
    expect(await ids({ city_id: 36 })).toEqual([id.adenRent3]);
    expect(await ids({ min_area_sqm: 200 })).toEqual(sorted(id.adenSaleVilla!, id.sanaaSale!, id.sanaaGovLand!));
    expect(await ids({ max_area_sqm: 110 })).toEqual(sorted(id.adenRent2!, id.taizOffice!));
    expect(await ids({ min_build_year: 2015 })).toEqual(sorted(id.adenRent2!, id.adenSaleVilla!));
    expect(await ids({ max_build_year: 2005 })).toEqual([id.adenRent3]);
    expect(await ids({ min_lat: 12.5, max_lat: 13.0, min_lon: 44.5, max_lon: 45.5 })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!));
  });

  it('bedrooms and bathrooms: exact values as min = max, 5+ / 4+ as a minimum', async () => {
    expect(await ids({ min_bedrooms: 2, max_bedrooms: 2 })).toEqual([id.adenRent2]);
    expect(await ids({ min_bedrooms: 3, max_bedrooms: 3 })).toEqual([id.adenRent3]);
    expect(await ids({ min_bedrooms: 5 })).toEqual([id.adenSaleVilla]);
    expect(await ids({ min_bathrooms: 1, max_bathrooms: 1 })).toEqual(sorted(id.adenRent2!, id.taizOffice!));
    expect(await ids({ min_bathrooms: 4 })).toEqual([id.adenSaleVilla]);
  });

  it('prices compare in USD across currencies (a YER listing matches a USD filter)', async () => {
    // 53,000,000 YER = 100,000 USD at 530; 75,000 SAR = 20,000 USD; 150,000 YER ≈ 283 USD
    expect(await ids({ min_price: 100_000, max_price: 100_000 })).toEqual([id.sanaaSale]);
    expect(await ids({ min_price: 19_000, max_price: 21_000, price_currency: 'USD' })).toEqual([id.sanaaGovLand]);
    expect(await ids({ max_price: 300 })).toEqual(sorted(id.adenRent3!, id.taizOffice!));
    expect(await ids({ max_price: 160_000, price_currency: 'YER' })).toEqual(sorted(id.adenRent3!, id.taizOffice!));
    expect(await ids({ min_price: 300_000 })).toEqual([id.adenSaleVilla]);
  });

  it('governorate_id accepts a list (Sana\'a = 1 and 2), as an array or "1,2"', async () => {
    expect(await ids({ governorate_id: [1, 2] })).toEqual(sorted(id.sanaaSale!, id.sanaaGovLand!));
    expect(await ids({ governorate_id: '1,2' })).toEqual(sorted(id.sanaaSale!, id.sanaaGovLand!));
    expect(await ids({ governorate_id: 1 })).toEqual([id.sanaaSale]);
  });

  it('combines filters with AND: rent in Aden with 2 bedrooms', async () => {
    expect(await ids({ listing_type: 'FOR_RENT', governorate_id: 3, min_bedrooms: 2, max_bedrooms: 2 })).toEqual([id.adenRent2]);
    expect(await ids({ listing_type: 'FOR_SALE', governorate_id: 3, property_type: 'APARTMENT' })).toEqual([]);
    expect(await ids({ listing_type: 'FOR_RENT', max_price: 500, min_bathrooms: 1, max_bathrooms: 1, search: 'مكتب' })).toEqual([id.taizOffice]);
  });

  it('a polygon around Aden returns only Aden listings (points as objects or [lat, lng])', async () => {
    expect(await ids({ polygon_coordinates: ADEN_POLYGON })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!));
    expect(await ids({ polygon_coordinates: ADEN_POLYGON.map((p) => [p.lat, p.lng]), listing_type: 'FOR_RENT' })).toEqual(sorted(id.adenRent2!, id.adenRent3!));
    // A triangle that holds only the Khor Maksar flat
    expect(await ids({ polygon_coordinates: [[12.82, 45.02], [12.84, 45.02], [12.83, 45.05]] })).toEqual([id.adenRent2]);
  });

  it('search text is Arabic-normalised: شقة finds "شقّة" and "شقه"; English, addresses and place names match', async () => {
    expect(await ids({ search: 'شقة' })).toEqual(sorted(id.adenRent2!, id.sanaaSale!));
    expect(await ids({ search: 'شقّه' })).toEqual(sorted(id.adenRent2!, id.sanaaSale!));
    expect(await ids({ search: 'شقة للبيع' })).toEqual([id.sanaaSale]);
    expect(await ids({ search: 'VILLA' })).toEqual([id.adenSaleVilla]);
    expect(await ids({ search: 'gamal abdulnasser' })).toEqual([id.taizOffice]);
    expect(await ids({ search: 'عدن' })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!));
    expect(await ids({ search: 'Aden' })).toEqual(sorted(id.adenRent2!, id.adenRent3!, id.adenSaleVilla!));
    expect(await ids({ search: '   ' })).toEqual(PUBLIC());
  });

  it('sorts by price and area, and pages with skip/limit while total counts all matches', async () => {
    const byPrice = (await search({ sort: 'price_desc' })).body.items.map((x: { id: number }) => x.id);
    expect(byPrice).toEqual([id.adenSaleVilla, id.sanaaSale, id.sanaaGovLand, id.adenRent2, id.taizOffice, id.adenRent3]);
    const asc = (await search({ sort: 'price_asc' })).body.items.map((x: { id: number }) => x.id);
    expect(asc).toEqual([...byPrice].reverse());
    const byArea = (await search({ sort: 'area_desc' })).body.items.map((x: { id: number }) => x.id);
    expect(byArea).toEqual([id.sanaaGovLand, id.adenSaleVilla, id.sanaaSale, id.adenRent3, id.adenRent2, id.taizOffice]);
    const p2 = await search({ skip: 2, limit: 2 });
    expect(p2.body.total).toBe(6);
    expect(p2.body.items.map((x: { id: number }) => x.id)).toEqual([id.adenSaleVilla, id.sanaaSale]);
    expect((await search({ skip: 100 })).body).toEqual({ items: [], total: 6, total_capped: false });
  });

  it('limits: 100 without an area, 1000 with bounds or a polygon', async () => {
    expect((await search({ limit: 100 })).status).toBe(200);
    expect((await search({ limit: 101 })).status).toBe(422);
    expect((await search({ limit: 1000, min_lat: 10, max_lat: 20, min_lon: 40, max_lon: 50 })).status).toBe(200);
    expect((await search({ limit: 1000, polygon_coordinates: ADEN_POLYGON })).status).toBe(200);
    expect((await search({ limit: 1001, polygon_coordinates: ADEN_POLYGON })).status).toBe(422);
    expect((await search({ limit: 0 })).status).toBe(422);
    expect((await search({ skip: -1 })).status).toBe(422);
  });

  it('hostile inputs answer a clear 4xx or match nothing, and never leak hidden listings', async () => {
    const huge = Array.from({ length: 10_000 }, (_, i) => ({ lat: 12 + i / 1e5, lng: 45 }));
    const r = await search({ polygon_coordinates: huge });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.detail)).toContain('too many points');
    expect((await search({ polygon_coordinates: [{ lat: 1, lng: 1 }, { lat: 2, lng: 2 }] })).status).toBe(422);
    expect((await search({ polygon_coordinates: [{ lat: 100, lng: 1 }, { lat: 2, lng: 2 }, { lat: 3, lng: 3 }] })).status).toBe(422);
    expect((await search({ polygon_coordinates: 'POLYGON((0 0))' })).status).toBe(422);
    expect((await search({ min_bedrooms: 'two' })).status).toBe(422);
    expect((await search({ listing_type: 'FOR_LEASE' })).status).toBe(422);
    expect((await search({ governorate_id: "1; drop table listings" })).status).toBe(422);
    expect((await search({ search: 'x'.repeat(201) })).status).toBe(422);
    expect((await http(t.url, 'POST', '/api/v1/listings/search', { raw: '{"search":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    for (const s of ["' or 1=1 --", "%'; drop table listings; --", '%', '<script>alert(1)</script>', "شقة' or status='pending"]) {
      const res = await search({ search: s });
      expect(res.status, s).toBe(200);
      expect(res.body.total, s).toBe(0);
    }
    // Punctuation alone normalises to nothing: no text filter, still only public listings.
    for (const s of ['_', '\\', '--']) expect(await ids({ search: s })).toEqual(PUBLIC());
    // The table is still there and nothing changed.
    expect((await search({})).body.total).toBe(6);
    // Arabic-Indic digits in numbers are read as numbers.
    expect(await ids({ min_bedrooms: '٥' })).toEqual([id.adenSaleVilla]);
  });

  it('GET /listings/stats/by-city counts approved, active listings per governorate', async () => {
    const r = await http(t.url, 'GET', '/api/v1/listings/stats/by-city');
    expect(r.status).toBe(200);
    const by = Object.fromEntries(r.body.map((x: { governorate_id: number }) => [x.governorate_id, x]));
    expect(by[3]).toMatchObject({ name_en: 'Aden', for_sale: 1, for_rent: 2, total: 3 });
    expect(by[1]).toMatchObject({ for_sale: 1, for_rent: 0, total: 1 });
    expect(by[12]).toMatchObject({ for_sale: 0, for_rent: 1, total: 1 });
    expect(r.body.reduce((n: number, x: { total: number }) => n + x.total, 0)).toBe(6);
  });

  it('map view returns the same listings as pins: what a marker and its popup show, the cover only, far fewer bytes', async () => {
    const body = { min_lat: 12.7, max_lat: 13.0, min_lon: 44.9, max_lon: 45.2, limit: 1000 };
    const full = await search(body);
    const map = await search({ ...body, view: 'map' });
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe(full.headers.get('content-type'));
    expect(map.headers.get('content-type')).toMatch(/^application\/json/);
    expect(mapSearchResult.strict().safeParse(map.body).success).toBe(true);
    expect(map.body.items.map((l: any) => l.id)).toEqual(full.body.items.map((l: any) => l.id));
    expect(map.body).toMatchObject({ total: full.body.total, total_capped: full.body.total_capped });
    const pin = map.body.items.find((l: any) => l.id === id.adenRent2);
    const listing = full.body.items.find((l: any) => l.id === id.adenRent2);
    // Exactly the pin's fields, with the same values as the full listing.
    expect(Object.keys(pin).sort()).toEqual(['availability', 'currency', 'id', 'listing_type', 'media', 'price', 'property', 'title_ar', 'title_en', 'updated_at']);
    expect(pin).toEqual({
      id: listing.id, title_en: listing.title_en, title_ar: listing.title_ar, listing_type: 'FOR_RENT', price: 400, currency: 'USD',
      updated_at: listing.updated_at, availability: listing.availability,
      media: [listing.media[0]],
      property: {
        property_type: 'APARTMENT', bedrooms: 2, bathrooms: 1, area_sqm: 110, latitude: 12.83, longitude: 45.03,
        governorate: listing.property.governorate, district: listing.property.district,
      },
    });
    expect(listing.media).toHaveLength(2);
    expect(pin.property.district).toMatchObject({ id: 34, name_en: expect.any(String), name_ar: expect.any(String) });
    // Nothing of the owner, no descriptions.
    expect(JSON.stringify(map.body)).not.toMatch(/owner|description|phone|email/);
    expect(map.body.items.find((l: any) => l.id === id.adenSaleVilla).media).toEqual([]);
    expect(JSON.stringify(map.body).length).toBeLessThan(JSON.stringify(full.body).length / 2);
    // Paging and sorting work as for full listings.
    const byPrice = await search({ ...body, view: 'map', sort: 'price_desc', limit: 2, skip: 1 });
    const fullByPrice = await search({ ...body, sort: 'price_desc', limit: 2, skip: 1 });
    expect(byPrice.body.items.map((l: any) => l.id)).toEqual(fullByPrice.body.items.map((l: any) => l.id));
    expect(byPrice.body.total).toBe(full.body.total);
    // An empty map says so.
    expect((await search({ min_lat: -10, max_lat: -9, min_lon: 0, max_lon: 1, view: 'map' })).body).toEqual({ items: [], total: 0, total_capped: false });
  });

  it('writes exactly what the schema parse would: fields it does not declare never reach the client', async () => {
    const r = await search({ governorate_id: 3 });
    expect(r.status).toBe(200);
    expect(searchResult.safeParse(r.body).success).toBe(true);
    // A real page with images, plus what a careless change could put on it.
    const page = structuredClone(r.body);
    page.internal = 'x';
    for (const it of page.items) {
      it.search_text = 'hidden';
      it.owner.password_hash = 'hash';
      it.property.owner.password_hash = 'hash';
      for (const m of it.media) m.storage_key = 'secret';
    }
    const written = compileSerializer(searchResult)(page);
    expect(written).toBe(JSON.stringify(searchResult.parse(page)));
    expect(written).not.toMatch(/password_hash|hidden|secret|internal/);
    expect(JSON.parse(written).items.map((x: { id: number }) => x.id)).toEqual(r.body.items.map((x: { id: number }) => x.id));
  });
});
