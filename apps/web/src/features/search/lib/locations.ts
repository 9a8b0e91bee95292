import type { Lang, LocationSuggestion } from '@manzil/shared';

/** A place that spans governorates: Sana'a the city (the capital with the governorate around it). */
export const isCity = (s: LocationSuggestion) => (s.governorate_ids?.length ?? 0) > 1;

/** The text a picked suggestion leaves in the box: its own name in the visitor's language. */
export const suggestionLabel = (s: LocationSuggestion, lang: Lang) => (lang === 'ar' ? s.name_ar || s.name_en : s.name_en || s.name_ar);

/**
 * Spec §2: typed text resolves to the best-matching place, which is the first suggestion: the server ranks
 * what people mean first (exact names and aliases, Sana'a the city before the governorate of the same name,
 * issue 24), so Enter searches what picking the first suggestion would.
 */
export function bestMatch(list: LocationSuggestion[]): LocationSuggestion | null {
  return list[0] ?? null;
}

/** The URL ids of a place: its own level's id plus its parents'. */
export function idsOf(s: LocationSuggestion): Record<string, string> {
  // Sana'a the city spans governorates (the capital and the one around it): search them all, as the footer does.
  if (s.governorate_ids?.length) return { governorate_id: s.governorate_ids.join(',') };
  const out: Record<string, string> = { governorate_id: String(s.governorate_id) };
  if (s.type === 'governorate') return out;
  if (s.district_id) out.district_id = String(s.district_id);
  if (s.type === 'district') return out;
  if (s.uzlah_id) out.uzlah_id = String(s.uzlah_id);
  if (s.type === 'uzlah') return out;
  if (s.village_id) out.village_id = String(s.village_id);
  return out;
}
