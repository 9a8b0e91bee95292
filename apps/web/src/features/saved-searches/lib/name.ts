/**
 * The name a new saved search is offered (issue 27), from the chips the page shows, in the visitor's language:
 * "Flats for rent in Sana'a, 2+ bedrooms" / "شقق للإيجار في صنعاء، 2+ غرف نوم". The property type (plural), the
 * deal and the most precise place make the head; every other chip follows as the page words it.
 */
import type { TFunction } from 'i18next';
import { NAME_MAX } from '../api';

export interface LabelledChip {
  chip: { key: string; value: unknown };
  text: string;
}

/** Most precise first: a village names the search better than its governorate. */
const PLACE_KEYS = ['village_id', 'uzlah_id', 'district_id', 'governorate_id'] as const;


/** `t` is the savedSearches namespace's. */
export function proposeName(chips: readonly LabelledChip[], t: TFunction): string {
  const byKey = new Map(chips.map((c) => [c.chip.key, c]));
  const type = byKey.get('property_type');
  const deal = byKey.get('listing_type');
  const place = PLACE_KEYS.map((k) => byKey.get(k)).find(Boolean);
  const used = new Set<string>(['property_type', 'listing_type', ...PLACE_KEYS]);
  const rest = chips.filter((c) => !used.has(c.chip.key)).map((c) => c.text);
  if (!type && !deal && !place && rest.length === 0) return t('name.all');
  const head = [
    type ? t(`name.types.${String(type.chip.value)}`, { defaultValue: type.text }) : t('name.homes'),
    deal ? t(deal.chip.value === 'FOR_RENT' ? 'name.forRent' : 'name.forSale') : '',
    place ? t('name.in', { place: place.text }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const name = [head, ...rest].join(t('name.separator'));
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
}

/**
 * A name inside a sentence of the other direction ("Delete “Flats in Aden ✓”?" in Arabic): isolated (FSI … PDI),
 * so its own letters and marks keep their order and the sentence's punctuation stays outside it.
 */
export const isolate = (name: string) => `\u2068${name}\u2069`;
