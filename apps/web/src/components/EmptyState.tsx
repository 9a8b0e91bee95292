import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The empty state of a list the visitor fills themselves (favourites, saved searches): an icon, what the list is
 * for, and a way to the search where it starts. Texts are `empty.title`, `empty.hint` and `empty.search` of `ns`.
 */
export function EmptyState({ ns, icon, testId }: { ns: string; icon: string; testId: string }) {
  const { t } = useTranslation(ns);
  return (
    <div className="text-center py-5" data-testid={testId}>
      <i className={`bi ${icon} d-block fs-1 text-body-secondary`} aria-hidden="true" />
      <p className="lead mt-3 mb-1">{t('empty.title')}</p>
      <p className="text-body-secondary">{t('empty.hint')}</p>
      <Link className="btn btn-brand" to="/search-list">
        {t('empty.search')}
      </Link>
    </div>
  );
}
