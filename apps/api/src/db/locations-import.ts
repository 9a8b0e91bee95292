/**
 * Imports the Yemen-info hierarchy (nested governorates → districts → uzaal → villages) from a file path
 * or URL. Ids inside the file are local to their parent; we number each level globally in document order,
 * as the data set's SQL builds and the spec do (Sana'a 2, Aden 3, Taiz 12, Hadramout 15).
 * Idempotent: rows are upserted (listings keep their references) and an unchanged source is skipped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { normalizeText } from '@manzil/shared';
import type { Database } from './client.js';
import { BUILTIN_GOVERNORATES } from './governorates.js';
import { forgetPlaceNames } from '../modules/locations/names.js';
import { OVERRIDES_FINGERPRINT, overrideNames, type PlaceAliases } from '../modules/locations/overrides.js';

interface RawPlace {
  name_en?: string;
  name_ar?: string;
}
type RawVillage = RawPlace;
interface RawUzlah extends RawPlace {
  villages?: RawVillage[];
}
interface RawDistrict extends RawPlace {
  uzaal?: RawUzlah[];
}
interface RawGovernorate extends RawPlace {
  districts?: RawDistrict[];
}

interface Row {
  id: number;
  parent: number;
  name_en: string;
  name_ar: string;
}

export interface ImportResult {
  source: string;
  skipped: boolean;
  builtinOnly: boolean;
  counts: { governorates: number; districts: number; uzaal: number; villages: number };
  message: string;
}

async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  }
  const file = source.replace(/^file:\/\//, '');
  // The data set's folder (as it is shipped: yemen-info.json beside its licence) stands for its file.
  const isFolder = await fs.stat(file).then((s) => s.isDirectory(), () => false);
  return await fs.readFile(isFolder ? path.join(file, DATA_SET_FILE) : file, 'utf8');
}

/** The file of the Yemen-info data set that holds the hierarchy. */
const DATA_SET_FILE = 'yemen-info.json';

/** Some entries have an empty name in one language: fall back to the other so nothing shows blank. */
function names(p: RawPlace): { name_en: string; name_ar: string } {
  const en = (p.name_en ?? '').trim();
  const ar = (p.name_ar ?? '').trim();
  return { name_en: en || ar, name_ar: ar || en };
}

export function flatten(data: { governorates?: RawGovernorate[] }) {
  const gov: Row[] = [];
  const dis: Row[] = [];
  const uz: Row[] = [];
  const vil: Row[] = [];
  for (const g of data.governorates ?? []) {
    const gid = gov.length + 1;
    gov.push({ id: gid, parent: 0, ...names(g) });
    for (const d of g.districts ?? []) {
      const did = dis.length + 1;
      dis.push({ id: did, parent: gid, ...names(d) });
      for (const u of d.uzaal ?? []) {
        const uid = uz.length + 1;
        uz.push({ id: uid, parent: did, ...names(u) });
        for (const v of u.villages ?? []) {
          vil.push({ id: vil.length + 1, parent: uid, ...names(v) });
        }
      }
    }
  }
  return { gov, dis, uz, vil };
}

async function upsertLevel(db: Database, table: 'districts' | 'uzaal' | 'villages', parentCol: string, rows: Row[]) {
  const CHUNK = 10_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await sql`
      insert into ${sql.table(table)} (id, ${sql.ref(parentCol)}, name_en, name_ar, name_en_norm, name_ar_norm)
      select * from unnest(
        ${part.map((r) => r.id)}::int[], ${part.map((r) => r.parent)}::int[],
        ${part.map((r) => r.name_en)}::text[], ${part.map((r) => r.name_ar)}::text[],
        ${part.map((r) => normalizeText(r.name_en))}::text[], ${part.map((r) => normalizeText(r.name_ar))}::text[])
      on conflict (id) do update set ${sql.ref(parentCol)} = excluded.${sql.ref(parentCol)},
        name_en = excluded.name_en, name_ar = excluded.name_ar,
        name_en_norm = excluded.name_en_norm, name_ar_norm = excluded.name_ar_norm
    `.execute(db);
  }
}

async function upsertGovernorates(db: Database, rows: Row[]) {
  for (const r of rows) {
    const b = BUILTIN_GOVERNORATES.find((g) => g.id === r.id);
    await sql`
      insert into governorates (id, name_en, name_ar, name_en_norm, name_ar_norm, latitude, longitude)
      values (${r.id}, ${r.name_en}, ${r.name_ar}, ${normalizeText(r.name_en)}, ${normalizeText(r.name_ar)},
              ${b?.latitude ?? null}, ${b?.longitude ?? null})
      on conflict (id) do update set name_en = excluded.name_en, name_ar = excluded.name_ar,
        name_en_norm = excluded.name_en_norm, name_ar_norm = excluded.name_ar_norm,
        latitude = coalesce(governorates.latitude, excluded.latitude),
        longitude = coalesce(governorates.longitude, excluded.longitude)
    `.execute(db);
  }
}

/**
 * Rebuild the one-table search index of all four levels from the level tables. A place's search words are
 * its two names, then each alias between " | " marks ("… | hadda | haddah |"), so a query can be told to
 * equal or start an alias (normalised text never holds "|").
 */
async function rebuildSearchIndex(db: Database, aliases: PlaceAliases[]) {
  await sql`delete from location_search`.execute(db);
  const words = new Map<string, string[]>();
  const add = (key: string, list: string[]) => words.set(key, [...new Set([...(words.get(key) ?? []), ...list.filter(Boolean)])]);
  for (const g of BUILTIN_GOVERNORATES) add(`governorate:${g.id}`, g.aliases.map((a) => normalizeText(a)));
  for (const a of aliases) add(`${a.level}:${a.id}`, a.words);
  const gAliases = [...words].filter(([k, w]) => k.startsWith('governorate:') && w.length > 0).map(([k, w]) => ({ id: Number(k.split(':')[1]), aliases: ` | ${w.join(' | ')} |` }));
  await sql`
    insert into location_search (level, id, level_rank, governorate_id, district_id, uzlah_id, village_id,
      name_en, name_ar, name_en_norm, name_ar_norm, display_en, display_ar, terms)
    select 'governorate', g.id, 0, g.id, null, null, null, g.name_en, g.name_ar, g.name_en_norm, g.name_ar_norm,
      g.name_en, g.name_ar, g.name_ar_norm || ' ' || g.name_en_norm || coalesce(a.aliases, '')
    from governorates g
    left join (select * from unnest(${gAliases.map((a) => a.id)}::int[], ${gAliases.map((a) => a.aliases)}::text[]) as t(id, aliases)) a on a.id = g.id
  `.execute(db);
  await sql`
    insert into location_search (level, id, level_rank, governorate_id, district_id, uzlah_id, village_id,
      name_en, name_ar, name_en_norm, name_ar_norm, display_en, display_ar, terms)
    select 'district', d.id, 1, g.id, d.id, null, null, d.name_en, d.name_ar, d.name_en_norm, d.name_ar_norm,
      d.name_en || ', ' || g.name_en, d.name_ar || '، ' || g.name_ar, d.name_ar_norm || ' ' || d.name_en_norm
    from districts d join governorates g on g.id = d.governorate_id
  `.execute(db);
  await sql`
    insert into location_search (level, id, level_rank, governorate_id, district_id, uzlah_id, village_id,
      name_en, name_ar, name_en_norm, name_ar_norm, display_en, display_ar, terms)
    select 'uzlah', u.id, 2, g.id, d.id, u.id, null, u.name_en, u.name_ar, u.name_en_norm, u.name_ar_norm,
      u.name_en || ', ' || d.name_en || ', ' || g.name_en, u.name_ar || '، ' || d.name_ar || '، ' || g.name_ar,
      u.name_ar_norm || ' ' || u.name_en_norm
    from uzaal u join districts d on d.id = u.district_id join governorates g on g.id = d.governorate_id
  `.execute(db);
  await sql`
    insert into location_search (level, id, level_rank, governorate_id, district_id, uzlah_id, village_id,
      name_en, name_ar, name_en_norm, name_ar_norm, display_en, display_ar, terms)
    select 'village', v.id, 3, g.id, d.id, u.id, v.id, v.name_en, v.name_ar, v.name_en_norm, v.name_ar_norm,
      v.name_en || ', ' || u.name_en || ', ' || d.name_en || ', ' || g.name_en,
      v.name_ar || '، ' || u.name_ar || '، ' || d.name_ar || '، ' || g.name_ar,
      v.name_ar_norm || ' ' || v.name_en_norm
    from villages v join uzaal u on u.id = v.uzlah_id join districts d on d.id = u.district_id
    join governorates g on g.id = d.governorate_id
  `.execute(db);
  const dAliases = [...words].filter(([k, w]) => k.startsWith('district:') && w.length > 0).map(([k, w]) => ({ id: Number(k.split(':')[1]), aliases: ` | ${w.join(' | ')} |` }));
  await sql`
    update location_search s set terms = s.terms || a.aliases
    from unnest(${dAliases.map((a) => a.id)}::int[], ${dAliases.map((a) => a.aliases)}::text[]) as a(id, aliases)
    where s.level = 'district' and s.id = a.id
  `.execute(db);
}

async function counts(db: Database) {
  const r = await sql<{ g: number; d: number; u: number; v: number }>`
    select (select count(*) from governorates)::int g, (select count(*) from districts)::int d,
           (select count(*) from uzaal)::int u, (select count(*) from villages)::int v`.execute(db);
  const c = r.rows[0]!;
  return { governorates: c.g, districts: c.d, uzaal: c.u, villages: c.v };
}

export async function importLocations(db: Database, source: string): Promise<ImportResult> {
  forgetPlaceNames(db);
  let text: string;
  try {
    text = await readSource(source);
  } catch (err) {
    // Keep what we have; an empty database gets the built-in 22 governorates so the app still works.
    const current = await counts(db);
    if (current.governorates === 0) {
      await db.transaction().execute(async (tx) => {
        const gov = BUILTIN_GOVERNORATES.map((g) => ({ id: g.id, parent: 0, name_en: g.name_en, name_ar: g.name_ar }));
        const aliases = overrideNames(gov, []);
        await upsertGovernorates(tx, gov);
        await rebuildSearchIndex(tx, aliases);
      });
    }
    const c = await counts(db);
    return {
      source,
      skipped: true,
      builtinOnly: c.districts === 0,
      counts: c,
      message: `locations: source ${source} could not be read (${(err as Error).message}); keeping ${c.governorates} governorates, ${c.districts} districts, ${c.uzaal} uzaal, ${c.villages} villages${c.districts === 0 ? ' (built-in governorates only)' : ''}`,
    };
  }
  // The names table laid over the data set counts as part of the source: a changed table re-imports.
  const hash = createHash('sha256').update(text).update(OVERRIDES_FINGERPRINT).digest('hex');
  const prev = await db.selectFrom('app_meta').select('value').where('key', '=', 'locations_hash').executeTakeFirst();
  if (prev?.value === hash) {
    const c = await counts(db);
    return { source, skipped: true, builtinOnly: false, counts: c, message: `locations: up to date (${c.governorates} governorates, ${c.districts} districts, ${c.uzaal} uzaal, ${c.villages} villages)` };
  }
  const data = JSON.parse(text) as { governorates?: RawGovernorate[] };
  const { gov, dis, uz, vil } = flatten(data);
  if (gov.length === 0) throw new Error(`locations: ${source} holds no governorates`);
  const aliases = overrideNames(gov, dis);
  await db.transaction().execute(async (tx) => {
    await upsertGovernorates(tx, gov);
    await upsertLevel(tx, 'districts', 'governorate_id', dis);
    await upsertLevel(tx, 'uzaal', 'district_id', uz);
    await upsertLevel(tx, 'villages', 'uzlah_id', vil);
    await rebuildSearchIndex(tx, aliases);
    await sql`insert into app_meta (key, value) values ('locations_hash', ${hash})
              on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(tx);
  });
  const c = await counts(db);
  return {
    source,
    skipped: false,
    builtinOnly: false,
    counts: c,
    message: `locations: imported ${c.governorates} governorates, ${c.districts} districts, ${c.uzaal} uzaal, ${c.villages} villages from ${source}`,
  };
}
