/**
 * Place names by id, kept in memory: the location tables only change when the importer runs at start-up,
 * and joining four of them into every listing read cost more to plan than the read itself (`npm run bench`).
 * Loaded once per database on first use (about 44,000 small rows).
 */
import type { Database } from '../../db/client.js';

export interface PlaceName {
  id: number;
  name_en: string;
  name_ar: string;
}
export interface PlaceNames {
  governorates: Map<number, PlaceName>;
  districts: Map<number, PlaceName>;
  uzaal: Map<number, PlaceName>;
  villages: Map<number, PlaceName>;
}

const cache = new WeakMap<Database, Promise<PlaceNames>>();

async function load(db: Database): Promise<PlaceNames> {
  const pick = async (table: 'governorates' | 'districts' | 'uzaal' | 'villages') =>
    new Map((await db.selectFrom(table).select(['id', 'name_en', 'name_ar']).execute()).map((r) => [r.id, r]));
  const [governorates, districts, uzaal, villages] = await Promise.all([pick('governorates'), pick('districts'), pick('uzaal'), pick('villages')]);
  return { governorates, districts, uzaal, villages };
}

export function placeNames(db: Database): Promise<PlaceNames> {
  let p = cache.get(db);
  if (!p) {
    p = load(db);
    // A failed load is retried on the next call rather than cached.
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

/** Forget the cached names (after a locations import). */
export function forgetPlaceNames(db: Database) {
  cache.delete(db);
}
