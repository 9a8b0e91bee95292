/**
 * What a map can show of a search (POST /listings/search/map, issue 26): the listings themselves as pins when
 * the view holds at most MAP_SEARCH.maxPins of them, else counts per grid cell computed by the database. A map
 * used to ask for up to 1,000 pins on every move (view 'map'): at 100,000 listings ~0.8 MB and p95 630 ms at
 * 32 connections (`npm run bench`, "map view (pins, limit 1000)").
 *
 * Both answers take the search's own WHERE (service.ts conditions()): every filter, the bounds and the drawn
 * area. One statement decides and, for a sparse view, answers: the view's count, capped just past maxPins, and
 * only when it is within the cap the pins themselves (a CASE's uncorrelated subquery is an InitPlan, which
 * PostgreSQL runs only when the CASE reaches it). A dense view then groups its listings by cell,
 * `floor(lng / cell), floor(lat / cell)`, a tile of cells at a time: each cluster is a whole cell, so its count
 * and centre do not change as the map pans, and the same cells come back for every visitor at the same zoom over
 * the same area. Clusters whose centres fall within half a cell of each other are then merged (mergeClose).
 *
 * Clusters are counts, and are kept like the search's totals (count-cache.ts): SEARCH_COUNT_TTL_SECONDS, and
 * forgotten as soon as this server publishes, changes or removes a listing. The country at zoom 6 groups every
 * public listing (~100 ms of database time at 100,000, EXPLAIN on PostgreSQL 15), which 32 connections on two
 * cores could not afford on every request; the grid makes the answer the same for everyone who looks at the
 * country. Pins are never kept: a listing on the map is read from the database on every request, as on a search
 * page.
 */
import { sql } from 'kysely';
import { MAP_SEARCH, mapClustersAnswer, mapPinsAnswer, type MapCluster, type MapPinsAnswer, type MapSearchBody, type SearchFilters } from '@manzil/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { compileSerializer } from '../../lib/serialize.js';
import type { Encoding } from '../../plugins/compress.js';
import type { Storage } from '../../lib/storage.js';
import { placeNames } from '../locations/names.js';
import { answersGeneration, cachedAnswer, cachedCount, rememberAnswer, rememberCount } from './count-cache.js';
import { pinRowsSql, toPins, type PinRow } from './pins.js';
import { conditions, filtersKey, orderBy, searchWords } from './service.js';

type MapConfig = Pick<Config, 'EXCHANGE_RATES' | 'SEARCH_COUNT_TTL_SECONDS'>;

/** Side of a grid cell in degrees: MAP_SEARCH.cellPx screen pixels at `zoom` (256-px tiles, 360° at zoom 0). */
export const cellDegrees = (zoom: number) => (MAP_SEARCH.cellPx * 360) / (256 * 2 ** zoom);

/**
 * The cells a view covers at a zoom: their side in degrees and the range of their indexes, cell (x, y) being
 * `floor(lng / cell), floor(lat / cell)` (inclusive).
 */
export interface Grid {
  cell: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Cells are counted and kept a tile at a time: a square of TILE × TILE cells on a grid fixed for the zoom, so a
 * map panned by a little, or another visitor's screen over the same area, finds its tiles counted already.
 */
export const TILE = 8;

/**
 * The grid for a view at `zoom`: the view's box (open edges are the world's; a drawn area narrows it to the
 * area's own box) in whole cells. More than MAP_SEARCH.maxCells cells (a very large screen, or no bounds at
 * all) doubles the cell until they fit: the answer's size has a bound whatever the request. Cells are 84.375°
 * ÷ 2^zoom (and powers of two times that): binary fractions, so tile edges are exact in floating point.
 */
export function gridFor(b: SearchFilters, zoom: number): Grid {
  let w = b.min_lon ?? -180;
  let e = b.max_lon ?? 180;
  let s = b.min_lat ?? -90;
  let n = b.max_lat ?? 90;
  // box() orders its corners itself; so does the grid.
  if (w > e) [w, e] = [e, w];
  if (s > n) [s, n] = [n, s];
  if (b.polygon_coordinates) {
    const pts = b.polygon_coordinates.map((p) => (Array.isArray(p) ? { lat: p[0], lng: p[1] } : p));
    w = Math.max(w, Math.min(...pts.map((p) => p.lng)));
    e = Math.max(w, Math.min(e, Math.max(...pts.map((p) => p.lng))));
    s = Math.max(s, Math.min(...pts.map((p) => p.lat)));
    n = Math.max(s, Math.min(n, Math.max(...pts.map((p) => p.lat))));
  }
  let cell = cellDegrees(zoom);
  const cells = (c: number) => (Math.floor(e / c) - Math.floor(w / c) + 1) * (Math.floor(n / c) - Math.floor(s / c) + 1);
  while (cells(cell) > MAP_SEARCH.maxCells) cell *= 2;
  return { cell, x0: Math.floor(w / cell), x1: Math.floor(e / cell), y0: Math.floor(s / cell), y1: Math.floor(n / cell) };
}

interface ClusterRow {
  cx: number;
  cy: number;
  n: number;
  lat: number;
  lng: number;
  s: number;
  w: number;
  no: number;
  e: number;
  lo: number | null;
  hi: number | null;
  sale: number;
}

const r5 = (x: number) => Math.round(x * 1e5) / 1e5;
const dollars = (x: number | null) => (x === null ? null : Math.round(x));

/** A cluster and its cell. */
type CellCluster = MapCluster & { cx: number; cy: number };

function toCluster(r: ClusterRow): CellCluster {
  return {
    cx: r.cx,
    cy: r.cy,
    lat: r5(r.lat),
    lng: r5(r.lng),
    count: r.n,
    // About 10 m: enough to zoom to, and a fifth fewer bytes.
    bounds: [Math.floor(r.s * 1e4) / 1e4, Math.floor(r.w * 1e4) / 1e4, Math.ceil(r.no * 1e4) / 1e4, Math.ceil(r.e * 1e4) / 1e4],
    min_price_usd: dollars(r.lo),
    max_price_usd: dollars(r.hi),
    for_sale: r.sale,
    for_rent: r.n - r.sale,
  };
}

const writeClusters = compileSerializer(mapClustersAnswer);
export const writeMapPins = compileSerializer(mapPinsAnswer);

/** A clusters answer as the route's schema writes it, in UTF-8, with its compressed forms once made. */
export interface WrittenClusters {
  body: Buffer;
  encoded: Map<Encoding, Buffer>;
}

export type MapAnswer = { mode: 'pins'; answer: MapPinsAnswer } | { mode: 'clusters'; written: WrittenClusters };

/** The tiles tx0..tx1 × ty0..ty1 as a box in degrees (corners on the grid: exact). */
export function tilesBox(cell: number, tx0: number, tx1: number, ty0: number, ty1: number) {
  const side = cell * TILE;
  return { min_lon: tx0 * side, max_lon: (tx1 + 1) * side, min_lat: ty0 * side, max_lat: (ty1 + 1) * side };
}

/** The statement that groups the listings of a box by cell (also what the bench and EXPLAIN look at). */
export function clustersSql(filters: SearchFilters, words: string[], rates: Record<string, number>, cell: number, box: ReturnType<typeof tilesBox>) {
  const where = sql.join(conditions({ ...filters, ...box }, words, rates), sql` and `);
  const c = sql`${cell}::float8`;
  return sql<ClusterRow>`
    select floor(l.location[0] / ${c})::int as cx, floor(l.location[1] / ${c})::int as cy,
      count(*)::int as n, avg(l.location[1]) as lat, avg(l.location[0]) as lng,
      min(l.location[1]) as s, min(l.location[0]) as w, max(l.location[1]) as no, max(l.location[0]) as e,
      min(l.price_usd) as lo, max(l.price_usd) as hi, (count(*) filter (where l.listing_type = 'FOR_SALE'))::int as sale
    from listings l where ${where}
    group by 1, 2`;
}

const inFlight = new WeakMap<Database, Map<string, Promise<unknown>>>();

/**
 * Requests that need the same thing at once share one answer: when a view's cells expire under load, every
 * connection looking at it would otherwise count them again, together (32 at once in `npm run bench`).
 */
function shared<T>(db: Database, key: string, run: () => Promise<T>): Promise<T> {
  let running = inFlight.get(db);
  if (!running) inFlight.set(db, (running = new Map()));
  const known = running.get(key) as Promise<T> | undefined;
  if (known) return known;
  const p = run().finally(() => running.delete(key));
  running.set(key, p);
  return p;
}

/**
 * Runs the cells' statement with sorting off: the planner cannot tell how many listings a box holds (it guesses
 * ~0.1 % for any box) and so groups them by sorting, which for the country's 90,000 listings spilled to disk
 * (EXPLAIN at 100,000 on PostgreSQL 15, a busy machine: external merge, 164 ms); hashing them into their few
 * cells needs no sort (100 ms, two thirds of it reading the listings the GiST finds).
 */
async function countCells(db: Database, statement: ReturnType<typeof clustersSql>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    return (await statement.execute(trx)).rows;
  });
}

/**
 * The clusters of the grid's cells: from the tiles counted recently, and for the others one statement over the
 * box of the tiles missing, whose tiles are all kept then (empty ones too).
 */
async function clustersOf(db: Database, config: MapConfig, filters: SearchFilters, words: string[], grid: Grid, base: string, recount = false) {
  const { cell } = grid;
  const tileKey = (tx: number, ty: number) => `${base}|${tx},${ty}`;
  const [tx0, tx1, ty0, ty1] = [Math.floor(grid.x0 / TILE), Math.floor(grid.x1 / TILE), Math.floor(grid.y0 / TILE), Math.floor(grid.y1 / TILE)];
  const tiles = new Map<string, CellCluster[]>();
  const missing: [number, number][] = [];
  // When the first of the tiles used expires: an answer made of them is kept no longer.
  let until = Date.now() + config.SEARCH_COUNT_TTL_SECONDS * 1000;
  for (let tx = tx0; tx <= tx1; tx++) {
    for (let ty = ty0; ty <= ty1; ty++) {
      const kept = recount ? undefined : cachedAnswer<CellCluster[]>(db, tileKey(tx, ty));
      if (!kept) missing.push([tx, ty]);
      else {
        tiles.set(`${tx},${ty}`, kept.value);
        until = Math.min(until, kept.until);
      }
    }
  }
  if (missing.length) {
    const generation = answersGeneration(db);
    const [mx0, mx1] = [Math.min(...missing.map((m) => m[0])), Math.max(...missing.map((m) => m[0]))];
    const [my0, my1] = [Math.min(...missing.map((m) => m[1])), Math.max(...missing.map((m) => m[1]))];
    const box = tilesBox(cell, mx0, mx1, my0, my1);
    const rows = await shared(db, `${base}|tiles ${mx0},${mx1},${my0},${my1}|${generation}`, () => countCells(db, clustersSql(filters, words, config.EXCHANGE_RATES, cell, box)));
    const found = new Map<string, CellCluster[]>();
    for (let tx = mx0; tx <= mx1; tx++) for (let ty = my0; ty <= my1; ty++) found.set(`${tx},${ty}`, []);
    // A listing on the box's far edge falls in a cell of the next tile, which this statement did not count whole.
    for (const r of rows) found.get(`${Math.floor(r.cx / TILE)},${Math.floor(r.cy / TILE)}`)?.push(toCluster(r));
    for (const [k, list] of found) {
      const [tx, ty] = k.split(',').map(Number) as [number, number];
      rememberAnswer(db, tileKey(tx, ty), list, config.SEARCH_COUNT_TTL_SECONDS, generation);
      tiles.set(k, list);
    }
  }
  const out: MapCluster[] = [];
  for (const list of tiles.values()) {
    for (const { cx, cy, ...c } of list) if (cx >= grid.x0 && cx <= grid.x1 && cy >= grid.y0 && cy <= grid.y1) out.push(c);
  }
  return { clusters: mergeClose(out.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng), cell / 2), until };
}

/**
 * Listings gathered around a cell's edge make two clusters side by side, drawn one over the other. Each cluster,
 * largest first, takes in the smaller ones whose centre is within `near` degrees of its own (half a cell, ~30 px):
 * counts, price ranges and boxes add up, and the centre stays the mean of all their listings' positions.
 */
export function mergeClose(sorted: MapCluster[], near: number): MapCluster[] {
  const kept: MapCluster[] = [];
  const lo = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  const hi = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  for (const c of sorted) {
    const k = kept.find((x) => Math.abs(x.lat - c.lat) < near && Math.abs(x.lng - c.lng) < near);
    if (!k) {
      kept.push({ ...c, bounds: [...c.bounds] });
      continue;
    }
    const n = k.count + c.count;
    k.lat = r5((k.lat * k.count + c.lat * c.count) / n);
    k.lng = r5((k.lng * k.count + c.lng * c.count) / n);
    k.bounds = [Math.min(k.bounds[0], c.bounds[0]), Math.min(k.bounds[1], c.bounds[1]), Math.max(k.bounds[2], c.bounds[2]), Math.max(k.bounds[3], c.bounds[3])];
    k.min_price_usd = lo(k.min_price_usd, c.min_price_usd);
    k.max_price_usd = hi(k.max_price_usd, c.max_price_usd);
    k.for_sale += c.for_sale;
    k.for_rent += c.for_rent;
    k.count = n;
  }
  return kept.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
}

export async function searchMap(db: Database, storage: Storage, config: MapConfig, body: MapSearchBody): Promise<MapAnswer> {
  const { zoom, ...filters } = body;
  const words = searchWords(filters.search);
  const max = MAP_SEARCH.maxPins;
  const pinsAlways = zoom >= MAP_SEARCH.pinsFromZoom;
  const countKey = `map:${max + 1}|${filtersKey(filters, words)}`;
  const known = cachedCount(db, countKey);
  // Counted recently past the pins' limit: clusters, without a statement to find that out again.
  if (known !== undefined && known > max && !pinsAlways) return clustersAnswer(db, config, filters, words, zoom);
  const where = sql.join(conditions(filters, words, config.EXCHANGE_RATES), sql` and `);
  const count = known !== undefined ? sql`${known}::int` : sql`(select count(*)::int from (select 1 from listings l where ${where} limit ${max + 1}) x)`;
  // One statement: the view's count (capped just past the pins' limit), and the pins only when the CASE asks.
  const [res, names] = await Promise.all([
    sql<{ n: number; rows: PinRow[] | null }>`
      select c.n, case when ${pinsAlways ? sql`true` : sql`c.n <= ${max}`} then ${pinRowsSql(where, orderBy('newest'), max, 0)} end as rows
      from (select ${count} as n offset 0) c`.execute(db),
    placeNames(db),
  ]);
  const { n, rows } = res.rows[0]!;
  if (rows) {
    const items = toPins(rows, names, storage);
    // A list that is not full is the exact total, whatever was counted before.
    const total = items.length < max ? items.length : Math.max(n, items.length);
    if (total !== known) rememberCount(db, countKey, total, config.SEARCH_COUNT_TTL_SECONDS);
    return { mode: 'pins', answer: { mode: 'pins', items, total, total_capped: total > max } };
  }
  if (n !== known) rememberCount(db, countKey, n, config.SEARCH_COUNT_TTL_SECONDS);
  return clustersAnswer(db, config, filters, words, zoom);
}

/**
 * The clusters of a view. The answer itself is kept too, written and compressed once, under its cells (the same
 * for every view within them), for as long as the first of its tiles: a map that many visitors open at the same
 * place (the country, a city) costs a lookup. Past half its time, a kept answer still answers, and one request
 * counts its cells again in the background: a view in steady use is never counted while someone waits (at the
 * country's zoom that takes ~70 ms on a quiet machine, far more under load), and no answer is older than the TTL.
 */
async function clustersAnswer(db: Database, config: MapConfig, filters: SearchFilters, words: string[], zoom: number): Promise<MapAnswer> {
  const grid = gridFor(filters, zoom);
  const { min_lat: _a, max_lat: _b, min_lon: _c, max_lon: _d, ...rest } = filters;
  const base = `${grid.cell}|${filtersKey(rest, words)}`;
  const viewKey = `${base}|view ${grid.x0},${grid.x1},${grid.y0},${grid.y1}`;
  const count = (recount: boolean) => async () => {
    const generation = answersGeneration(db);
    const { clusters, until } = await clustersOf(db, config, filters, words, grid, base, recount);
    const total = clusters.reduce((sum, c) => sum + c.count, 0);
    const w: WrittenClusters = { body: Buffer.from(writeClusters({ mode: 'clusters', clusters, total, total_capped: false, cell_deg: grid.cell })), encoded: new Map() };
    rememberAnswer(db, viewKey, w, (until - Date.now()) / 1000, generation);
    return w;
  };
  const kept = cachedAnswer<WrittenClusters>(db, viewKey);
  if (kept) {
    if (kept.until - Date.now() < (config.SEARCH_COUNT_TTL_SECONDS * 1000) / 2) void shared(db, `${viewKey}|again`, count(true)).catch(() => {});
    return { mode: 'clusters', written: kept.value };
  }
  // Requests since the last change wait for the same count (one counted before it is no answer for them).
  return { mode: 'clusters', written: await shared(db, `${viewKey}|${answersGeneration(db)}`, count(false)) };
}
