import { useId, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { groupDigits, LISTING_TYPES, MARKET_MIN_LISTINGS, PROPERTY_TYPES, type ListingType, type MarketInsights, type PropertyType, type Lang } from '@manzil/shared';
import { useGovernorates } from '../../../api/queries';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage } from '../../../i18n/config';
import { marketInsightsQuery } from '../api';
import { MedianChart, type ChartRow } from '../components/MedianChart';
import { isolated } from '../../../components/currency/convert';
import { formatUsdPerSqm } from '../lib/format';
import { readSelection, selectionParams, type MarketSelection } from '../lib/selection';
import { RetryAlert } from '../../../components/RetryAlert';
import '../market.css';

/**
 * /market (issue 29): the median asking price per m² per district of one governorate, for one listing type and
 * property type, as a table (what assistive technology reads) and a bar chart. The choice lives in the address
 * (shareable; the form works without JavaScript as a GET form); the server renders the first view with its data.
 */
export default function MarketPage() {
  const { t, i18n } = useTranslation('market');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = readSelection(params);
  const governorates = useGovernorates();
  const q = useQuery(marketInsightsQuery(selection));
  usePageTitle(t('title'));
  const id = useId();

  const governorateName = (gid: number) => {
    const g = governorates.data?.find((x) => x.id === gid);
    return g ? (lang === 'ar' ? g.name_ar || g.name_en : g.name_en) : '';
  };
  const words = {
    what: t(`propertyTypesLower.${selection.propertyType}`),
    listingType: t(`listingTypes.${selection.listingType}`),
    place: governorateName(selection.governorateId),
    min: MARKET_MIN_LISTINGS,
  };
  const choose = (change: Partial<MarketSelection>) => {
    void navigate({ search: `?${selectionParams({ ...selection, ...change })}` }, { replace: true, preventScrollReset: true });
  };
  // Without JavaScript the form is sent as a GET to /market; with it, each choice applies at once.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    choose(readSelection(new URLSearchParams([...data.entries()].map(([k, v]) => [k, String(v)]))));
  };

  return (
    <div className="container page-section market-page">
      <h1 className="page-title mb-1">{t('title')}</h1>
      <p className="text-body-secondary market-lead">{t('lead', { min: MARKET_MIN_LISTINGS })}</p>

      <form className="market-filters" method="get" action="/market" onSubmit={submit} aria-label={t('filters.label')}>
        <div className="market-filter">
          <label className="form-label" htmlFor={`${id}-gov`}>
            {t('filters.governorate')}
          </label>
          <select id={`${id}-gov`} name="governorate_id" className="form-select" value={selection.governorateId}
            onChange={(e) => choose({ governorateId: Number(e.target.value) })}>
            {/* Before the list arrives (or if it fails) the chosen governorate is still an option. */}
            {(governorates.data ?? [{ id: selection.governorateId, name_en: '', name_ar: '' }]).map((g) => (
              <option key={g.id} value={g.id}>
                {governorateName(g.id) || String(g.id)}
              </option>
            ))}
          </select>
        </div>
        <div className="market-filter">
          <label className="form-label" htmlFor={`${id}-type`}>
            {t('filters.listingType')}
          </label>
          <select id={`${id}-type`} name="listing_type" className="form-select" value={selection.listingType}
            onChange={(e) => choose({ listingType: e.target.value as ListingType })}>
            {LISTING_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`listingTypeOptions.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="market-filter">
          <label className="form-label" htmlFor={`${id}-prop`}>
            {t('filters.propertyType')}
          </label>
          <select id={`${id}-prop`} name="property_type" className="form-select" value={selection.propertyType}
            onChange={(e) => choose({ propertyType: e.target.value as PropertyType })}>
            {PROPERTY_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`propertyTypes.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="btn btn-brand market-show">
            {t('filters.show')}
          </button>
        </noscript>
      </form>

      <section className="market-results" aria-labelledby={`${id}-heading`} aria-busy={q.isPending}>
        <h2 id={`${id}-heading`} className="h4 market-heading">
          {t('heading', { what: t(`propertyTypes.${selection.propertyType}`), listingType: words.listingType, place: words.place })}
        </h2>
        {q.isPending ? (
          <div className="market-state" role="status">
            <span className="spinner-border text-brand" aria-hidden="true" />
            <span>{t('loading')}</span>
          </div>
        ) : q.isError ? (
          <RetryAlert message={t('failed')} onRetry={() => void q.refetch()} busy={q.isFetching} testId="market-error" />
        ) : q.data.districts.length === 0 ? (
          <div className="market-state" data-testid="market-empty">
            <i className="bi bi-bar-chart" aria-hidden="true" />
            <p className="fw-semibold mb-0">{t('empty')}</p>
            <p className="mb-0 small">{t('emptyDetail', words)}</p>
          </div>
        ) : (
          <MarketFigures data={q.data} lang={lang} caption={t('table.caption', words)} />
        )}
        <ul className="market-notes small text-body-secondary">
          <li>{t('notes.asking')}</li>
          <li>{t('notes.currency')}</li>
          {selection.listingType === 'FOR_RENT' && <li>{t('notes.rent')}</li>}
        </ul>
      </section>
    </div>
  );
}

function MarketFigures({ data, lang, caption }: { data: MarketInsights; lang: Lang; caption: string }) {
  const { t } = useTranslation('market');
  const rent = data.price_period === 'month';
  const rows: ChartRow[] = data.districts.map((row) => ({
    row,
    name: lang === 'ar' ? row.name_ar : row.name_en,
    // The price in a left-to-right isolate, without its leading right-to-left mark (which inside the isolate
    // reorders it): in an Arabic line of the chart "1,150 US$" then reads whole.
    value: t(rent ? 'perSqmMonth' : 'perSqm', { price: isolated(formatUsdPerSqm(row.median_usd_per_sqm, lang)) }),
  }));
  const search = (row: ChartRow['row']) =>
    `/search-list?${new URLSearchParams({ governorate_id: String(row.governorate_id), district_id: String(row.district_id), listing_type: data.listing_type, property_type: row.property_type })}`;
  return (
    <div className="market-figures">
      <div className="market-chart-wrap">
        <MedianChart rows={rows} rtl={lang === 'ar'} />
      </div>
      <div className="table-responsive">
        <table className="table market-table" data-testid="market-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.district')}</th>
              <th scope="col" className="market-num">{t(rent ? 'table.medianRent' : 'table.median')}</th>
              <th scope="col" className="market-num">{t('table.listings')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.row.district_id}-${r.row.property_type}`}>
                <th scope="row">
                  <Link to={search(r.row)} title={t('searchDistrict', { district: r.name })}>
                    {r.name}
                  </Link>
                </th>
                <td className="market-num">
                  <span className="price-ltr">{formatUsdPerSqm(r.row.median_usd_per_sqm, lang)}</span>
                </td>
                <td className="market-num">{groupDigits(r.row.listings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
