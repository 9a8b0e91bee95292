/**
 * Public search (spec §7 POST /listings/search, DESIGN §5): approved, active listings not withheld only, every filter
 * combined with AND. Each filter maps onto a partial index of the public listings (`where status = 'approved'
 * and is_active and withheld = '{}'`, migration 037, so a scan of one needs no table row to tell a listing is
 * public): ids and types on b-trees, price ranges on the covering indexes, text on the GIN over search_words
 * (migration 038), bounds and polygon on the GiST over the location point; each order on an index spelled as it
 * (migrations 012 and 040). A page costs 1 statement: the
 * capped count, the page's ids and their rows (read.ts's listingRowsSql) together; a map view's pins come
 * from pins.ts instead.
 */
import { sql, type SqlBool, type Expression } from 'kysely';
import { LIMITS, toUsd, type LatLng, type ListingPin, type ListingRead, type SearchBody, type SearchFilters } from '@manzil/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { asCards, listingRowsSql, type ListingRow } from '../listings/read.js';
import { searchTerms, termQuery } from '../listings/search-text.js';
import { amenityConditions } from './amenities.js';
import { placeNames } from '../locations/names.js';
import { cachedCount, rememberCount } from './count-cache.js';
import { mergeWritten, pageKey, sameList, writePage, type PageCache, type WrittenPage } from './page-cache.js';
import { pinRowsSql, toPins, type PinRow } from './pins.js';

type SearchConfig = Pick<Config, 'EXCHANGE_RATES' | 'SEARCH_COUNT_TTL_SECONDS'>;

export { forgetSearchCounts } from './count-cache.js';

/**
 * Counting stops a little past the page asked for: at the next multiple of COUNT_STEP at least half a step
 * beyond it (1,000 for the first 40 pages of 12, 6,000 for skip 5,000). An exact count(*) over 90,000
 * public listings costs ~100 ms on PostgreSQL while the page itself costs well under 1 ms; counting 1,000
 * costs about what the page does (`npm run bench`). Past the cap the answer says total = the cap and
 * total_capped = true ("more than 1,000"); paging on moves the cap along, so every page stays reachable.
 */
export const COUNT_STEP = 1000;
export const countCap = (skip: number, limit: number) => Math.ceil((skip + limit + COUNT_STEP / 2) / COUNT_STEP) * COUNT_STEP;

/** The terms of the free text (search-text.ts: normalised, light stems, at most 8), each one matched at a word's start. */
export function searchWords(text: string | undefined): string[] {
  return searchTerms(text);
}

const pointOf = (p: LatLng) => (Array.isArray(p) ? { lat: p[0], lng: p[1] } : p);

/** PostgreSQL polygon text '((x,y),…)' with x = longitude, y = latitude, as the location column stores them. */
export function polygonText(points: LatLng[]): string {
  return `(${points.map((p) => pointOf(p)).map((p) => `(${Number(p.lng)},${Number(p.lat)})`).join(',')})`;
}

/**
 * An area with at least this many matches is paged newest first through the ordered index, filtering by the
 * area as it goes, instead of through the GiST, which hands over every listing in the area to be sorted (a
 * 0.1° box over a city centre: 3,000 listings sorted, 1.4 ms, against 350 index entries read, 0.07 ms).
 * Below it the GiST is right: a sparse area would make the ordered walk read most of the index. Only for pages
 * of a list (up to LIMITS.searchMaxLimit): to fill a map's 1,000 pins the walk reads most of the index
 * whatever the area, and the planner, which cannot see how many listings a box holds, scanned it whole (a 0.1°
 * box over Sana'a: 70 ms, against 4 ms through the GiST; the whole country: 22 ms through the GiST).
 */
const DENSE_AREA = 1000;

/**
 * Rials per US dollar for a search's YER price bounds (issue 29): the rate zone of the place the filter names,
 * the district's exception first (district_id, or city_id, the read model's name for it), else its
 * governorate's zone; several governorates (Sana'a the city resolves to two) when they share one rate. Read in
 * the statement as a subquery PostgreSQL runs once (an InitPlan, so the price index still serves the bound),
 * and the saved-search alerts evaluate the same conditions (alerts/match.ts), so both use today's zone rates.
 * Null when the filter names no place: the bound then converts at `rates.YER` (EXCHANGE_RATES, the national
 * default), as before zones, since a visitor searching the whole country names no zone to convert with.
 * A place in no zone, or governorates at different rates, fall back to that default too.
 */
function placeYerPerUsd(b: SearchFilters, fallback: number, read?: ZoneRateReader) {
  const district = b.district_id ?? b.city_id;
  const governorates = [...new Set(b.governorate_id === undefined ? [] : [b.governorate_id].flat())];
  if (district === undefined && governorates.length === 0) return null;
  if (read) return read(district ?? null, governorates, fallback);
  // In a subquery of its own so PostgreSQL calls it once per statement, not once per row.
  return sql<number>`(select ${yerPerUsdCall(district ?? null, governorates, fallback)})`;
}

/**
 * search_yer_per_usd (migration 035): the district's exception, else the governorates' one zone (the district's
 * own governorate when the filter names none), else the fallback. Search and the alerts both call it this way.
 */
export function yerPerUsdCall(district: number | null, governorates: number[], fallback: number) {
  return sql<number>`search_yer_per_usd(${district}::int, ${governorates}::int[], ${fallback}::float8)`;
}

/**
 * Where a YER bound reads its place's rate from, when not from its own subquery: the saved-search alerts
 * (alerts/match.ts) evaluate hundreds of searches' conditions in one statement and read each place's rate once
 * there, from search_yer_per_usd with these same arguments.
 */
export type ZoneRateReader = (district: number | null, governorates: number[], fallback: number) => Expression<number>;

/**
 * The WHERE conditions of a search, always starting with the public condition: the one set of filters of the
 * search pages, the map's pins and its clusters (map.ts).
 */
export function conditions(b: SearchFilters, words: string[], rates: Record<string, number>, denseArea = false, readZoneRate?: ZoneRateReader): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [sql<SqlBool>`l.status = 'approved'`, sql<SqlBool>`l.is_active`, sql<SqlBool>`l.withheld = '{}'`];
  if (b.listing_type) c.push(sql<SqlBool>`l.listing_type = ${b.listing_type}`);
  if (b.property_type) c.push(sql<SqlBool>`l.property_type = ${b.property_type}`);
  if (b.availability) c.push(sql<SqlBool>`l.availability = ${b.availability}`);
  // Also said as the indexes' leading "available first" expression, so sold or rented is a range of those indexes
  // instead of a read of every public row (the planner does not derive one condition from the other).
  if (b.availability && b.availability !== 'available') c.push(sql<SqlBool>`${AVAILABLE_FIRST}`);
  if (b.governorate_id !== undefined) {
    const ids = Array.isArray(b.governorate_id) ? b.governorate_id : [b.governorate_id];
    c.push(ids.length === 1 ? sql<SqlBool>`l.governorate_id = ${ids[0]}` : sql<SqlBool>`l.governorate_id in (${sql.join(ids)})`);
  }
  if (b.city_id !== undefined) c.push(sql<SqlBool>`l.district_id = ${b.city_id}`);
  if (b.district_id !== undefined) c.push(sql<SqlBool>`l.district_id = ${b.district_id}`);
  if (b.uzlah_id !== undefined) c.push(sql<SqlBool>`l.uzlah_id = ${b.uzlah_id}`);
  if (b.village_id !== undefined) c.push(sql<SqlBool>`l.village_id = ${b.village_id}`);
  const cur = b.price_currency ?? 'USD';
  const zoneRate = cur === 'YER' && (b.min_price !== undefined || b.max_price !== undefined) ? placeYerPerUsd(b, rates.YER!, readZoneRate) : null;
  // A bound in rials converts at the rate of the filter's place (zoneRate, read by the statement itself so an
  // administrator's rate change applies at once, on every server); USD and SAR at the national rates.
  // Bounds in hundredths of their currency: PostgreSQL refuses a division that underflows (5e-324 / 530), and a
  // saved search's bound that failed would fail every listing's alert matching with it.
  const usd = (amount: number, slack: number) => {
    const cents = Math.round(amount * 100) / 100;
    return zoneRate ? sql`(${cents}::float8 / ${zoneRate} + ${slack}::float8)` : toUsd(cents, cur, rates) + slack;
  };
  if (b.min_price !== undefined) c.push(sql<SqlBool>`l.price_usd >= ${usd(b.min_price, -0.005)}`);
  if (b.max_price !== undefined) c.push(sql<SqlBool>`l.price_usd <= ${usd(b.max_price, 0.005)}`);
  if (b.min_area_sqm !== undefined) c.push(sql<SqlBool>`l.area_sqm >= ${b.min_area_sqm}`);
  if (b.max_area_sqm !== undefined) c.push(sql<SqlBool>`l.area_sqm <= ${b.max_area_sqm}`);
  if (b.min_build_year !== undefined) c.push(sql<SqlBool>`l.build_year >= ${b.min_build_year}`);
  if (b.max_build_year !== undefined) c.push(sql<SqlBool>`l.build_year <= ${b.max_build_year}`);
  if (b.min_bedrooms !== undefined) c.push(sql<SqlBool>`l.bedrooms >= ${b.min_bedrooms}`);
  if (b.max_bedrooms !== undefined) c.push(sql<SqlBool>`l.bedrooms <= ${b.max_bedrooms}`);
  if (b.min_bathrooms !== undefined) c.push(sql<SqlBool>`l.bathrooms >= ${b.min_bathrooms}`);
  if (b.max_bathrooms !== undefined) c.push(sql<SqlBool>`l.bathrooms <= ${b.max_bathrooms}`);
  if ([b.min_lat, b.max_lat, b.min_lon, b.max_lon].some((x) => x !== undefined)) {
    // A missing edge is open; box() orders its corners itself.
    const box = sql`box(point(${b.min_lon ?? -180}::float8, ${b.min_lat ?? -90}::float8), point(${b.max_lon ?? 180}::float8, ${b.max_lat ?? 90}::float8))`;
    c.push(denseArea ? sql<SqlBool>`(l.location <@ ${box}) is true` : sql<SqlBool>`l.location <@ ${box}`);
  }
  if (b.polygon_coordinates) {
    const area = sql<SqlBool>`l.location <@ ${polygonText(b.polygon_coordinates)}::polygon`;
    // "is true" is the same test, but not one an index can answer: the planner walks the newest-first index.
    c.push(denseArea ? sql<SqlBool>`(${area}) is true` : area);
  }
  c.push(...amenityConditions(b));
  // Each term a prefix query of the listing's words (search-text.ts termQuery), which the GIN answers; the pattern
  // over the text only for a term the words cannot decide alone.
  for (const w of words) {
    const q = termQuery(w);
    if (q.words) c.push(sql<SqlBool>`l.search_words @@ ${q.words}::tsquery`);
    if (q.pattern) c.push(sql<SqlBool>`l.search_text ~ ${q.pattern}`);
  }
  return c;
}

/**
 * Every order puts the listings still available first and those sold or rented after them (issue 24). The
 * leading expression is spelled as the indexes of migrations 012 and 040 spell it, so each order walks an index.
 */
const AVAILABLE_FIRST = sql`(l.availability <> 'available')`;

export function orderBy(sort: SearchBody['sort']) {
  switch (sort) {
    case 'price_asc':
      return sql`${AVAILABLE_FIRST}, l.price_usd asc nulls last, l.id desc`;
    case 'price_desc':
      return sql`${AVAILABLE_FIRST}, l.price_usd desc nulls last, l.id desc`;
    case 'area_desc':
      return sql`${AVAILABLE_FIRST}, l.area_sqm desc nulls last, l.id desc`;
    default:
      return sql`${AVAILABLE_FIRST}, l.created_at desc, l.id desc`;
  }
}

/** The filters of a search as a key: everything but paging, order, view and the map's zoom, the text as its terms. */
export function filtersKey(b: SearchFilters & { skip?: unknown; limit?: unknown; sort?: unknown; view?: unknown; zoom?: unknown }, words: string[]): string {
  const { skip: _s, limit: _l, sort: _o, view: _v, zoom: _z, search: _t, ...filters } = b;
  const f: Record<string, unknown> = { ...filters, search: words.join(' ') };
  return JSON.stringify(Object.keys(f).sort().map((k) => [k, f[k]]));
}

/** The filters of a search, as a key for its cached count: everything but paging, order and view. */
function countKey(b: SearchBody, words: string[], cap: number): string {
  return `${cap}|${filtersKey(b, words)}`;
}

export interface SearchAnswer<T> {
  items: T[];
  total: number;
  total_capped: boolean;
}

/** A page of full listings (spec §3 shape), whatever the body's view. */
export function searchListings(db: Database, storage: Storage, config: SearchConfig, body: SearchBody) {
  return searchPage(db, storage, config, body, false) as Promise<SearchAnswer<ListingRead>>;
}

/** A page of map pins (view 'map'). */
export function searchPins(db: Database, storage: Storage, config: SearchConfig, body: SearchBody) {
  return searchPage(db, storage, config, body, true) as Promise<SearchAnswer<ListingPin>>;
}

/** What every page of a search starts from: its WHERE, its count cap and the total counted recently, if any. */
function prepare(db: Database, config: SearchConfig, body: SearchBody) {
  const cap = countCap(body.skip, body.limit);
  const words = searchWords(body.search);
  const key = countKey(body, words, cap);
  const known = cachedCount(db, key);
  const dense = known !== undefined && known >= DENSE_AREA && (body.sort ?? 'newest') === 'newest' && body.limit <= LIMITS.searchMaxLimit;
  const where = sql.join(conditions(body, words, config.EXCHANGE_RATES, dense), sql` and `);
  const count = known !== undefined ? sql`${known}::int` : sql`(select count(*)::int from (select 1 from listings l where ${where} limit ${cap + 1}) x)`;
  return { cap, key, known, where, count };
}

/**
 * The answer's total from a page of `found` items and the database's count `n`: a page that is not full ends
 * the results, so its end is the exact total, whatever was cached (an empty first page: none at all). Only an
 * empty page past the end has to trust the count. The total is remembered for the next page of these filters.
 */
function settleTotal(db: Database, config: SearchConfig, body: SearchBody, p: ReturnType<typeof prepare>, found: number, n: number) {
  const ends = found < body.limit && (found > 0 || body.skip === 0);
  let total = ends ? body.skip + found : n;
  if (found === body.limit) total = Math.max(total, body.skip + found);
  if (total !== p.known) rememberCount(db, p.key, total, config.SEARCH_COUNT_TTL_SECONDS);
  return { total: Math.min(total, p.cap), total_capped: total > p.cap };
}


async function searchPage(db: Database, storage: Storage, config: SearchConfig, body: SearchBody, pins: boolean): Promise<SearchAnswer<ListingRead | ListingPin>> {
  const p = prepare(db, config, body);
  // One statement, one round trip: the capped count (unless counted recently) and the page: full listings
  // (the page's ids in order, then their rows with owner and images from listing_rows, whose own plan is made
  // once per connection) or map pins.
  const page = pins
    ? pinRowsSql(p.where, orderBy(body.sort), body.limit, body.skip)
    : listingRowsSql(sql<number[]>`array(select l.id from listings l where ${p.where} order by ${orderBy(body.sort)} limit ${body.limit} offset ${body.skip})`);
  const [res, names] = await Promise.all([
    sql<{ n: number; rows: (ListingRow | PinRow)[] }>`select ${p.count} as n, ${page} as rows`.execute(db),
    placeNames(db),
  ]);
  const rows = res.rows[0]!.rows;
  const items = pins ? toPins(rows as PinRow[], names, storage) : asCards(rows as ListingRow[], names, storage);
  return { items, ...settleTotal(db, config, body, p, items.length, res.rows[0]!.n) };
}

/**
 * A page of full listings as the JSON the API sends, through the pages this server has written before
 * (page-cache.ts). The statement is the same one round trip, and the database still decides every time which
 * listings are on the page, how many match and at which revision each listing is; only the listings whose
 * revision has moved since the page was last written come back as rows and are written again. A page whose
 * listings, revisions and total are all unchanged is the page written before, compressed forms included.
 * The page's ids come from the indexes as before (index-only for most filters) and only then does
 * search_page (migration 009) read their revisions, for those few rows: reading the revision inside the page's
 * query made a deep page or a city box fetch every row it passed over (7 ms of database time for skip 5,000
 * instead of ~1, `npm run bench`).
 */
export async function searchPageJson(db: Database, storage: Storage, config: SearchConfig, body: SearchBody, pages: PageCache): Promise<WrittenPage> {
  const p = prepare(db, config, body);
  const key = pageKey(body, p.key);
  const before = pages.get(key);
  const [res, names] = await Promise.all([
    sql<{ n: number; ids: number[]; revs: string[]; rows: ListingRow[] }>`
      select ${p.count} as n, q.page_ids as ids, q.page_revs as revs, q.page_rows as rows
      from search_page(array(select l.id from listings l where ${p.where} order by ${orderBy(body.sort)} limit ${body.limit} offset ${body.skip}),
        ${before?.ids ?? []}::int[], ${before?.revs ?? []}::text[]) q`.execute(db),
    placeNames(db),
  ]);
  const { n, ids, revs, rows } = res.rows[0]!;
  const page = mergeWritten(ids, revs, asCards(rows, names, storage), before);
  const { total, total_capped } = settleTotal(db, config, body, p, page.items.length, n);
  if (before && before.total === total && before.total_capped === total_capped && sameList(before.ids, page.ids) && sameList(before.revs, page.revs)) return before;
  const written = writePage({ ...page, total, total_capped });
  pages.set(key, written);
  return written;
}

/** Approved, active listings per governorate, for sale and for rent (only governorates that have any). */
export async function countsByGovernorate(db: Database) {
  const rows = await sql<{ governorate_id: number; name_en: string; name_ar: string; for_sale: number; for_rent: number; total: number }>`
    select g.id as governorate_id, g.name_en, g.name_ar,
           count(*) filter (where l.listing_type = 'FOR_SALE')::int as for_sale,
           count(*) filter (where l.listing_type = 'FOR_RENT')::int as for_rent,
           count(*)::int as total
    from listings l join governorates g on g.id = l.governorate_id
    where l.status = 'approved' and l.is_active and l.withheld = '{}'
    group by g.id, g.name_en, g.name_ar
    order by total desc, g.id`.execute(db);
  return rows.rows;
}
