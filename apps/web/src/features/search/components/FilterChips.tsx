import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PROPERTY_TYPE_LABELS, floorLabel, formatPrice, type PropertyType, type Lang } from '@manzil/shared';
import { amenityLabel } from '../../../components/amenities/amenities';
import { useGovernorates } from '../../../api/queries';
import { placesQuery, type PlaceItem } from '../api/search';
import { AMENITY_FILTER_FLAGS } from '../lib/amenities';
import { AT_LEAST_FROM, activeChips, type FilterChip } from '../lib/filters';
import { isolated, visitorUnitsPerUsd } from '../../../components/currency/convert';
import { useRates, useVisitorCurrency, useYerZone } from '../../../components/currency/store';
import './filter-chips.css';

type Named = Pick<PlaceItem, 'id' | 'name_en' | 'name_ar'>;
interface LabelContext {
  t: TFunction<'search'>;
  lang: Lang;
  /** A price bound (US dollars) as the chip writes it. */
  money: (usd: number) => string;
  /** The name of a place of a level, once its list has loaded. */
  place: (level: 'governorate' | 'district' | 'uzlah' | 'village', id: number) => string | undefined;
}

const rooms = (v: string, atLeast: number, c: LabelContext, kind: 'beds' | 'baths') => {
  const n = Number.parseInt(v, 10);
  return c.t(v.endsWith('+') || n >= atLeast ? `chips.${kind}AtLeast` : `chips.${kind}`, { count: n });
};
// Isolated: the amount sits in a sentence ("حتى …"), where bare it read "$US 500,000".
const priceText = (v: number, currency: string, lang: Lang) => isolated(formatPrice(v, currency, lang) ?? String(v));
const usd = (v: number, lang: Lang) => priceText(v, 'USD', lang);
const placeLabel = (level: 'governorate' | 'district' | 'uzlah' | 'village') => (v: unknown, c: LabelContext) => {
  const ids = Array.isArray(v) ? (v as number[]) : [v as number];
  const names = ids.map((id) => c.place(level, id)).filter(Boolean);
  return names.length === ids.length ? names.join(c.lang === 'ar' ? '، ' : ', ') : c.t(`chips.${level}`);
};

/**
 * What each chip says, keyed by filter (see activeChips in lib/filters.ts). A filter without an entry here is
 * labelled by the locale key `chips.<key>` (with its value as {{value}}): a yes/no filter such as an amenity
 * needs only that key in both languages' search.json.
 */
const CHIP_LABELS: Record<string, (value: never, c: LabelContext) => string> = {
  listing_type: (v: string, c) => c.t(v === 'FOR_RENT' ? 'forRent' : 'forSale'),
  property_type: (v: PropertyType, c) => PROPERTY_TYPE_LABELS[v][c.lang],
  location: (v: string, c) => c.t('chips.text', { text: v }),
  price: ({ min, max }: { min?: number; max?: number }, c) =>
    min !== undefined && max !== undefined
      ? c.t('chips.priceBetween', { min: c.money(Math.min(min, max)), max: c.money(Math.max(min, max)) })
      : min !== undefined
        ? c.t('chips.priceFrom', { min: c.money(min) })
        : c.t('chips.priceUpTo', { max: c.money(max ?? 0) }),
  bedrooms: (v: string, c) => rooms(v, AT_LEAST_FROM.bedrooms, c, 'beds'),
  bathrooms: (v: string, c) => rooms(v, AT_LEAST_FROM.bathrooms, c, 'baths'),
  governorate_id: placeLabel('governorate'),
  district_id: placeLabel('district'),
  uzlah_id: placeLabel('uzlah'),
  village_id: placeLabel('village'),
  ...Object.fromEntries(AMENITY_FILTER_FLAGS.map((flag) => [flag, (_v: unknown, c: LabelContext) => amenityLabel(flag, c.lang)])),
  floor: ({ min, max }: { min?: number; max?: number }, c) =>
    min !== undefined && max !== undefined
      ? min === max
        ? floorLabel(min, c.lang)
        : c.t('chips.floorBetween', { min: floorLabel(Math.min(min, max), c.lang), max: floorLabel(Math.max(min, max), c.lang) })
      : min !== undefined
        ? c.t('chips.floorFrom', { floor: floorLabel(min, c.lang) })
        : c.t('chips.floorUpTo', { floor: floorLabel(max ?? 0, c.lang) }),
  polygon: (_v, c) => c.t('chips.polygon'),
  bounds: (_v, c) => c.t('chips.bounds'),
};

const find = (list: Named[] | undefined, id: number) => list?.find((p) => p.id === id);

/**
 * Every active filter of a search URL with what its chip says in the visitor's language (activeChips, in order).
 * `ready` is false while a place name it needs is still loading (a chip then says "Governorate" for a moment).
 * Also what a saved search is summed up and named with (features/saved-searches), in US dollars there: a name kept
 * with the search must not change with the device's currency. The search page's chips say prices in the visitor's
 * currency (`visitorCurrency`, issue 29): rials at the rate of the searched governorate's zone, else dollars.
 */
export function useChipLabels(
  params: URLSearchParams,
  withBounds = true,
  visitorCurrency = false,
): { chips: { chip: FilterChip; text: string }[]; ready: boolean } {
  const { t, i18n } = useTranslation('search');
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const chips = activeChips(params, withBounds);
  const has = (key: string) => chips.find((c) => c.key === key)?.value as number | undefined;
  const governorates = useGovernorates();
  const gov = has('governorate_id');
  const districts = useQuery(placesQuery('districts', typeof gov === 'number' ? gov : undefined));
  const uzaal = useQuery(placesQuery('uzaal', has('district_id')));
  const villages = useQuery(placesQuery('villages', has('uzlah_id')));
  const ready = !(gov !== undefined && governorates.isPending) && !districts.isLoading && !uzaal.isLoading && !villages.isLoading;
  const visitor = useVisitorCurrency();
  const zoneId = useYerZone();
  const shownIn = visitorCurrency ? visitor : null;
  const rates = useRates(shownIn !== null && shownIn !== 'USD');
  const where = { governorate_id: Array.isArray(gov) ? (gov as number[])[0] : gov, district_id: has('district_id') };

  const c: LabelContext = {
    t,
    lang,
    money: (v) => {
      // As the sidebar's inputs write it (whole units, not rounded as an estimate), so chip and input agree.
      const rate = shownIn && rates ? visitorUnitsPerUsd(shownIn, rates, where, zoneId) : null;
      return rate == null ? usd(v, lang) : priceText(Math.round(v * rate), shownIn!, lang);
    },
    place: (level, id) => {
      const list = { governorate: governorates.data, district: districts.data, uzlah: uzaal.data, village: villages.data }[level];
      const p = find(list, id);
      return p && (lang === 'ar' ? p.name_ar : p.name_en);
    },
  };
  const label = (chip: FilterChip) => {
    const known = CHIP_LABELS[chip.key] as ((v: unknown, c: LabelContext) => string) | undefined;
    return known ? known(chip.value, c) : t(`chips.${chip.key}`, { value: chip.value, defaultValue: chip.key });
  };
  return { chips: chips.map((chip) => ({ chip, text: label(chip) })), ready };
}

/**
 * Every active filter of the URL as a removable chip, in the visitor's language, with "Clear all" (issue 24):
 * a drawn area and the map's bounds included, so nothing narrows the results unseen.
 */
export function FilterChips({
  params,
  onRemove,
  onClear,
  withBounds = true,
}: {
  params: URLSearchParams;
  onRemove: (chip: FilterChip) => void;
  onClear: () => void;
  /** False on the map, whose bounds are the map itself. */
  withBounds?: boolean;
}) {
  const { t } = useTranslation('search');
  const { chips } = useChipLabels(params, withBounds, true);
  if (chips.length === 0) return null;

  return (
    <div className="filter-chips" data-testid="filter-chips">
      <ul className="filter-chips-list" aria-label={t('activeFilters')}>
        {chips.map(({ chip, text }) => {
          return (
            <li key={chip.key}>
              <button type="button" className="filter-chip" data-chip={chip.key} onClick={() => onRemove(chip)} aria-label={t('removeFilter', { label: text })}>
                <bdi>{text}</bdi>
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-link btn-sm filter-chips-clear" onClick={onClear}>
        {t('clearAll')}
      </button>
    </div>
  );
}
