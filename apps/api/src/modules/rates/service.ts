/**
 * Exchange rates (issue 29): rate zones, each with its rials per US dollar, covering the governorates, with
 * district exceptions where a front line divides one (migration 026). A listing priced in rials is converted
 * with its zone's rate: its district's exception first, else its governorate's zone, else EXCHANGE_RATES' YER
 * (a governorate in no zone: none by default, but a location data set could add one). USD and SAR are national.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RatesResponse } from '@manzil/shared';
import type { Database } from '../../db/client.js';

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
