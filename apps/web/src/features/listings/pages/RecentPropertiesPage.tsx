import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { usePageTitle } from '../../../components/usePageTitle';
import { searchQuery } from '../../search/api/search';
import { recentQueryBody } from '../api';
import '../listings.css';

/** /recent-properties: the 12 newest real listings (DESIGN §6: real data instead of sample content). */
export default function RecentPropertiesPage() {
  const { t } = useTranslation('listings');
  usePageTitle(t('recentTitle'));
  const q = useQuery({ ...searchQuery(recentQueryBody), retry: 1 });
  return (
    <div className="container page-section">
      <div className="listings-head">
        <div>
          <h1 className="page-title mb-1">{t('recentTitle')}</h1>
          <p className="text-body-secondary mb-0">{t('recentLead')}</p>
        </div>
        <Link to="/property" className="btn btn-outline-brand btn-sm">{t('viewAllProperties')}</Link>
      </div>
      {q.isPending ? (
        <div className="listings-state" role="status">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : q.isError ? (
        <div className="alert alert-danger d-flex flex-wrap justify-content-between align-items-center gap-2" role="alert">
          <span>{t('errors:loadPropertiesFailed')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void q.refetch()}>{t('common:actions.tryAgain')}</button>
        </div>
      ) : q.data.items.length === 0 ? (
        <div className="listings-state"><i className="bi bi-house" aria-hidden="true" /><p className="mb-0">{t('emptyAll')}</p></div>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3">
          {q.data.items.map((l, i) => (
            <div className="col" key={l.id}><ListingCard listing={l} eager={i < 4} /></div>
          ))}
        </div>
      )}
    </div>
  );
}
