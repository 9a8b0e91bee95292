import { normalizeText, type LocationSuggestion } from '@manzil/shared';

/** The text a picked suggestion leaves in the box: its own name in the visitor's language. */
export const suggestionLabel = (s: LocationSuggestion, lang: 'ar' | 'en') => (lang === 'ar' ? s.name_ar || s.name_en : s.name_en || s.name_ar);

/**
 * Spec §2: typed text resolves to the best-matching place of its level: an exact name match (either
 * language, Arabic-normalised), else the first suggestion.
 */
export function bestMatch(text: string, list: LocationSuggestion[]): LocationSuggestion | null {
  if (list.length === 0) return null;
  const q = normalizeText(text);
  return list.find((s) => normalizeText(s.name_en) === q || normalizeText(s.name_ar) === q) ?? list[0]!;
}

/** The URL ids of a place: its own level's id plus its parents'. */
export function idsOf(s: LocationSuggestion): Record<string, string> {
  const out: Record<string, string> = { governorate_id: String(s.governorate_id) };
  if (s.type === 'governorate') return out;
  if (s.district_id) out.district_id = String(s.district_id);
  if (s.type === 'district') return out;
  if (s.uzlah_id) out.uzlah_id = String(s.uzlah_id);
  if (s.type === 'uzlah') return out;
  if (s.village_id) out.village_id = String(s.village_id);
  return out;
}
