import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { cityStatsQuery } from '../../search/api/search';
import '../listings.css';

/** /properties-by-city: real counts of listings per governorate, for sale and for rent (DESIGN §6). */
export default function PropertiesByCityPage() {
  const { t, i18n } = useTranslation('listings');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  usePageTitle(t('byCityTitle'));
  const q = useQuery({ ...cityStatsQuery, retry: 1 });
  return (
    <div className="container page-section">
      <h1 className="page-title mb-1">{t('byCityTitle')}</h1>
      <p className="text-body-secondary">{t('byCityLead')}</p>
      {q.isPending ? (
        <div className="listings-state" role="status"><span className="spinner-border text-brand" aria-hidden="true" /><span>{t('loading')}</span></div>
      ) : q.isError ? (
        <div className="alert alert-danger d-flex flex-wrap justify-content-between align-items-center gap-2" role="alert">
          <span>{t('errors:loadPropertiesFailed')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void q.refetch()}>{t('common:actions.tryAgain')}</button>
        </div>
      ) : q.data.length === 0 ? (
        <div className="listings-state"><i className="bi bi-geo" aria-hidden="true" /><p className="mb-0">{t('emptyAll')}</p></div>
      ) : (
        <ul className="city-cards">
          {q.data.map((c) => {
            const name = lang === 'ar' ? c.name_ar : c.name_en;
            return (
              <li key={c.governorate_id} className="city-card">
                <h2 className="h5 mb-1">
                  <Link to={`/search-list?governorate_id=${c.governorate_id}`}>{name}</Link>
                </h2>
                <p className="text-body-secondary small mb-3">{t('cityTotal', { count: c.total })}</p>
                <div className="d-flex gap-2 flex-wrap">
                  {/* What the button shows, then where (hidden): an aria-label would drop the visible words (axe label-content-name-mismatch). */}
                  <Link className="btn btn-sm btn-outline-brand" to={`/search-list?governorate_id=${c.governorate_id}&listing_type=FOR_SALE`}>
                    {t('forSale')} <span className="badge text-bg-light">{c.for_sale}</span>
                    <span className="visually-hidden"> {t('cityLinkPlace', { city: name })}</span>
                  </Link>
                  <Link className="btn btn-sm btn-outline-brand" to={`/search-list?governorate_id=${c.governorate_id}&listing_type=FOR_RENT`}>
                    {t('forRent')} <span className="badge text-bg-light">{c.for_rent}</span>
                    <span className="visually-hidden"> {t('cityLinkPlace', { city: name })}</span>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
