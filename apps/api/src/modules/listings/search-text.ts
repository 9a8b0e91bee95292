/**
 * The normalised text a listing is found by: titles, descriptions, addresses and place names in both
 * languages (DESIGN §5), stored in listings.search_text and indexed with trigrams.
 */
import { normalizeText, toUsd } from '@manzil/shared';
import type { Database } from '../../db/client.js';

/** English and Arabic names of a location chain, governorate first, read for a write (works inside a transaction). */
export async function locationNameParts(
  db: Database,
  p: { governorate_id?: number | null; district_id?: number | null; uzlah_id?: number | null; village_id?: number | null },
): Promise<string[]> {
  const out: string[] = [];
  const add = (r?: { name_en: string; name_ar: string }) => r && out.push(r.name_en, r.name_ar);
  if (p.governorate_id) add(await db.selectFrom('governorates').select(['name_en', 'name_ar']).where('id', '=', p.governorate_id).executeTakeFirst());
  if (p.district_id) add(await db.selectFrom('districts').select(['name_en', 'name_ar']).where('id', '=', p.district_id).executeTakeFirst());
  if (p.uzlah_id) add(await db.selectFrom('uzaal').select(['name_en', 'name_ar']).where('id', '=', p.uzlah_id).executeTakeFirst());
  if (p.village_id) add(await db.selectFrom('villages').select(['name_en', 'name_ar']).where('id', '=', p.village_id).executeTakeFirst());
  return out;
}

export function buildSearchText(parts: (string | null | undefined)[]): string {
  return normalizeText(parts.filter(Boolean).join(' \u2022 ')).slice(0, 20_000);
}

/** Price in USD for filtering across currencies (DESIGN §5). */
export function priceUsd(price: number | null | undefined, currency: string, rates: Record<string, number>): number | null {
  if (price == null) return null;
  return Math.round(toUsd(price, currency, rates) * 100) / 100;
}
