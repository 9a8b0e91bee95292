import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import * as m044 from '../src/db/migrations/044_saved_search_drawn_area_alone.js';
import { importLocations } from '../src/db/locations-import.js';
import { createTestApp, DB_KINDS, HAS_LOCATIONS, http, LOCATIONS_FILE, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('database and locations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());

  it('migrations are recorded and a second run applies nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const rows = await sql<{ name: string }>`select name from schema_migrations`.execute(t.db);
    expect(rows.rows.map((r) => r.name)).toContain('001_initial');
    // The outbox's bodies are compressed with lz4 where the server has it (PostgreSQL here), pglz on PGlite.
    const cmp = await sql<{ c: string }>`
      select string_agg(attcompression::text, '' order by attname) as c from pg_attribute
      where attrelid = 'mail_outbox'::regclass and attname in ('body_html', 'body_text')`.execute(t.db);
    expect(cmp.rows[0]!.c).toBe(kind === 'postgres' ? 'll' : '');
  });

  it("044: a search saved from the map with a drawn area and the view's box keeps the area alone, and matches all of it", async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'map.saver@example.test', password_hash: null, phone_number: null, google_id: null, profile_picture_url: null, pending_email: null, created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const polygon = [[15.3, 44.1], [15.3, 44.3], [15.5, 44.3], [15.5, 44.1]];
    const saved = (filters: object) =>
      t.db.insertInto('saved_searches').values({ user_id: user.id, name: 'Map', filters: JSON.stringify(filters) }).returning('id').executeTakeFirstOrThrow();
    const both = await saved({ polygon_coordinates: polygon, min_lat: 15.4, max_lat: 15.45, min_lon: 44.2, max_lon: 44.25, property_type: 'APARTMENT' });
    const box = await saved({ min_lat: 15.4, max_lat: 15.45, min_lon: 44.2, max_lon: 44.25 });
    await sql.raw(m044.up).execute(t.db);
    const read = async (id: number) =>
      (await sql<{ filters: Record<string, unknown>; area: string }>`select filters, match_area::text as area from saved_searches where id = ${id}`.execute(t.db)).rows[0]!;
    expect((await read(both.id)).filters).toEqual({ polygon_coordinates: polygon, property_type: 'APARTMENT' });
    expect((await read(both.id)).area).toBe('(44.3,15.5),(44.1,15.3)');
    // A box alone is what the visitor had on screen and asked for: unchanged.
    expect((await read(box.id)).filters).toEqual({ min_lat: 15.4, max_lat: 15.45, min_lon: 44.2, max_lon: 44.25 });
  });

  it.runIf(HAS_LOCATIONS)('holds the whole hierarchy with global ids in document order', async () => {
    const c = await sql<{ g: number; d: number; u: number; v: number }>`
      select (select count(*) from governorates)::int g, (select count(*) from districts)::int d,
             (select count(*) from uzaal)::int u, (select count(*) from villages)::int v`.execute(t.db);
    expect(c.rows[0]).toEqual({ g: 22, d: 335, u: 2234, v: 41494 });
    const res = await http(t.url, 'GET', '/api/v1/locations/governorates/');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((g: any) => [g.id, g.name_en]));
    // English names as people write them (locations/overrides.ts), laid over the data set's spelling.
    expect(byId.get(2)).toBe("Sana'a");
    expect(byId.get(3)).toBe('Aden');
    expect(byId.get(12)).toBe('Taiz');
    expect(byId.get(15)).toBe('Hadramout');
  });

  it.runIf(HAS_LOCATIONS)('re-importing an unchanged source is skipped and changes nothing', async () => {
    const r = await importLocations(t.db, LOCATIONS_FILE);
    expect(r.skipped).toBe(true);
    expect(r.counts.villages).toBe(41494);
  });

  it.runIf(HAS_LOCATIONS)('lists the 16 districts of Sana\'a governorate, then uzaal and villages down the chain', async () => {
    const d = await http(t.url, 'GET', '/api/v1/locations/districts/?governorate_id=2');
    expect(d.status).toBe(200);
    expect(d.body).toHaveLength(16);
    expect(d.body.every((x: any) => x.governorate_id === 2)).toBe(true);
    const u = await http(t.url, 'GET', `/api/v1/locations/uzaal/?district_id=${d.body[0].id}`);
    expect(u.status).toBe(200);
    expect(u.body.length).toBeGreaterThan(0);
    expect(u.body.every((x: any) => x.district_id === d.body[0].id)).toBe(true);
    const v = await http(t.url, 'GET', `/api/v1/locations/villages/?uzaal_id=${u.body[0].id}`);
    expect(v.status).toBe(200);
    expect(v.body.every((x: any) => x.uzaal_id === u.body[0].id)).toBe(true);
    // trailing slash both ways
    expect((await http(t.url, 'GET', '/api/v1/locations/districts?governorate_id=2')).body).toHaveLength(16);
  });

  it('requires the parent id and answers 422 in the error contract', async () => {
    const r = await http(t.url, 'GET', '/api/v1/locations/districts/');
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['querystring', 'governorate_id']);
    expect(typeof r.body.detail[0].msg).toBe('string');
  });

  it.runIf(HAS_LOCATIONS)('location search finds Sana\'a in Arabic and English, ignoring tashkeel and digit sets', async () => {
    const ar = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent('صنعا')}`);
    expect(ar.status).toBe(200);
    // Sana'a the city (the capital with the governorate around it) first, then the governorate (issue 24).
    expect(ar.body[0]).toMatchObject({ id: 1, type: 'governorate', governorate_ids: [1, 2] });
    expect(ar.body[1]).toMatchObject({ id: 2, type: 'governorate', name_en: "Sana'a" });
    const en = await http(t.url, 'GET', '/api/v1/locations/search?q=sanaa');
    expect(en.body.some((s: any) => s.type === 'governorate' && s.id === 2)).toBe(true);
    const withTashkeel = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent('صَنْعَا')}`);
    expect(withTashkeel.body).toEqual(ar.body);
    const hamza = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent('إب')}&limit=1`);
    const plain = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent('اب')}&limit=1`);
    expect(hamza.body[0]).toMatchObject({ id: 8, type: 'governorate' });
    expect(plain.body[0]).toEqual(hamza.body[0]);
    const alias = await http(t.url, 'GET', '/api/v1/locations/search?q=hadramout&limit=1');
    expect(alias.body[0]).toMatchObject({ id: 15, type: 'governorate' });
  });

  it.runIf(HAS_LOCATIONS)('location search covers villages of every governorate and respects the limit', async () => {
    const v = await t.db.selectFrom('villages').innerJoin('uzaal', 'uzaal.id', 'villages.uzlah_id')
      .innerJoin('districts', 'districts.id', 'uzaal.district_id').select(['villages.id', 'villages.name_ar'])
      .where('districts.governorate_id', '=', 21).orderBy('villages.id').limit(1).executeTakeFirstOrThrow();
    const r = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent(v.name_ar)}&limit=50&type=village`);
    expect(r.body.some((s: any) => s.type === 'village' && s.id === v.id && s.governorate_id === 21)).toBe(true);
    const lim = await http(t.url, 'GET', `/api/v1/locations/search?q=${encodeURIComponent('ال')}&limit=6`);
    expect(lim.body).toHaveLength(6);
  });

  it('location search needs at least 2 characters and caps the limit', async () => {
    expect((await http(t.url, 'GET', '/api/v1/locations/search?q=a')).status).toBe(422);
    expect((await http(t.url, 'GET', '/api/v1/locations/search?q=aden&limit=51')).status).toBe(422);
  });
});

// PostgreSQL server only: statements are prepared once per connection, yet planned for their own values.
describe.runIf(DB_KINDS.includes('postgres'))('PostgreSQL connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  }, 120_000);
  afterAll(async () => t?.close());

  it('plan every statement for its own values and prepare those with parameters once per connection', async () => {
    await t.db.connection().execute(async (conn) => {
      const mode = await sql<{ m: string }>`select current_setting('plan_cache_mode') as m`.execute(conn);
      expect(mode.rows[0]!.m).toBe('force_custom_plan');
      const gov = 3;
      for (let i = 0; i < 3; i++) {
        const r = await sql<{ name_en: string }>`select name_en from governorates where id = ${gov}`.execute(conn);
        expect(r.rows[0]!.name_en).toBe('Aden');
      }
      const prepared = await sql<{ statement: string; custom_plans: number; generic_plans: number }>`
        select statement, custom_plans::int, generic_plans::int from pg_prepared_statements`.execute(conn);
      const mine = prepared.rows.find((p) => p.statement.includes('from governorates where id = $1'));
      expect(mine).toBeDefined();
      expect(mine!.custom_plans).toBe(3);
      expect(mine!.generic_plans).toBe(0);
    });
  });

  it('stops preparing past 300 statements on one connection, and the rest still run', async () => {
    await t.db.connection().execute(async (conn) => {
      for (let i = 0; i < 320; i++) {
        const r = await sql<{ x: number }>`select ${i}::int + ${sql.raw(String(i))} as x`.execute(conn);
        expect(r.rows[0]!.x).toBe(2 * i);
      }
      const n = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(conn);
      expect(n.rows[0]!.n).toBeLessThanOrEqual(300);
      expect(n.rows[0]!.n).toBeGreaterThan(250);
    });
  });
});
