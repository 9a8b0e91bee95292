/**
 * N synthetic listings for benchmarks (DESIGN §7): spread over the governorates (the big cities weigh
 * more), every property type, sale and rent, plausible prices in three currencies, coordinates around the
 * governorate's centre, with search_text and price_usd filled in as the real write path does. Rows go in
 * with one `insert … select from unnest(…)` per batch, so 100,000 listings take seconds, not minutes.
 * About 10 % are pending, rejected or inactive, so the public filter has something to skip. Each has 0–8
 * photos (rows only), as the upload path records them.
 *
 *   node --import tsx apps/api/src/db/synthetic.ts 100000      (DATABASE_URL or DATA_DIR as the server)
 */
import { sql } from 'kysely';
import {
  DEFAULT_EXCHANGE_RATES,
  LISTING_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type Currency,
  type PropertyType,
} from '@manzil/shared';
import type { Database } from './client.js';
import { buildSearchText, priceUsd, typeWords } from '../modules/listings/search-text.js';
import { zoneRateLookup } from '../modules/rates/service.js';

export const SYNTHETIC_OWNER_EMAIL = 'synthetic@manzil.example';

/** Share of listings per governorate id; the rest spread evenly over the others. */
const WEIGHTS: Record<number, number> = { 1: 30, 2: 5, 3: 18, 12: 10, 15: 8, 8: 6, 4: 6 };
const TYPE_WEIGHTS: Record<PropertyType, number> = { APARTMENT: 40, HOUSE: 20, VILLA: 8, LAND: 12, OFFICE: 10, COMMERCIAL_SPACE: 10 };

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pickWeighted<T>(r: () => number, items: T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let x = r() * total;
  for (const t of items) {
    x -= weight(t);
    if (x <= 0) return t;
  }
  return items[items.length - 1]!;
}

/** Monthly rent or sale price in USD for a type and size. */
function usdPrice(r: () => number, type: PropertyType, rent: boolean, area: number): number {
  const perSqm = { APARTMENT: 450, HOUSE: 400, VILLA: 600, LAND: 60, OFFICE: 700, COMMERCIAL_SPACE: 900 }[type];
  const sale = area * perSqm * (0.6 + r() * 0.9);
  return rent ? Math.max(80, Math.round((sale * 0.006) / 10) * 10) : Math.round(sale / 500) * 500;
}

/**
 * Amenities as such listings have them (issue 24): solar panels on a third of homes (common since the grid
 * failed), generators mostly in villas and offices, tanks on most homes, wells on some houses, villas and farm
 * plots, furniture only in some rentals, a majlis in most houses, the roof with houses. Land has no furniture,
 * majlis, roof or floor; only flats, offices and shops are on a floor (shops mostly the ground floor).
 */
function syntheticAmenities(r: () => number, type: PropertyType, rent: boolean) {
  const home = type === 'APARTMENT' || type === 'HOUSE' || type === 'VILLA';
  const land = type === 'LAND';
  const chance = (p: Partial<Record<PropertyType, number>>, other = 0) => r() < (p[type] ?? other);
  return {
    solar: chance({ APARTMENT: 0.3, HOUSE: 0.35, VILLA: 0.4, LAND: 0.03 }, 0.1),
    generator: chance({ APARTMENT: 0.12, VILLA: 0.4, OFFICE: 0.3, LAND: 0.02 }, 0.1),
    tank: chance({ APARTMENT: 0.6, HOUSE: 0.7, VILLA: 0.7, OFFICE: 0.2, LAND: 0.05 }, 0.1),
    well: chance({ APARTMENT: 0.03, HOUSE: 0.1, VILLA: 0.15, LAND: 0.08 }, 0.01),
    furnished: !land && r() < (home ? (rent ? 0.2 : 0.05) : type === 'OFFICE' ? 0.15 : 0),
    majlis: chance({ APARTMENT: 0.4, HOUSE: 0.7, VILLA: 0.7 }),
    roof: chance({ APARTMENT: 0.2, HOUSE: 0.8, VILLA: 0.8, OFFICE: 0.05 }),
    floor: type === 'APARTMENT' ? Math.floor(r() * r() * 9) : type === 'OFFICE' ? Math.floor(r() * 6) : type === 'COMMERCIAL_SPACE' ? (r() < 0.85 ? 0 : 1) : null,
    parking: land ? null : chance({ APARTMENT: 0.25, HOUSE: 0.5, VILLA: 0.8, OFFICE: 0.4 }, 0.2) ? 1 + Math.floor(r() * (type === 'VILLA' ? 3 : 2)) : null,
  };
}

export interface SyntheticOptions {
  rates?: Record<string, number>;
  batchSize?: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

export async function generateSyntheticListings(db: Database, n: number, opts: SyntheticOptions = {}): Promise<number> {
  const rates = opts.rates ?? DEFAULT_EXCHANGE_RATES;
  const batchSize = opts.batchSize ?? 5000;
  const r = rng(opts.seed ?? 42);
  const govs = await db.selectFrom('governorates').select(['id', 'name_en', 'name_ar', 'latitude', 'longitude']).orderBy('id').execute();
  const districts = await db.selectFrom('districts').select(['id', 'governorate_id', 'name_en', 'name_ar']).execute();
  const byGov = new Map<number, typeof districts>();
  for (const d of districts) byGov.set(d.governorate_id, [...(byGov.get(d.governorate_id) ?? []), d]);
  const usable = govs.filter((g) => g.latitude != null && g.longitude != null);
  // Rials are priced at the listing's zone's rate, as an owner there would (issue 29).
  const yerAt = await zoneRateLookup(db, rates.YER!);
  if (usable.length === 0) throw new Error('no governorates with coordinates: import the locations first');

  const owner =
    (await db.selectFrom('users').select('id').where('email', '=', SYNTHETIC_OWNER_EMAIL).executeTakeFirst()) ??
    (await db
      .insertInto('users')
      .values({ email: SYNTHETIC_OWNER_EMAIL, password_hash: null, first_name: 'Synthetic', last_name: 'Data', full_name: 'Synthetic Data', phone_number: null, role: 'USER', google_id: null, profile_picture_url: null })
      .returning('id')
      .executeTakeFirstOrThrow());

  const now = Date.now();
  let done = 0;
  while (done < n) {
    const size = Math.min(batchSize, n - done);
    const cols = {
      listing_type: [] as string[], property_type: [] as string[], title_en: [] as string[], title_ar: [] as string[],
      description_en: [] as string[], description_ar: [] as string[], price: [] as number[], currency: [] as string[],
      price_usd: [] as (number | null)[], status: [] as string[], is_active: [] as boolean[], bedrooms: [] as (number | null)[],
      bathrooms: [] as (number | null)[], area_sqm: [] as number[], build_year: [] as (number | null)[], latitude: [] as number[],
      longitude: [] as number[], governorate_id: [] as number[], district_id: [] as (number | null)[], search_text: [] as string[],
      created_at: [] as string[], parking: [] as (number | null)[], floor: [] as (number | null)[],
      solar: [] as boolean[], generator: [] as boolean[], tank: [] as boolean[], well: [] as boolean[], furnished: [] as boolean[],
      majlis: [] as boolean[], roof: [] as boolean[],
    };
    for (let i = 0; i < size; i++) {
      const g = pickWeighted(r, usable, (x) => WEIGHTS[x.id] ?? 1);
      const ds = byGov.get(g.id) ?? [];
      const d = ds.length ? ds[Math.floor(r() * ds.length)]! : null;
      const type = pickWeighted(r, [...PROPERTY_TYPES], (t) => TYPE_WEIGHTS[t]);
      const rent = type !== 'LAND' && r() < 0.45;
      const home = type === 'APARTMENT' || type === 'HOUSE' || type === 'VILLA';
      const beds = home ? 1 + Math.floor(r() * (type === 'VILLA' ? 8 : 5)) : type === 'OFFICE' ? 0 : null;
      const baths = beds == null ? (type === 'LAND' ? null : 1) : Math.max(1, Math.round(beds * (0.5 + r() * 0.4)));
      const area = type === 'LAND' ? 200 + Math.floor(r() * 2000) : Math.round((beds ?? 2) * 35 + 40 + r() * 120);
      const usd = usdPrice(r, type, rent, area);
      const currency: Currency = r() < 0.5 ? 'YER' : r() < 0.8 ? 'USD' : 'SAR';
      const local = currency === 'YER' ? { ...rates, YER: yerAt(g.id, d?.id) } : rates;
      const price = Math.round(usd * (local[currency] ?? 1));
      const typeLabel = PROPERTY_TYPE_LABELS[type];
      const lt = LISTING_TYPE_LABELS[rent ? 'FOR_RENT' : 'FOR_SALE'];
      const place = d ?? g;
      const title_en = `${typeLabel.en} ${lt.en.toLowerCase()} in ${place.name_en}`;
      const title_ar = `${typeLabel.ar} ${lt.ar} في ${place.name_ar}`;
      const description_en = `Synthetic benchmark listing: ${beds ?? 0} bedrooms, ${area} m², ${g.name_en}.`;
      const description_ar = `إعلان تجريبي لاختبار الأداء: ${beds ?? 0} غرف، ${area} م²، ${g.name_ar}.`;
      const roll = r();
      cols.listing_type.push(rent ? 'FOR_RENT' : 'FOR_SALE');
      cols.property_type.push(type);
      cols.title_en.push(title_en);
      cols.title_ar.push(title_ar);
      cols.description_en.push(description_en);
      cols.description_ar.push(description_ar);
      cols.price.push(price);
      cols.currency.push(currency);
      cols.price_usd.push(priceUsd(price, currency, local));
      cols.status.push(roll < 0.05 ? 'pending' : roll < 0.07 ? 'rejected' : 'approved');
      cols.is_active.push(!(roll >= 0.07 && roll < 0.1));
      cols.bedrooms.push(beds);
      cols.bathrooms.push(baths);
      cols.area_sqm.push(area);
      cols.build_year.push(type === 'LAND' ? null : 1970 + Math.floor(r() * 55));
      cols.latitude.push(Math.round((g.latitude! + (r() * 2 - 1) * 0.15) * 1e6) / 1e6);
      cols.longitude.push(Math.round((g.longitude! + (r() * 2 - 1) * 0.15) * 1e6) / 1e6);
      cols.governorate_id.push(g.id);
      cols.district_id.push(d?.id ?? null);
      cols.search_text.push(buildSearchText([title_ar, title_en, description_ar, description_en, g.name_en, g.name_ar, d?.name_en, d?.name_ar, ...typeWords(rent ? 'FOR_RENT' : 'FOR_SALE', type)]));
      cols.created_at.push(new Date(now - Math.floor(r() * 365 * 86400_000)).toISOString());
      const a = syntheticAmenities(r, type, rent);
      cols.parking.push(a.parking);
      cols.floor.push(a.floor);
      cols.solar.push(a.solar);
      cols.generator.push(a.generator);
      cols.tank.push(a.tank);
      cols.well.push(a.well);
      cols.furnished.push(a.furnished);
      cols.majlis.push(a.majlis);
      cols.roof.push(a.roof);
    }
    // Each batch and its photos in one transaction: listings that no one has read yet keep their revision when
    // their photos arrive (migration 009), instead of every row being written twice.
    await db.transaction().execute(async (trx) => {
      const start = (await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from listings`.execute(trx)).rows[0]!.id;
      await sql`
        insert into listings (owner_id, listing_type, property_type, title_en, title_ar, description_en, description_ar,
          price, currency, price_usd, status, is_active, bedrooms, bathrooms, area_sqm, build_year, latitude, longitude,
          location, governorate_id, district_id, search_text, created_at, updated_at, posted_at,
          parking_spaces, floor_number, solar_power, generator, water_tank, well, furnished, majlis, roof_access)
        select ${owner.id}, t.lt, t.pt, t.ten, t.tar, t.den, t.dar, t.price, t.cur, t.usd, t.status, t.active, t.beds,
          t.baths, t.area, t.year, t.lat, t.lon, point(t.lon, t.lat), t.gov, t.dis, t.st, t.created, t.created,
          case when t.status = 'approved' then t.created end,
          t.parking, t.floor, t.solar, t.generator, t.tank, t.well, t.furnished, t.majlis, t.roof
        from unnest(${cols.listing_type}::text[], ${cols.property_type}::text[], ${cols.title_en}::text[], ${cols.title_ar}::text[],
          ${cols.description_en}::text[], ${cols.description_ar}::text[], ${cols.price}::float8[], ${cols.currency}::text[],
          ${cols.price_usd}::float8[], ${cols.status}::text[], ${cols.is_active}::bool[], ${cols.bedrooms}::int[],
          ${cols.bathrooms}::int[], ${cols.area_sqm}::int[], ${cols.build_year}::int[], ${cols.latitude}::float8[],
          ${cols.longitude}::float8[], ${cols.governorate_id}::int[], ${cols.district_id}::int[], ${cols.search_text}::text[],
          ${cols.created_at}::timestamptz[], ${cols.parking}::int[], ${cols.floor}::int[], ${cols.solar}::bool[],
          ${cols.generator}::bool[], ${cols.tank}::bool[], ${cols.well}::bool[], ${cols.furnished}::bool[], ${cols.majlis}::bool[],
          ${cols.roof}::bool[])
          as t(lt, pt, ten, tar, den, dar, price, cur, usd, status, active, beds, baths, area, year, lat, lon, gov, dis, st, created,
            parking, floor, solar, generator, tank, well, furnished, majlis, roof)
      `.execute(trx);
      // Photos as the upload path records them (three widths each), 0–8 per listing (4 on average), so a page
      // of results carries what a real one does. Rows only: the benchmark never fetches the files. The product
      // is a bigint: id * 7919 passes the integer range from id 271,183 (BENCH_N=1000000).
      await sql`
        insert into listing_media (listing_id, storage_key, widths, variant_bytes, width, height, bytes, position)
        select l.id, 'listings/' || l.id || '/synthetic' || p, '{400,720,960,1600}', '{18000,32000,52000,110000}', 1600, 1067, 180000, p
        from listings l cross join lateral generate_series(0, ((l.id::bigint * 7919) % 9)::int - 1) p
        where l.id > ${start} and l.owner_id = ${owner.id}`.execute(trx);
    });
    done += size;
    opts.onProgress?.(done);
  }
  await sql`analyze listings`.execute(db);
  await sql`analyze listing_media`.execute(db);
  return done;
}

// Command line: generate N listings into the configured database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: node --import tsx apps/api/src/db/synthetic.ts <count>');
    process.exit(2);
  }
  const { loadConfig } = await import('../config.js');
  const { openConfiguredDatabase } = await import('../bootstrap.js');
  const { migrate } = await import('./migrate.js');
  const { importLocations } = await import('./locations-import.js');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrate(database.db);
  await importLocations(database.db, config.LOCATIONS_SOURCE!);
  const started = Date.now();
  await generateSyntheticListings(database.db, n, {
    rates: config.EXCHANGE_RATES,
    onProgress: (d) => process.stdout.write(`\r${d}/${n} listings`),
  });
  console.log(`\n${n} synthetic listings in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
  await database.close();
}
