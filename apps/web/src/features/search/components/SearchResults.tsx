import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PAGE_SIZES, SORTS, groupDigits, type ListingRead, type SearchSort } from '@manzil/shared';
import { Deferred } from '../../../components/Deferred';
import { useWideLayout } from '../../../components/useMediaQuery';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { usePageTitle } from '../../../components/usePageTitle';
import { SaveSearchButton } from '../../saved-searches/components/SaveSearchButton';
import { useSearch, type SearchAnswer } from '../api/search';
import {
  countActive, filtersToParams, pageFromParams, parseFilters, searchPageBody, sortFromParams, viewSwitchQuery, withSort, withoutChip, withoutFilters,
  type SearchFilters,
} from '../lib/filters';
import { FilterChips } from './FilterChips';
import { FiltersPanel } from './FiltersPanel';
import { FiltersSidebar } from './FiltersSidebar';
import { Pager } from './Pager';
import './search.css';

/** /search-list (10 per page) and /search-grid (12 per page), filters in the URL (spec §2). */
export function SearchResults({ view }: { view: 'list' | 'grid' }) {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => parseFilters(params), [params]);
  const page = pageFromParams(params);
  const size = view === 'list' ? PAGE_SIZES.list : PAGE_SIZES.grid;
  const body = useMemo(() => searchPageBody(params, view), [params, view]);
  const query = useSearch(body);
  const [showFilters, setShowFilters] = useState(false);
  // On a phone the filters are a panel behind a button: built when first opened, then kept (with what was typed),
  // also once shown on a wide screen. Built hidden, they were the largest part of the page's start.
  const wide = useWideLayout();
  const [filtersOpened, setFiltersOpened] = useState(false);
  if (wide && !filtersOpened) setFiltersOpened(true);
  const hideFilters = useCallback(() => setShowFilters(false), []);
  const openFilters = () => {
    setFiltersOpened(true);
    setShowFilters(true);
  };
  const top = useRef<HTMLDivElement>(null);
  usePageTitle(t(view === 'list' ? 'titleList' : 'titleGrid'));

  const commit = (f: SearchFilters) => setParams(filtersToParams(f, params));
  // Clear removes every filter, a drawn area and map bounds included; the order of results stays.
  const clearAll = () => setParams(withoutFilters(params));
  const goTo = (p: number) => {
    setParams(filtersToParams(filters, params, p));
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const qs = viewSwitchQuery(location.search);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / size)) : 1;
  const active = countActive(params);

  return (
    <div className="container page-section search-page" ref={top}>
      <SearchHead view={view} data={query.isError ? undefined : data} active={active} qs={qs} showFilters={showFilters} onShowFilters={openFilters} />
      <FilterChips params={params} onRemove={(chip) => setParams(withoutChip(params, chip))} onClear={clearAll} />

      <div className="row g-4">
        <div className="col-lg-3">
          {/* After the results: hidden behind a button on phones, and built in the browser (a form of the device's). */}
          <Deferred>
            <FiltersPanel wide={wide} show={showFilters} onHide={hideFilters} title={t('filters')} closeLabel={t('closeFilters')}>
              {filtersOpened && <FiltersSidebar filters={filters} onCommit={commit} onClear={clearAll} onDone={hideFilters} />}
            </FiltersPanel>
          </Deferred>
        </div>
        <div className="col-lg-9">
          {query.isPending ? (
            <div className="search-state" role="status">
              <span className="spinner-border text-brand" aria-hidden="true" />
              <span>{t('loading')}</span>
            </div>
          ) : query.isError ? (
            <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
              <span>
                <i className="bi bi-exclamation-triangle" aria-hidden="true" /> {t('errors:searchFailed')}
              </span>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
                {t('common:actions.tryAgain')}
              </button>
            </div>
          ) : data && data.items.length === 0 ? (
            <div className="search-state search-empty">
              <i className="bi bi-house-slash" aria-hidden="true" />
              <h2 className="h5">{t('emptyTitle')}</h2>
              <p className="text-body-secondary">{t('emptyText')}</p>
              {active > 0 && (
                <button type="button" className="btn btn-outline-brand" onClick={clearAll}>
                  {t('clearFilters')}
                </button>
              )}
            </div>
          ) : (
            <>
              <ResultItems view={view} items={data!.items} refreshing={query.isFetching} />
              {pages > 1 && <Pager page={Math.min(page, pages)} pages={pages} onPage={goTo} />}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Title, number of results, the filters button and the view switch.
 */
export function SearchHead(props: {
  view: 'list' | 'grid';
  data: SearchAnswer | undefined;
  active: number;
  qs: string;
  showFilters: boolean;
  onShowFilters: () => void;
}) {
  const { view, data, active, qs, showFilters, onShowFilters: open } = props;
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  return (
    <div className="search-head">
      <div>
        <h1 className="page-title mb-1">{t(view === 'list' ? 'titleList' : 'titleGrid')}</h1>
        <p className="text-body-secondary mb-0" aria-live="polite">
          {data
            ? data.total_capped
              ? t('resultsCapped', { count: data.total, formatted: groupDigits(data.total) })
              : t('results', { count: data.total })
            : '\u00a0'}
        </p>
      </div>
      <div className="search-tools">
        <button type="button" className="btn btn-outline-brand d-lg-none" onClick={open} aria-controls="search-filters" aria-expanded={showFilters}>
          <i className="bi bi-funnel" aria-hidden="true" /> {t('filters')}
          {active > 0 && <span className="badge text-bg-secondary ms-1">{active}</span>}
        </button>
        {/* Saves the body this page searches with (issue 27). */}
        <SaveSearchButton body={() => searchPageBody(params, view)} className="btn-sm" />
        <SortSelect value={sortFromParams(params)} onChange={(s) => setParams(withSort(params, s))} />
        <nav className="btn-group view-switch" aria-label={t('viewSwitch')}>
          <Link to={`/search-list${qs}`} className={`btn btn-sm ${view === 'list' ? 'btn-brand' : 'btn-outline-secondary'}`} aria-current={view === 'list' ? 'page' : undefined}>
            <i className="bi bi-list-ul" aria-hidden="true" /> {t('views.list')}
          </Link>
          <Link to={`/search-grid${qs}`} className={`btn btn-sm ${view === 'grid' ? 'btn-brand' : 'btn-outline-secondary'}`} aria-current={view === 'grid' ? 'page' : undefined}>
            <i className="bi bi-grid-3x3-gap" aria-hidden="true" /> {t('views.grid')}
          </Link>
          <Link to={`/search-map${qs}`} className="btn btn-sm btn-outline-secondary">
            <i className="bi bi-map" aria-hidden="true" /> {t('views.map')}
          </Link>
        </nav>
      </div>
    </div>
  );
}

/**
 * The order of results, kept in the URL (`sort=`) and so server-rendered with the page. Its options follow the
 * API's SORTS, so an order added there (price per m²) needs only its label in search.json ("sorts.<name>").
 */
function SortSelect({ value, onChange }: { value: SearchSort; onChange: (s: SearchSort) => void }) {
  const { t } = useTranslation('search');
  return (
    <div className="search-sort">
      <label className="small text-body-secondary text-nowrap" htmlFor="search-sort">{t('sortLabel')}</label>
      <select id="search-sort" className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value as SearchSort)}>
        {SORTS.map((s) => (
          <option key={s} value={s}>{t(`sorts.${s}`)}</option>
        ))}
      </select>
    </div>
  );
}

/** One page of results as cards (server-rendered too, see SearchHead). */
export function ResultItems({ view, items, refreshing }: { view: 'list' | 'grid'; items: ListingRead[]; refreshing: boolean }) {
  return (
    <div className={`${view === 'grid' ? 'row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3' : 'd-flex flex-column gap-3'} ${refreshing ? 'is-refreshing' : ''}`} aria-busy={refreshing}>
      {items.map((l, i) =>
        view === 'grid' ? (
          <div className="col" key={l.id}>
            <ListingCard listing={l} eager={i < 3} />
          </div>
        ) : (
          <ListingCard key={l.id} listing={l} layout="list" eager={i < 2} />
        ),
      )}
    </div>
  );
}
