import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS, PROPERTY_TYPES, PROPERTY_TYPE_LABELS, formatPrice, type PropertyType } from '@manzil/shared';
import { fetchLocationSuggestions, type Suggestion } from '../api/search';
import { bestMatch, idsOf } from '../lib/locations';
import { LocationAutocomplete } from './LocationAutocomplete';
import { isolated, stepIn, type Place } from '../../../components/currency/convert';
import { useRates, useVisitorCurrency, useYerZone } from '../../../components/currency/store';
import './search.css';

type Tab = 'sale' | 'rent';

/** Spec §2 price options (USD): sale totals, rent per month. */
export const PRICE_OPTIONS: Record<Tab, number[]> = {
  sale: [100_000, 200_000, 500_000, 1_000_000],
  rent: [2000, 3000, 5000, 10_000],
};
const BEDROOM_OPTIONS = ['1', '2', '3', '4+'];

/**
 * Home hero search (spec §2): Buy and Rent tabs, location with autocomplete, property type, max price
 * and bedrooms; navigates to /search-list with listing_type=sale|rent and the place's ids.
 */
export function HeroSearch() {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('sale');
  const [text, setText] = useState('');
  const [place, setPlace] = useState<Suggestion | null>(null);
  const [propertyType, setPropertyType] = useState<PropertyType | ''>('');
  const [maxPrice, setMaxPrice] = useState('');
  const [bedrooms, setBedrooms] = useState('');
  const [busy, setBusy] = useState(false);
  // The steps stay in US dollars (the search's unit) and read in the visitor's currency (issue 29); rials with
  // the rate of the chosen place's zone, and in dollars while no place is chosen (the rial has no one rate).
  const visitor = useVisitorCurrency();
  const zoneId = useYerZone();
  const rates = useRates(visitor !== null && visitor !== 'USD');
  const where: Place = place ? { governorate_id: place.governorate_ids?.[0] ?? place.governorate_id, district_id: place.district_id } : {};
  const stepText = (usd: number) => {
    const shown = visitor ? stepIn(usd, visitor, rates, where, zoneId) : null;
    return isolated((shown == null ? formatPrice(usd, 'USD', lang) : formatPrice(shown, visitor!, lang)) ?? '');
  };

  const switchTab = (next: Tab) => {
    setTab(next);
    setMaxPrice(''); // the options differ per tab
  };

  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const params = new URLSearchParams({ listing_type: tab });
    let chosen = place;
    const typed = text.trim();
    if (!chosen && typed.length >= LIMITS.locationSearchMin) {
      setBusy(true);
      try {
        chosen = bestMatch(await fetchLocationSuggestions(typed, LIMITS.autocompleteResults));
      } catch {
        chosen = null;
      } finally {
        setBusy(false);
      }
    }
    if (chosen) for (const [k, v] of Object.entries(idsOf(chosen))) params.set(k, v);
    else if (typed) params.set('location', typed);
    if (propertyType) params.set('property_type', propertyType);
    if (bedrooms) params.set('bedrooms', bedrooms);
    if (maxPrice) params.set('price_max', maxPrice);
    navigate(`/search-list?${params.toString()}`);
  };

  const tabs: { key: Tab; label: string }[] = [
    { key: 'sale', label: t('tabs.buy') },
    { key: 'rent', label: t('tabs.rent') },
  ];
  return (
    <div className="hero-search">
      <div className="hero-search-tabs" role="tablist" aria-label={t('tabs.label')}>
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            id={`hero-tab-${x.key}`}
            aria-selected={tab === x.key}
            aria-controls="hero-search-panel"
            tabIndex={tab === x.key ? 0 : -1}
            className={`hero-search-tab ${tab === x.key ? 'active' : ''}`}
            onClick={() => switchTab(x.key)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                const next = x.key === 'sale' ? 'rent' : 'sale';
                switchTab(next);
                document.getElementById(`hero-tab-${next}`)?.focus();
              }
            }}
          >
            {x.label}
          </button>
        ))}
      </div>
      <form id="hero-search-panel" role="tabpanel" aria-labelledby={`hero-tab-${tab}`} className="hero-search-panel" onSubmit={submit}>
        <div className="hero-search-grid">
          <div className="hero-search-location">
            <LocationAutocomplete
              value={text}
              onChange={setText}
              onSelect={setPlace}
              onAdvanced={(q) => navigate(`/search-list?listing_type=${tab}${q ? `&location=${encodeURIComponent(q)}` : ''}`)}
              onDraw={() => navigate(`/search-map?listing_type=${tab}&draw=1`)}
              label={t('location')}
              placeholder={t('locationPlaceholder')}
            />
          </div>
          <div>
            <label className="form-label" htmlFor="hero-type">
              {t('propertyType')}
            </label>
            <select id="hero-type" className="form-select" value={propertyType} onChange={(e) => setPropertyType(e.target.value as PropertyType | '')}>
              <option value="">{t('anyType')}</option>
              {PROPERTY_TYPES.map((p) => (
                <option key={p} value={p}>
                  {PROPERTY_TYPE_LABELS[p][lang]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="form-label" htmlFor="hero-price">
              {tab === 'rent' ? t('maxRent') : t('maxPrice')}
            </label>
            <select id="hero-price" className="form-select" value={maxPrice} onChange={(e) => setMaxPrice(e.target.value)}>
              <option value="">{t('anyPrice')}</option>
              {PRICE_OPTIONS[tab].map((p) => (
                <option key={p} value={p}>
                  {t(tab === 'rent' ? 'upToPerMonth' : 'upTo', { price: stepText(p) })}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="form-label" htmlFor="hero-beds">
              {t('bedrooms')}
            </label>
            <select id="hero-beds" className="form-select" value={bedrooms} onChange={(e) => setBedrooms(e.target.value)}>
              <option value="">{t('any')}</option>
              {BEDROOM_OPTIONS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
          <div className="hero-search-submit">
            <button type="submit" className="btn btn-brand w-100" disabled={busy}>
              {busy ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <i className="bi bi-search" aria-hidden="true" />}{' '}
              {t('searchButton')}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
