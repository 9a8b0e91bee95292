import { sql } from 'kysely';
import { normalizeText, type LocationLevel } from '@manzil/shared';
import type { Database } from '../../db/client.js';

const place = ['id', 'name_en', 'name_ar', 'latitude', 'longitude'] as const;

export function governorates(db: Database) {
  return db.selectFrom('governorates').select(place).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, governorate_id: r.id })));
}

export function districts(db: Database, governorateId: number) {
  return db.selectFrom('districts').select([...place, 'governorate_id']).where('governorate_id', '=', governorateId).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, district_id: r.id })));
}

export function uzaal(db: Database, districtId: number) {
  return db.selectFrom('uzaal').select([...place, 'district_id']).where('district_id', '=', districtId).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, uzaal_id: r.id })));
}

export function villages(db: Database, uzlahId: number) {
  return db.selectFrom('villages').select([...place, 'uzlah_id']).where('uzlah_id', '=', uzlahId).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, uzaal_id: r.uzlah_id, village_id: r.id })));
}

/**
 * Suggestions over all four levels, best match first: exact name, then name prefix, then a word inside
 * the name, then any substring, then trigram similarity for misspellings; higher levels before lower.
 */
export async function searchLocations(db: Database, q: string, limit: number, level?: LocationLevel) {
  const nq = normalizeText(q);
  if (nq.length < 2) return [];
  const like = `%${nq.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const prefix = `${nq.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const word = `% ${nq.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await sql<{
    level: LocationLevel;
    id: number;
    governorate_id: number;
    district_id: number | null;
    uzlah_id: number | null;
    village_id: number | null;
    name_en: string;
    name_ar: string;
    display_en: string;
    display_ar: string;
    latitude: number | null;
    longitude: number | null;
  }>`
    select s.level, s.id, s.governorate_id, s.district_id, s.uzlah_id, s.village_id, s.name_en, s.name_ar,
           s.display_en, s.display_ar, g.latitude, g.longitude
    from location_search s
    join governorates g on g.id = s.governorate_id
    where (s.terms like ${like} or s.terms % ${nq})
      ${level ? sql`and s.level = ${level}` : sql``}
    order by
      case when s.name_ar_norm = ${nq} or s.name_en_norm = ${nq} then 0
           when s.name_ar_norm like ${prefix} or s.name_en_norm like ${prefix} then 1
           when s.terms like ${word} then 2
           when s.terms like ${like} then 3
           else 4 end,
      s.level_rank, similarity(s.terms, ${nq}) desc, length(s.name_en), s.id
    limit ${limit}
  `.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    type: r.level,
    name_en: r.name_en,
    name_ar: r.name_ar,
    displayText: r.display_en,
    displayTextAr: r.display_ar,
    governorate_id: r.governorate_id,
    district_id: r.district_id,
    uzlah_id: r.uzlah_id,
    village_id: r.village_id,
    // Only governorates carry coordinates in the data set; lower levels use their governorate's centre.
    latitude: r.latitude,
    longitude: r.longitude,
  }));
}

/** Check that a chain of location ids is consistent (district in governorate, and so on). */
export async function validateChain(
  db: Database,
  p: { governorate_id?: number | null; district_id?: number | null; uzlah_id?: number | null; village_id?: number | null },
): Promise<string | null> {
  if (p.district_id != null) {
    const d = await db.selectFrom('districts').select('governorate_id').where('id', '=', p.district_id).executeTakeFirst();
    if (!d) return 'Unknown district';
    if (p.governorate_id != null && d.governorate_id !== p.governorate_id) return 'District is not in the governorate';
  }
  if (p.governorate_id != null) {
    const g = await db.selectFrom('governorates').select('id').where('id', '=', p.governorate_id).executeTakeFirst();
    if (!g) return 'Unknown governorate';
  }
  if (p.uzlah_id != null) {
    const u = await db.selectFrom('uzaal').select('district_id').where('id', '=', p.uzlah_id).executeTakeFirst();
    if (!u) return 'Unknown uzlah';
    if (p.district_id != null && u.district_id !== p.district_id) return 'Uzlah is not in the district';
  }
  if (p.village_id != null) {
    const v = await db.selectFrom('villages').select('uzlah_id').where('id', '=', p.village_id).executeTakeFirst();
    if (!v) return 'Unknown village';
    if (p.uzlah_id != null && v.uzlah_id !== p.uzlah_id) return 'Village is not in the uzlah';
  }
  return null;
}
