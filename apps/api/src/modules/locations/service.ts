import { sql } from 'kysely';
import { normalizeText, type LocationLevel } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { BUILTIN_GOVERNORATES } from '../../db/governorates.js';
import { placeNames } from './names.js';
import { SANAA_CITY, SANAA_CITY_WORDS } from './overrides.js';

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

/** How many candidates, in match order, are ranked again by their listings (only ties among them move). */
const RANKED = 40;
/**
 * Listings counted per place at most: enough to tell a busy district from a quiet one, cheap to count.
 * Governorates are not counted: they rarely tie, and a count over a whole governorate is the costly one.
 */
const COUNT_CAP = 100;

interface SuggestionRow {
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
}

/** Sana'a the city (overrides.ts) for its words, or a start of them of 3 letters or more ("صنع", "san"). */
function meansSanaaCity(nq: string): boolean {
  return SANAA_CITY_WORDS.some((w) => w === nq || (nq.length >= 3 && w.startsWith(nq)));
}

/**
 * Suggestions over all four levels, what people mean first (issue 24). Sana'a the city leads for its
 * names; then by how the name matches: exact name or alias (overrides.ts: "حدة" is the capital's
 * Al-Sab'een), name or alias prefix, a word inside, any substring, trigram similarity for misspellings;
 * within each, higher levels before lower, then places with more public listings (counted with the
 * partial indexes, capped, for the first RANKED candidates only, and only as far as the sort needs them:
 * one statement, no per-row round trip).
 */
export async function searchLocations(db: Database, q: string, limit: number, level?: LocationLevel) {
  const nq = normalizeText(q);
  if (nq.length < 2) return [];
  const esc = nq.replace(/[%_\\]/g, (c) => `\\${c}`);
  const like = `%${esc}%`;
  const prefix = `${esc}%`;
  const word = `% ${esc}%`;
  const alias = `% | ${esc} |%`;
  const aliasPrefix = `% | ${esc}%`;
  const city = (!level || level === 'governorate') && meansSanaaCity(nq);
  const rows = await sql<SuggestionRow>`
    with matched as (
      select s.*, similarity(s.terms, ${nq}) as sim,
        case when s.name_ar_norm = ${nq} or s.name_en_norm = ${nq} or s.terms like ${alias} then 0
             when s.name_ar_norm like ${prefix} or s.name_en_norm like ${prefix} or s.terms like ${aliasPrefix} then 1
             when s.terms like ${word} then 2
             when s.terms like ${like} then 3
             else 4 end as class
      from location_search s
      where (s.terms like ${like} or s.terms % ${nq})
        ${level ? sql`and s.level = ${level}` : sql``}
        ${city ? sql`and not (s.level = 'governorate' and s.id = ${SANAA_CITY.governorate_ids[0]!})` : sql``}
      order by class, s.level_rank, sim desc, length(s.name_en), s.id
      limit ${Math.max(RANKED, limit)}
    )
    select m.level, m.id, m.governorate_id, m.district_id, m.uzlah_id, m.village_id, m.name_en, m.name_ar,
           m.display_en, m.display_ar, g.latitude, g.longitude
    from matched m
    join governorates g on g.id = m.governorate_id
    cross join lateral (
      select (select count(*) from (select 1 from listings l where m.level = 'district' and l.district_id = m.id
                and l.status = 'approved' and l.is_active and l.withheld = '{}' limit ${COUNT_CAP}) x)
           + (select count(*) from (select 1 from listings l where m.level = 'uzlah' and l.uzlah_id = m.id
                and l.status = 'approved' and l.is_active and l.withheld = '{}' and l.uzlah_id is not null limit ${COUNT_CAP}) x)
           + (select count(*) from (select 1 from listings l where m.level = 'village' and l.village_id = m.id
                and l.status = 'approved' and l.is_active and l.withheld = '{}' and l.village_id is not null limit ${COUNT_CAP}) x) as n
    ) c
    order by m.class, m.level_rank, c.n desc, m.sim desc, length(m.name_en), m.id
    limit ${city ? limit - 1 : limit}
  `.execute(db);
  const list = rows.rows.map((r) => ({
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
  if (!city) return list;
  const capital = (await placeNames(db)).governorates.get(SANAA_CITY.governorate_ids[0]!);
  const centre = BUILTIN_GOVERNORATES.find((g) => g.id === SANAA_CITY.governorate_ids[0]);
  if (!capital) return list.slice(0, limit);
  return [
    {
      // Read as governorate 1 by a client that does not know governorate_ids: still the city.
      id: capital.id,
      type: 'governorate' as const,
      name_en: SANAA_CITY.name_en,
      name_ar: SANAA_CITY.name_ar,
      displayText: SANAA_CITY.display_en,
      displayTextAr: SANAA_CITY.display_ar,
      governorate_id: capital.id,
      governorate_ids: SANAA_CITY.governorate_ids,
      district_id: null,
      uzlah_id: null,
      village_id: null,
      latitude: centre?.latitude ?? null,
      longitude: centre?.longitude ?? null,
    },
    ...list,
  ];
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
