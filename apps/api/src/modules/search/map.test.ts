/**
 * POST /listings/search/map (issue 26) over HTTP, on each engine: clusters at a low zoom that add up to the
 * total, pins when zoomed in, the drawn area and the filters applied to both, 422 for a zoom out of range, and
 * answers within 30 KB gzipped with a few thousand listings, however many cells or pins the view holds.
 */
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_SEARCH, mapSearchAnswer, type MapCluster } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { generateSyntheticListings } from '../../db/synthetic.js';
import { forgetSearchCounts } from './service.js';
import { cellDegrees, gridFor } from './map.js';

/** All of Yemen and some sea, as a phone sees the country at zoom 6. */
const YEMEN = { min_lat: 11, max_lat: 19.5, min_lon: 41, max_lon: 54.5 };
/** A drawn area around Aden ([lat, lng] pairs, as the draw modal may send them). */
const ADEN_POLYGON = [[12.6, 44.7], [13.1, 44.7], [13.1, 45.3], [12.6, 45.3]];
/** An empty stretch of desert where the test lays a lattice of listings, one in every square of 0.02° (somewhere in it). */
const LATTICE = { min_lat: 18.4, max_lat: 19.4, min_lon: 51.0, max_lon: 52.0 };
const LATTICE_SIDE = 50;
const SYNTHETIC = 2500;
const KB30 = 30 * 1024;

describe.each(DB_KINDS)('POST /listings/search/map (%s)', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { user } = await createUser(t);
    // A few thousand listings over the governorates (about 10 % not public), as the bench makes them.
    await generateSyntheticListings(t.db, SYNTHETIC, { rates: t.config.EXCHANGE_RATES, seed: 7 });
    // Two thousand five hundred more on a lattice in an empty area: every cell of a dense view has listings.
    await sql`
      insert into listings (owner_id, listing_type, property_type, title_en, title_ar, description_en, description_ar, price, currency,
        price_usd, status, is_active, bedrooms, bathrooms, area_sqm, latitude, longitude, location, governorate_id, search_text)
      select ${user.id}, case when i % 3 = 0 then 'FOR_SALE' else 'FOR_RENT' end, 'APARTMENT', 'Lattice flat ' || i, 'شقة شبكية ' || i,
        'A flat.', 'شقة.', p, 'USD', p, 'approved', true, 2, 1, 90, lat, lng, point(lng, lat), 15, 'lattice'
      from (select i, 100 + (i * 7919) % 99991 as p,
              ${LATTICE.min_lat}::float8 + 0.02 * (i / ${LATTICE_SIDE}) + 0.001 + 0.018 * ((i * 0.6180339887) - floor(i * 0.6180339887)) as lat,
              ${LATTICE.min_lon}::float8 + 0.02 * (i % ${LATTICE_SIDE}) + 0.001 + 0.018 * ((i * 0.7548776662) - floor(i * 0.7548776662)) as lng
            from generate_series(0, ${LATTICE_SIDE * LATTICE_SIDE - 1}) i) g`.execute(t.db);
    await sql`analyze listings`.execute(t.db);
    // A few hand-placed listings in a quiet corner of Aden, for the pins.
    const at = { governorate_id: 3, district_id: 34 };
    id.rent2 = await insertListing(t.db, user.id, { ...at, listing_type: 'FOR_RENT', title_en: 'Quiet rent 2', bedrooms: 2, price: 300, currency: 'USD', latitude: 12.7701, longitude: 45.2101 });
    id.rent3 = await insertListing(t.db, user.id, { ...at, listing_type: 'FOR_RENT', title_en: 'Quiet rent 3', bedrooms: 3, price: 500, currency: 'USD', latitude: 12.7702, longitude: 45.2105 });
    id.sale = await insertListing(t.db, user.id, { ...at, listing_type: 'FOR_SALE', title_en: 'Quiet sale', bedrooms: 2, price: 90_000, currency: 'USD', latitude: 12.7705, longitude: 45.2103 });
    id.pending = await insertListing(t.db, user.id, { ...at, status: 'pending', listing_type: 'FOR_RENT', bedrooms: 2, latitude: 12.7703, longitude: 45.2102 });
  }, 120_000);
  afterAll(() => t?.close());

  const map = async (body: Record<string, unknown>) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search/map', { body });
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    return mapSearchAnswer.parse(r.body);
  };
  /** Public listings matching `where` (SQL over the alias l), counted by the database itself. */
  const count = async (where: ReturnType<typeof sql>) =>
    (await sql<{ n: number }>`select count(*)::int as n from listings l where l.status = 'approved' and l.is_active and l.location is not null and ${where}`.execute(t.db)).rows[0]!.n;
  const adenPolygon = sql`l.location <@ ${`(${ADEN_POLYGON.map(([lat, lng]) => `(${lng},${lat})`).join(',')})`}::polygon`;
  const sum = (cs: MapCluster[]) => cs.reduce((s, c) => s + c.count, 0);

  it('the country at zoom 6: clusters, one per cell, that add up to every public listing on the map', async () => {
    const a = await map({ ...YEMEN, zoom: 6 });
    expect(a.mode).toBe('clusters');
    if (a.mode !== 'clusters') return;
    expect(a.cell_deg).toBeCloseTo(cellDegrees(6));
    expect(a.total).toBe(sum(a.clusters));
    expect(a.total).toBe(await count(sql`true`));
    for (const c of a.clusters) {
      expect(c.count).toBeGreaterThan(0);
      expect(c.for_sale + c.for_rent).toBe(c.count);
      const [s, w, n, e] = c.bounds;
      // The centre is the mean of positions inside the box; the box spans a cell, or two merged (~2 cells).
      expect(c.lat).toBeGreaterThanOrEqual(s);
      expect(c.lat).toBeLessThanOrEqual(n);
      expect(c.lng).toBeGreaterThanOrEqual(w);
      expect(c.lng).toBeLessThanOrEqual(e);
      expect(n - s).toBeLessThan(3 * a.cell_deg);
      expect(e - w).toBeLessThan(3 * a.cell_deg);
      if (c.min_price_usd !== null) expect(c.min_price_usd).toBeLessThanOrEqual(c.max_price_usd!);
    }
    // No two drawn one over the other: centres at least half a cell apart (those nearer were merged).
    for (const [i, c] of a.clusters.entries()) {
      for (const d of a.clusters.slice(i + 1)) expect(Math.max(Math.abs(c.lat - d.lat), Math.abs(c.lng - d.lng))).toBeGreaterThanOrEqual(a.cell_deg / 2 - 1e-4);
    }
  });

  it('zoomed in on a street: the listings themselves as pins, as view "map" sends them', async () => {
    const box = { min_lat: 12.769, max_lat: 12.772, min_lon: 45.209, max_lon: 45.212 };
    const a = await map({ ...box, zoom: 17 });
    expect(a.mode).toBe('pins');
    if (a.mode !== 'pins') return;
    expect(a.items.map((p) => p.id).sort((x, y) => x - y)).toEqual([id.rent2!, id.rent3!, id.sale!].sort((x, y) => x - y));
    expect(a.total).toBe(3);
    expect(a.total_capped).toBe(false);
    const old = await http(t.url, 'POST', '/api/v1/listings/search', { body: { ...box, view: 'map', limit: 1000 } });
    expect(old.status).toBe(200);
    expect(a.items).toEqual(old.body.items);
  });

  it('the same view answers pins up to MAP_SEARCH.maxPins listings and clusters past it, whatever the zoom', async () => {
    // 5 × 50 lattice rows = 250 listings: pins even at zoom 8; 10 rows = 500: clusters even at zoom 16.
    const rows = (k: number) => ({ ...LATTICE, max_lat: LATTICE.min_lat + 0.02 * k });
    const few = await map({ ...rows(5), zoom: 8 });
    expect(few.mode).toBe('pins');
    expect(few.total).toBe(250);
    const many = await map({ ...rows(10), zoom: 16 });
    expect(many.mode).toBe('clusters');
    if (many.mode === 'clusters') expect(many.total).toBe(500);
    // From pinsFromZoom on, pins however many: the newest maxPins, the total capped past them.
    const street = await map({ ...rows(10), zoom: MAP_SEARCH.pinsFromZoom });
    expect(street.mode).toBe('pins');
    if (street.mode !== 'pins') return;
    expect(street.items).toHaveLength(MAP_SEARCH.maxPins);
    expect(street.total_capped).toBe(true);
  });

  it('the drawn area and every filter apply to the clusters', async () => {
    const filters = { listing_type: 'rent', min_bedrooms: 2, max_price: 2000, price_currency: 'USD' };
    const where = sql`l.listing_type = 'FOR_RENT' and l.bedrooms >= 2 and l.price_usd <= 2000.005`;
    const a = await map({ ...YEMEN, zoom: 6, ...filters });
    expect(a.mode).toBe('clusters');
    if (a.mode !== 'clusters') return;
    expect(a.total).toBe(await count(where));
    expect(a.clusters.every((c) => c.for_sale === 0 && (c.max_price_usd ?? 0) <= 2000)).toBe(true);

    const area = await map({ ...YEMEN, zoom: 6, polygon_coordinates: ADEN_POLYGON });
    expect(area.mode).toBe('clusters');
    expect(area.total).toBe(await count(adenPolygon));
    expect(area.total).toBeGreaterThan(MAP_SEARCH.maxPins);
    const both = await map({ ...YEMEN, zoom: 6, polygon_coordinates: ADEN_POLYGON, listing_type: 'FOR_SALE', furnished: false, min_area_sqm: 100 });
    expect(both.total).toBe(await count(sql`${adenPolygon} and l.listing_type = 'FOR_SALE' and l.area_sqm >= 100`));
    if (both.mode === 'clusters') expect(both.clusters.every((c) => c.for_rent === 0)).toBe(true);
    // The words of the free text too: the lattice's listings all say "lattice".
    const words = await map({ ...YEMEN, zoom: 6, search: 'lattice' });
    expect(words.total).toBe(LATTICE_SIDE * LATTICE_SIDE);
  });

  it('the drawn area and every filter apply to the pins', async () => {
    const body = { polygon_coordinates: ADEN_POLYGON, listing_type: 'FOR_RENT', min_bedrooms: 3, min_price: 100 };
    const a = await map({ ...YEMEN, zoom: 6, ...body });
    const search = await http(t.url, 'POST', '/api/v1/listings/search', { body: { ...body, view: 'map', limit: 1000 } });
    expect(search.body.total).toBeLessThanOrEqual(MAP_SEARCH.maxPins);
    expect(a.mode).toBe('pins');
    if (a.mode !== 'pins') return;
    expect(a.items.map((p) => p.id).sort()).toEqual(search.body.items.map((p: { id: number }) => p.id).sort());
    expect(a.items.map((p) => p.id)).toContain(id.rent3);
    expect(a.items.map((p) => p.id)).not.toContain(id.rent2);
    expect(a.items.every((p) => p.listing_type === 'FOR_RENT' && p.property.bedrooms! >= 3)).toBe(true);
    expect(a.total).toBe(await count(sql`${adenPolygon} and l.listing_type = 'FOR_RENT' and l.bedrooms >= 3 and l.price_usd >= 99.995`));
  });

  it('answers 422 for a zoom that is missing, not a whole number or out of range', async () => {
    for (const zoom of [undefined, -1, 23, 5.5, 'near', null]) {
      const r = await http(t.url, 'POST', '/api/v1/listings/search/map', { body: { ...YEMEN, zoom } });
      expect(r.status, `zoom ${zoom}`).toBe(422);
      expect(r.body.detail.some((d: { loc: string[] }) => d.loc.includes('zoom'))).toBe(true);
    }
    // The search's own rules hold too.
    expect((await http(t.url, 'POST', '/api/v1/listings/search/map', { body: { zoom: 6, min_lat: 91 } })).status).toBe(422);
    expect((await http(t.url, 'POST', '/api/v1/listings/search/map', { body: { zoom: 6, polygon_coordinates: [[1, 2]] } })).status).toBe(422);
  });

  it('stays within 30 KB gzipped: every cell full, the world at any zoom, or the most pins', async () => {
    const gz = (body: unknown) => zlib.gzipSync(JSON.stringify(body)).length;
    // 0.9° of the lattice at zoom 12: 44 × 44 cells of 60 px, more than maxCells: cells twice as large (22 or 23 a
    // side), every one full, with prices and positions that compress as badly as real ones.
    const inner = { min_lat: LATTICE.min_lat + 0.05, max_lat: LATTICE.min_lat + 0.95, min_lon: LATTICE.min_lon + 0.05, max_lon: LATTICE.min_lon + 0.95 };
    const dense = await map({ ...inner, zoom: 12 });
    expect(dense.mode).toBe('clusters');
    if (dense.mode === 'clusters') {
      expect(dense.cell_deg).toBeCloseTo(2 * cellDegrees(12));
      expect(dense.clusters.length).toBeGreaterThan(450);
      expect(dense.clusters.length).toBeLessThanOrEqual(MAP_SEARCH.maxCells);
      expect(dense.total).toBe(sum(dense.clusters));
    }
    expect(gz(dense)).toBeLessThan(KB30);
    for (const zoom of [0, 3, 6, 10, 14, 17]) {
      const world = await map({ zoom });
      if (world.mode === 'clusters') expect(world.clusters.length).toBeLessThanOrEqual(MAP_SEARCH.maxCells);
      expect(gz(world), `world at zoom ${zoom}`).toBeLessThan(KB30);
    }
    const pins = await map({ ...LATTICE, zoom: 19 });
    expect(pins.mode).toBe('pins');
    if (pins.mode === 'pins') expect(pins.items).toHaveLength(MAP_SEARCH.maxPins);
    expect(gz(pins)).toBeLessThan(KB30);
    // The synthetic listings have photos: 300 pins with their covers, from the densest city.
    const city = await map({ min_lat: 15.2, max_lat: 15.5, min_lon: 44.0, max_lon: 44.4, zoom: 19 });
    if (city.mode === 'pins') expect(city.items.filter((p) => p.media.length > 0).length).toBeGreaterThan(100);
    expect(gz(city)).toBeLessThan(KB30);
  });

  it('keeps counted cells like the totals: until this server changes a listing, or the TTL', async () => {
    const before = await map({ ...YEMEN, zoom: 5 });
    const { user } = await createUser(t);
    // Written straight to the database, as another server would: this one's counts stay until forgotten.
    await insertListing(t.db, user.id, { governorate_id: 3, listing_type: 'FOR_SALE', latitude: 12.8, longitude: 45.0 });
    expect((await map({ ...YEMEN, zoom: 5 })).total).toBe(before.total);
    forgetSearchCounts(t.db);
    expect((await map({ ...YEMEN, zoom: 5 })).total).toBe(before.total + 1);
  });

  it('the grid: whole cells around the view, doubled until at most maxCells', () => {
    const g = gridFor({ ...YEMEN } as never, 6);
    expect(g.cell).toBe(cellDegrees(6));
    expect(g.x0).toBe(Math.floor(41 / g.cell));
    expect(g.y1).toBe(Math.floor(19.5 / g.cell));
    const world = gridFor({} as never, 22);
    expect((world.x1 - world.x0 + 1) * (world.y1 - world.y0 + 1)).toBeLessThanOrEqual(MAP_SEARCH.maxCells);
    // A drawn area narrows the grid to its own box.
    const drawn = gridFor({ polygon_coordinates: ADEN_POLYGON } as never, 10);
    expect(drawn.x0).toBe(Math.floor(44.7 / drawn.cell));
    expect(drawn.x1).toBe(Math.floor(45.3 / drawn.cell));
  });
});
