import { useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { usePageTitle } from '../../../components/usePageTitle';
import { propertyTabQuery } from '../api';
import { TABS, type Tab } from '../lib/tabs';
import '../listings.css';

/**
 * /property (also /availavbe-property): newest listings, 12 at a time with Load more, five tabs that each ask
 * the server for their order or deal (so they hold over all listings, and Load more continues them) (spec §2).
 * The owner's success banner after saving shows on /my-properties instead, where the pending listing is (issue 25).
 */
export default function PropertyListPage() {
  const { t } = useTranslation('listings');
  usePageTitle(t('pageTitle'));
  const [tab, setTab] = useState<Tab>('all');
  // The previous tab's cards stay on screen while the next tab's first page loads.
  const q = useInfiniteQuery({ ...propertyTabQuery(tab), retry: 1, placeholderData: keepPreviousData });
  const loaded = useMemo(() => {
    const seen = new Set<number>();
    return (q.data?.pages ?? []).flatMap((p) => p.items).filter((l) => (seen.has(l.id) ? false : (seen.add(l.id), true)));
  }, [q.data]);
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <div className="container page-section">
      <div className="listings-head">
        <div>
          <h1 className="page-title mb-1">{t('pageTitle')}</h1>
          <p className="text-body-secondary mb-0">{t('pageLead')}</p>
        </div>
      </div>
      <div className="listing-tabs" role="tablist" aria-label={t('tabsLabel')}>
        {TABS.map((x) => (
          <button key={x} type="button" role="tab" aria-selected={tab === x} aria-controls="listing-panel" className={`btn btn-sm ${tab === x ? 'btn-brand' : 'btn-outline-secondary'}`} onClick={() => setTab(x)}>
            {t(`tabs.${x}`)}
          </button>
        ))}
      </div>
      <div id="listing-panel" role="tabpanel" aria-busy={q.isPlaceholderData}>
        {q.isPending ? (
          <div className="listings-state" role="status">
            <span className="spinner-border text-brand" aria-hidden="true" />
            <span>{t('loading')}</span>
          </div>
        ) : q.isError && loaded.length === 0 ? (
          <div className="alert alert-danger d-flex flex-wrap justify-content-between align-items-center gap-2" role="alert">
            <span><i className="bi bi-exclamation-triangle" aria-hidden="true" /> {t('errors:loadPropertiesFailed')}</span>
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void q.refetch()}>{t('common:actions.tryAgain')}</button>
          </div>
        ) : loaded.length === 0 ? (
          <div className="listings-state">
            <i className="bi bi-house" aria-hidden="true" />
            <p className="mb-0">{tab === 'all' ? t('emptyAll') : t('emptyTab')}</p>
          </div>
        ) : (
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3">
            {loaded.map((l, i) => (
              <div className="col" key={l.id}>
                <ListingCard listing={l} eager={i < 4} />
              </div>
            ))}
          </div>
        )}
        {q.hasNextPage && !q.isPlaceholderData && (
          <div className="text-center mt-4">
            <button type="button" className="btn btn-outline-brand" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
              {q.isFetchingNextPage && <span className="spinner-border spinner-border-sm" aria-hidden="true" />} {t('loadMore')}
            </button>
            <p className="small text-body-secondary mt-2 mb-0">{t('shownOf', { shown: loaded.length, total })}</p>
          </div>
        )}
        {q.isFetchNextPageError && (
          <div className="alert alert-danger mt-3" role="alert">{t('errors:loadPropertiesFailed')}</div>
        )}
      </div>
    </div>
  );
}
