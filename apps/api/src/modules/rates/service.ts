/**
 * Exchange rates (issue 29): rate zones, each with its rials per US dollar, covering the governorates, with
 * district exceptions where a front line divides one (migration 026). A listing priced in rials is converted
 * with its zone's rate: its district's exception first, else its governorate's zone, else EXCHANGE_RATES' YER
 * (a governorate in no zone: none by default, but a location data set could add one). USD and SAR are national.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGES, type RateChangeList, type RatesResponse, type RateZonePatch, type RateZoneState } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { displayName } from '../admin/actions.js';
import { forgetSearchCounts } from '../search/service.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Every zone with its members, in the admin's order. Only places that exist are listed. */
export async function readZones(db: Database) {
  const rows = await sql<{ id: number; name_en: string; name_ar: string; yer_per_usd: number; updated_at: Date | string; governorate_ids: number[] | null; district_ids: number[] | null }>`
    select z.id, z.name_en, z.name_ar, z.yer_per_usd, z.updated_at,
      (select array_agg(m.governorate_id order by m.governorate_id) from rate_zone_governorates m
        join governorates g on g.id = m.governorate_id where m.zone_id = z.id) as governorate_ids,
      (select array_agg(m.district_id order by m.district_id) from rate_zone_districts m
        join districts d on d.id = m.district_id where m.zone_id = z.id) as district_ids
    from rate_zones z order by z.position, z.id`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    name_en: r.name_en,
    name_ar: r.name_ar,
    yer_per_usd: Number(r.yer_per_usd),
    governorate_ids: r.governorate_ids ?? [],
    district_ids: r.district_ids ?? [],
    updated_at: iso(r.updated_at),
  }));
}

/** GET /rates: the zones, the national rates and when a zone last changed. */
export async function readRates(db: Database, national: Record<string, number>): Promise<RatesResponse> {
  const zones = await readZones(db);
  const updated = zones.reduce((a, z) => (z.updated_at > a ? z.updated_at : a), new Date(0).toISOString());
  return {
    zones: zones.map(({ updated_at: _u, ...z }) => z),
    national: { USD: national.USD ?? 1, SAR: national.SAR! },
    default_yer_per_usd: national.YER!,
    updated_at: updated,
  };
}

/** A strong validator for the answer's JSON: the same rates give the same tag on every server. */
export const etagOf = (body: unknown) => `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

/** Rials per dollar at a place, from its zone (district exception first), else `fallback`. Works in a transaction. */
export async function yerPerUsdAt(db: Database, place: { governorate_id?: number | null; district_id?: number | null }, fallback: number): Promise<number> {
  const r = await sql<{ rate: number | null }>`
    select coalesce(
      (select z.yer_per_usd from rate_zone_districts m join rate_zones z on z.id = m.zone_id where m.district_id = ${place.district_id ?? null}::int),
      (select z.yer_per_usd from rate_zone_governorates m join rate_zones z on z.id = m.zone_id where m.governorate_id = ${place.governorate_id ?? null}::int)
    ) as rate`.execute(db);
  const rate = r.rows[0]?.rate;
  return rate == null ? fallback : Number(rate);
}

/** The rates a listing's price converts with: the national ones, YER replaced by its zone's. */
export async function listingRates(
  db: Database,
  v: { currency: string; price: number | null; governorate_id?: number | null; district_id?: number | null },
  national: Record<string, number>,
): Promise<Record<string, number>> {
  if (v.currency !== 'YER' || v.price == null) return national;
  return { ...national, YER: await yerPerUsdAt(db, v, national.YER!) };
}

/** Every zone's rate by place, read once: for writing many listings (demo and benchmark data). */
export async function zoneRateLookup(db: Database, fallback: number) {
  const [govs, dists] = await Promise.all([
    sql<{ id: number; rate: number }>`select m.governorate_id as id, z.yer_per_usd as rate from rate_zone_governorates m join rate_zones z on z.id = m.zone_id`.execute(db),
    sql<{ id: number; rate: number }>`select m.district_id as id, z.yer_per_usd as rate from rate_zone_districts m join rate_zones z on z.id = m.zone_id`.execute(db),
  ]);
  const byGov = new Map(govs.rows.map((r) => [r.id, Number(r.rate)]));
  const byDist = new Map(dists.rows.map((r) => [r.id, Number(r.rate)]));
  return (governorateId: number | null | undefined, districtId: number | null | undefined) =>
    (districtId != null ? byDist.get(districtId) : undefined) ?? (governorateId != null ? byGov.get(governorateId) : undefined) ?? fallback;
}

/**
 * Every listing priced in rials gets the USD value of its zone's rate, in ONE statement: district exception
 * first, else governorate, else `fallback`. Only rows whose value moves are written (their rev moves with them,
 * so search's kept pages read them again). Answers how many moved, per zone (null: no zone).
 */
export async function repriceListings(db: Database, fallback: number): Promise<Map<number | null, number>> {
  // Compiling the statement to machine code (PostgreSQL's JIT, which its cost estimate asks for) took longer
  // than it saved: 0.3 s of 3.5 at 100,000 listings. For this transaction only; callers run it in one.
  await sql`set local jit = off`.execute(db);
  const r = await sql<{ zone_id: number | null; n: number }>`
    with r as (
      select l.id, (round((l.price / coalesce(dz.yer_per_usd, gz.yer_per_usd, ${fallback}::float8) * 100)::numeric) / 100)::float8 as usd,
        coalesce(dz.id, gz.id) as zone_id
      from listings l
      left join rate_zone_districts d on d.district_id = l.district_id left join rate_zones dz on dz.id = d.zone_id
      left join rate_zone_governorates g on g.governorate_id = l.governorate_id left join rate_zones gz on gz.id = g.zone_id
      where l.currency = 'YER' and l.price is not null
    ), moved as (
      update listings l set price_usd = r.usd from r where l.id = r.id and l.price_usd is distinct from r.usd returning r.zone_id
    )
    select zone_id, count(*)::int as n from moved group by zone_id`.execute(db);
  return new Map(r.rows.map((x) => [x.zone_id, Number(x.n)]));
}

/** Each zone's rate and members as stored (for the history): ids sorted. */
async function zoneStates(db: Database): Promise<Map<number, RateZoneState>> {
  const rows = await sql<{ id: number; yer_per_usd: number; governorate_ids: number[] | null; district_ids: number[] | null }>`
    select z.id, z.yer_per_usd,
      (select array_agg(governorate_id order by governorate_id) from rate_zone_governorates where zone_id = z.id) as governorate_ids,
      (select array_agg(district_id order by district_id) from rate_zone_districts where zone_id = z.id) as district_ids
    from rate_zones z`.execute(db);
  return new Map(
    rows.rows.map((r) => [r.id, { yer_per_usd: Number(r.yer_per_usd), governorate_ids: r.governorate_ids ?? [], district_ids: r.district_ids ?? [] }]),
  );
}

const sameState = (a: RateZoneState, b: RateZoneState) => JSON.stringify(a) === JSON.stringify(b);
const unique = (ids: number[]) => [...new Set(ids)];

/**
 * An administrator changes a zone's rate and/or members (PATCH /admin/rates/zones/{id}). In one transaction, with
 * every zone locked so changes take turns: the change, a history row per zone it changed (before and after), and
 * every affected listing's USD value. Then this server's search totals are forgotten.
 */
export async function updateZone(
  db: Database,
  p: { zoneId: number; adminId: number; patch: RateZonePatch; national: Record<string, number> },
): Promise<{ rates: RatesResponse; repriced: number }> {
  const { patch } = p;
  if (patch.yer_per_usd === undefined && patch.governorate_ids === undefined && patch.district_ids === undefined) {
    throw unprocessable(MESSAGES.noChanges);
  }
  let repriced = 0;
  await db.transaction().execute(async (trx) => {
    const zones = await sql<{ id: number }>`select id from rate_zones order by id for update`.execute(trx);
    if (!zones.rows.some((z) => z.id === p.zoneId)) throw notFound();
    const govs = patch.governorate_ids && unique(patch.governorate_ids);
    const dists = patch.district_ids && unique(patch.district_ids);
    if (govs?.length) {
      const found = await trx.selectFrom('governorates').select('id').where('id', 'in', govs).execute();
      if (found.length !== govs.length) throw unprocessable(MESSAGES.rateUnknownPlace);
    }
    if (dists?.length) {
      const found = await trx.selectFrom('districts').select('id').where('id', 'in', dists).execute();
      if (found.length !== dists.length) throw unprocessable(MESSAGES.rateUnknownPlace);
    }
    const before = await zoneStates(trx);
    if (govs) {
      // A governorate leaves a zone only by joining another: every governorate keeps a rate.
      const left = before.get(p.zoneId)!.governorate_ids.filter((g) => !govs.includes(g));
      if (left.length) throw unprocessable(MESSAGES.rateGovernorateLeft);
      if (govs.length) {
        await sql`insert into rate_zone_governorates (governorate_id, zone_id) select g, ${p.zoneId}::int from unnest(${govs}::int[]) g
                  on conflict (governorate_id) do update set zone_id = excluded.zone_id`.execute(trx);
      }
    }
    if (dists) {
      await sql`delete from rate_zone_districts where zone_id = ${p.zoneId} and not (district_id = any(${dists}::int[]))`.execute(trx);
      if (dists.length) {
        await sql`insert into rate_zone_districts (district_id, zone_id) select d, ${p.zoneId}::int from unnest(${dists}::int[]) d
                  on conflict (district_id) do update set zone_id = excluded.zone_id`.execute(trx);
      }
    }
    if (patch.yer_per_usd !== undefined) await trx.updateTable('rate_zones').set({ yer_per_usd: patch.yer_per_usd }).where('id', '=', p.zoneId).execute();
    // An exception in its own governorate's zone says nothing (its governorate moved here, say): drop it.
    await sql`delete from rate_zone_districts m using districts d, rate_zone_governorates g
              where d.id = m.district_id and g.governorate_id = d.governorate_id and g.zone_id = m.zone_id`.execute(trx);
    const after = await zoneStates(trx);
    const changed = [...after.keys()].filter((id) => !sameState(before.get(id)!, after.get(id)!));
    if (!changed.length) return;
    const moved = await repriceListings(trx, p.national.YER!);
    repriced = [...moved.values()].reduce((a, b) => a + b, 0);
    await trx.updateTable('rate_zones').set({ updated_at: sql`now()` }).where('id', 'in', changed).execute();
    await trx
      .insertInto('rate_changes')
      .values(
        changed.map((id) => ({
          zone_id: id,
          admin_id: p.adminId,
          before: JSON.stringify(before.get(id)),
          after: JSON.stringify(after.get(id)),
          repriced: moved.get(id) ?? 0,
        })),
      )
      .execute();
  });
  // After the commit: totals and the map's clusters counted before the change are not served after it.
  if (repriced > 0) forgetSearchCounts(db);
  return { rates: await readRates(db, p.national), repriced };
}

/** The history of changes, newest first, with the administrator's name and the zone's. */
export async function listChanges(db: Database, q: { skip: number; limit: number }): Promise<RateChangeList> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('rate_changes as c')
      .innerJoin('rate_zones as z', 'z.id', 'c.zone_id')
      .leftJoin('users as u', 'u.id', 'c.admin_id')
      .select(['c.id', 'c.zone_id', 'z.name_en', 'z.name_ar', 'c.admin_id', 'u.full_name', 'u.first_name', 'u.last_name', 'u.email', 'c.before', 'c.after', 'c.repriced', 'c.created_at'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(q.skip)
      .limit(q.limit)
      .execute(),
    db.selectFrom('rate_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const state = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as RateZoneState;
  return {
    items: rows.map((r) => ({
      id: r.id,
      zone_id: r.zone_id,
      zone_name_en: r.name_en,
      zone_name_ar: r.name_ar,
      admin_id: r.admin_id,
      admin_name: r.admin_id == null ? null : displayName(r),
      before: state(r.before),
      after: state(r.after),
      repriced: r.repriced,
      created_at: iso(r.created_at),
    })),
    total: Number(total.n),
  };
}

/** Governorates no zone covers (names in English): their rials convert at EXCHANGE_RATES' YER. */
export async function zonelessGovernorates(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('governorates as g')
    .leftJoin('rate_zone_governorates as m', 'm.governorate_id', 'g.id')
    .where('m.zone_id', 'is', null)
    .select('g.name_en')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => r.name_en);
}
