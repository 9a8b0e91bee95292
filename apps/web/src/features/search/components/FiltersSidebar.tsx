import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROPERTY_TYPES, PROPERTY_TYPE_LABELS, TIMINGS, floorLabel, parseLocalizedNumber, type ListingType, type PropertyType } from '@manzil/shared';
import { useGovernorates } from '../../../api/queries';
import { AMENITY_ICONS, amenityLabel } from '../../../components/amenities/amenities';
import { placesQuery } from '../api/search';
import { AMENITY_FILTER_FLAGS } from '../lib/amenities';
import type { SearchFilters } from '../lib/filters';
import { visitorUnitsPerUsd, type Place } from '../../../components/currency/convert';
import { YerZoneChoice } from '../../../components/currency/YerZoneChoice';
import { useRates, useVisitorCurrency, useYerZone } from '../../../components/currency/store';

export interface FiltersSidebarProps {
  filters: SearchFilters;
  /** Write filters to the URL (the results reload from there). */
  onCommit: (f: SearchFilters) => void;
  /** Clear: every filter goes, a drawn area and map bounds too (default: commit no filters). */
  onClear?: () => void;
  /** Called after Apply/Clear (the phone's filters panel closes). */
  onDone?: () => void;
}

/** The same filters, whatever order their keys were written in (the URL's parse has its own). */
const canonical = (f: SearchFilters) => JSON.stringify(Object.keys(f).sort().map((k) => [k, f[k as keyof SearchFilters]]));
const same = (a: SearchFilters, b: SearchFilters) => canonical(a) === canonical(b);
const BEDROOMS = ['1', '2', '3', '4', '5+'];
const BATHROOMS = ['1', '2', '3', '4+'];

/** Price input text → number or undefined (Arabic-Indic digits and separators accepted). */
const toAmount = (s: string) => {
  const n = parseLocalizedNumber(s);
  return s.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
};

/**
 * Highest floors offered ("Ground floor", "Up to floor 2" …): with power cuts, lifts often stand still, so a low
 * floor is what people ask for. A value from a shared link that is not among them is offered too.
 */
const FLOOR_CHOICES = [0, 1, 2, 3, 5] as const;
const floorChoices = (current: number | undefined) =>
  current === undefined || (FLOOR_CHOICES as readonly number[]).includes(current) ? [...FLOOR_CHOICES] : [...FLOOR_CHOICES, current].sort((a, b) => a - b);

/**
 * The search sidebar (spec §2): listing type toggles (clicking the active one clears it), the location
 * cascade, free-text location, property type, price range, bedrooms 1–5+, bathrooms 1–4+, Apply and
 * Clear. Edits reach the URL 500 ms after the last change; Apply sends them at once.
 */
export function FiltersSidebar({ filters, onCommit, onClear, onDone }: FiltersSidebarProps) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const [draft, setDraft] = useState<SearchFilters>(filters);
  // Prices are typed in the visitor's currency and kept in US dollars, the search's unit (spec §2, issue 29):
  // rials at the rate of the chosen place's zone, and in dollars while no place is chosen (the rial has no one
  // rate). The server's render and hydration show dollars; the device's currency follows.
  // Rials the visitor chose to count in (YerZoneChoice) need no place: the comparison is across Yemen.
  const visitor = useVisitorCurrency();
  const zoneId = useYerZone();
  const rates = useRates(visitor !== null && visitor !== 'USD');
  const where: Place = { governorate_id: Array.isArray(draft.governorate_id) ? draft.governorate_id[0] : draft.governorate_id, district_id: draft.district_id };
  const rate = visitor === null ? 1 : visitor === 'USD' ? 1 : rates ? visitorUnitsPerUsd(visitor, rates, where, zoneId) : null;
  const unit = rate != null && visitor ? visitor : 'USD';
  const factor = rate ?? 1;
  // Whole units of the shown currency: a shared link's or another currency's dollars with decimals read rounded.
  const shown = (usd: number | undefined) => (usd === undefined ? '' : String(Math.round(usd * factor)));
  // Six decimals of a dollar bring any typed whole amount back unchanged (rates stay far below 10^5 per dollar).
  // A box still showing a bound rounded keeps that bound as asked (`was`), not the rounded figure.
  const usdOf = (typed: string, was?: number) => {
    if (was !== undefined && typed === shown(was)) return was;
    const n = toAmount(typed);
    return n === undefined || factor === 1 ? n : Math.round((n / factor) * 1e6) / 1e6;
  };
  const [priceMin, setPriceMin] = useState(shown(filters.price_min));
  const [priceMax, setPriceMax] = useState(shown(filters.price_max));
  const edited = useRef(false);
  // What this sidebar last wrote to the URL: when the URL comes back with it, what was typed since stays (a
  // maximum typed while the minimum's debounced search was on its way is not wiped).
  const committed = useRef<SearchFilters | null>(null);
  const commit = (f: SearchFilters) => {
    committed.current = f;
    onCommit(f);
  };

  // The URL changed elsewhere (back button, pagination, Clear): follow it.
  const urlKey = JSON.stringify(filters);
  useEffect(() => {
    const ours = committed.current !== null && same(filters, committed.current);
    committed.current = null;
    if (ours) return;
    edited.current = false;
    setDraft(filters);
    setPriceMin(shown(filters.price_min));
    setPriceMax(shown(filters.price_max));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);
  // Another currency or zone: the same dollars, written in it.
  useEffect(() => {
    setPriceMin(shown(draft.price_min));
    setPriceMax(shown(draft.price_max));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [factor]);

  // A minimum above the maximum is said at once, under the prices; the search waits for Apply, which swaps them.
  const priceReversed = draft.price_min !== undefined && draft.price_max !== undefined && draft.price_min > draft.price_max;

  useEffect(() => {
    if (!edited.current || same(draft, filters) || priceReversed) return;
    const timer = setTimeout(() => commit(draft), TIMINGS.filterDebounceMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const update = (patch: Partial<SearchFilters>) => {
    edited.current = true;
    setDraft((d) => {
      const next = { ...d, ...patch };
      for (const k of Object.keys(next) as (keyof SearchFilters)[]) if (next[k] === undefined || next[k] === '') delete next[k];
      return next;
    });
  };

  const governorates = useGovernorates();
  const govSingle = Array.isArray(draft.governorate_id) ? undefined : draft.governorate_id;
  const districts = useQuery(placesQuery('districts', govSingle));
  const uzaal = useQuery(placesQuery('uzaal', draft.district_id));
  const villages = useQuery(placesQuery('villages', draft.uzlah_id));
  const name = (p: { name_en: string; name_ar: string }) => (lang === 'ar' ? p.name_ar : p.name_en);
  const govValue = Array.isArray(draft.governorate_id) ? draft.governorate_id.join(',') : (draft.governorate_id?.toString() ?? '');
  const multiLabel = Array.isArray(draft.governorate_id)
    ? draft.governorate_id.map((id) => governorates.data?.find((g) => g.id === id)).filter(Boolean).map((g) => name(g!)).join(' + ') || govValue
    : '';

  const toggleType = (lt: ListingType) => update({ listing_type: draft.listing_type === lt ? undefined : lt });
  const roomsGroup = (key: 'bedrooms' | 'bathrooms', values: string[]) => (
    <div className="btn-group filter-rooms" role="group" aria-labelledby={`filter-${key}-label`}>
      {values.map((v) => {
        const on = draft[key] === v || (v.endsWith('+') && draft[key] === v.slice(0, -1));
        return (
          <button key={v} type="button" className={`btn btn-sm ${on ? 'btn-brand' : 'btn-outline-secondary'}`} aria-pressed={on} onClick={() => update({ [key]: on ? undefined : v })}>
            <span dir="ltr">{v}</span>
          </button>
        );
      })}
    </div>
  );

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const next = { ...draft, price_min: usdOf(priceMin, draft.price_min), price_max: usdOf(priceMax, draft.price_max) };
    if (next.price_min !== undefined && next.price_max !== undefined && next.price_min > next.price_max) {
      [next.price_min, next.price_max] = [next.price_max, next.price_min];
      setPriceMin(shown(next.price_min));
      setPriceMax(shown(next.price_max));
    }
    for (const k of Object.keys(next) as (keyof SearchFilters)[]) if (next[k] === undefined) delete next[k];
    edited.current = false;
    setDraft(next); // the swapped range is no longer "reversed", before the URL comes back with it
    commit(next);
    onDone?.();
  };
  const clear = () => {
    edited.current = false;
    setDraft({});
    setPriceMin('');
    setPriceMax('');
    if (onClear) onClear();
    else commit({});
    onDone?.();
  };

  return (
    <form className="filters-sidebar" onSubmit={apply} aria-label={t('filters')}>
      <fieldset className="filter-block">
        <legend className="filter-label">{t('listingType')}</legend>
        <div className="d-flex gap-2">
          {(['FOR_SALE', 'FOR_RENT'] as const).map((lt) => (
            <button key={lt} type="button" className={`btn btn-sm flex-fill ${draft.listing_type === lt ? 'btn-brand' : 'btn-outline-brand'}`} aria-pressed={draft.listing_type === lt} onClick={() => toggleType(lt)}>
              {t(lt === 'FOR_SALE' ? 'forSale' : 'forRent')}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="filter-block">
        <legend className="filter-label">{t('locationSelector')}</legend>
        <label className="visually-hidden" htmlFor="f-gov">{t('governorate')}</label>
        <select
          id="f-gov"
          className="form-select form-select-sm mb-2"
          value={govValue}
          onChange={(e) => {
            const v = e.target.value;
            update({ governorate_id: v ? (v.includes(',') ? v.split(',').map(Number) : Number(v)) : undefined, district_id: undefined, uzlah_id: undefined, village_id: undefined });
          }}
        >
          <option value="">{t('anyGovernorate')}</option>
          {multiLabel && <option value={govValue}>{multiLabel}</option>}
          {governorates.data?.map((g) => (
            <option key={g.id} value={g.id}>{name(g)}</option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor="f-dis">{t('district')}</label>
        <select id="f-dis" className="form-select form-select-sm mb-2" value={draft.district_id ?? ''} disabled={!govSingle}
          onChange={(e) => update({ district_id: e.target.value ? Number(e.target.value) : undefined, uzlah_id: undefined, village_id: undefined })}>
          <option value="">{t('anyDistrict')}</option>
          {districts.data?.map((d) => <option key={d.id} value={d.id}>{name(d)}</option>)}
        </select>
        <label className="visually-hidden" htmlFor="f-uz">{t('uzlah')}</label>
        <select id="f-uz" className="form-select form-select-sm mb-2" value={draft.uzlah_id ?? ''} disabled={!draft.district_id}
          onChange={(e) => update({ uzlah_id: e.target.value ? Number(e.target.value) : undefined, village_id: undefined })}>
          <option value="">{t('anyUzlah')}</option>
          {uzaal.data?.map((d) => <option key={d.id} value={d.id}>{name(d)}</option>)}
        </select>
        <label className="visually-hidden" htmlFor="f-vil">{t('village')}</label>
        <select id="f-vil" className="form-select form-select-sm" value={draft.village_id ?? ''} disabled={!draft.uzlah_id}
          onChange={(e) => update({ village_id: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{t('anyVillage')}</option>
          {villages.data?.map((d) => <option key={d.id} value={d.id}>{name(d)}</option>)}
        </select>
      </fieldset>

      <div className="filter-block">
        <label className="filter-label" htmlFor="f-text">{t('locationText')}</label>
        <input id="f-text" type="search" className="form-control form-control-sm" value={draft.location ?? ''} placeholder={t('locationTextPlaceholder')} maxLength={200}
          onChange={(e) => update({ location: e.target.value || undefined })} />
      </div>

      <div className="filter-block">
        <label className="filter-label" htmlFor="f-type">{t('propertyType')}</label>
        <select id="f-type" className="form-select form-select-sm" value={draft.property_type ?? ''} onChange={(e) => update({ property_type: (e.target.value || undefined) as PropertyType | undefined })}>
          <option value="">{t('anyType')}</option>
          {PROPERTY_TYPES.map((p) => <option key={p} value={p}>{PROPERTY_TYPE_LABELS[p][lang]}</option>)}
        </select>
      </div>

      <fieldset className="filter-block">
        <legend className="filter-label" data-testid="price-unit">{t(unit === 'USD' ? 'priceUsd' : `price${unit}`)}</legend>
        <div className="d-flex gap-2">
          <div className="flex-fill">
            <label className="visually-hidden" htmlFor="f-pmin">{t('minPrice')}</label>
            <input id="f-pmin" className={`form-control form-control-sm ${priceReversed ? 'is-invalid' : ''}`} inputMode="numeric" placeholder={t('minPrice')} value={priceMin}
              aria-invalid={priceReversed || undefined} aria-describedby={priceReversed ? 'f-price-order' : undefined}
              onChange={(e) => { setPriceMin(e.target.value); update({ price_min: usdOf(e.target.value) }); }} />
          </div>
          <div className="flex-fill">
            <label className="visually-hidden" htmlFor="f-pmax">{t('maxPrice')}</label>
            <input id="f-pmax" className={`form-control form-control-sm ${priceReversed ? 'is-invalid' : ''}`} inputMode="numeric" placeholder={t('maxShort')} value={priceMax}
              aria-invalid={priceReversed || undefined} aria-describedby={priceReversed ? 'f-price-order' : undefined}
              onChange={(e) => { setPriceMax(e.target.value); update({ price_max: usdOf(e.target.value) }); }} />
          </div>
        </div>
        <p id="f-price-order" className="small text-danger mt-1 mb-0" role="status" aria-live="polite">{priceReversed ? t('priceOrder') : ''}</p>
        {visitor === 'YER' && rates && rate == null && <p className="small text-body-secondary mt-1 mb-0">{t('rialNeedsPlace')}</p>}
        <YerZoneChoice id="f-yer-zone" className="mt-2" />
      </fieldset>

      <div className="filter-block">
        <div className="filter-label" id="filter-bedrooms-label">{t('bedrooms')}</div>
        {roomsGroup('bedrooms', BEDROOMS)}
      </div>
      <div className="filter-block">
        <div className="filter-label" id="filter-bathrooms-label">{t('bathrooms')}</div>
        {roomsGroup('bathrooms', BATHROOMS)}
      </div>

      <fieldset className="filter-block">
        <legend className="filter-label">{t('amenities')}</legend>
        <div className="filter-amenities">
          {AMENITY_FILTER_FLAGS.map((f) => (
            <div className="form-check" key={f}>
              <input className="form-check-input" type="checkbox" id={`f-amenity-${f}`} checked={draft[f] === true}
                onChange={(e) => update({ [f]: e.target.checked ? true : undefined })} />
              <label className="form-check-label" htmlFor={`f-amenity-${f}`}>
                <i className={`bi ${AMENITY_ICONS[f]} me-1 text-brand`} aria-hidden="true" />
                {amenityLabel(f, lang)}
              </label>
            </div>
          ))}
        </div>
        <label className="filter-label mt-2" htmlFor="f-floor">{t('floor')}</label>
        <select id="f-floor" className="form-select form-select-sm" value={draft.max_floor ?? ''}
          onChange={(e) => update({ max_floor: e.target.value === '' ? undefined : Number(e.target.value) })}>
          <option value="">{t('anyFloor')}</option>
          {floorChoices(draft.max_floor).map((n) => (
            <option key={n} value={n}>{n === 0 ? floorLabel(0, lang) : t('floorUpTo', { floor: floorLabel(n, lang) })}</option>
          ))}
        </select>
      </fieldset>

      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-brand flex-fill">{t('apply')}</button>
        <button type="button" className="btn btn-outline-secondary flex-fill" onClick={clear}>{t('clear')}</button>
      </div>
    </form>
  );
}
