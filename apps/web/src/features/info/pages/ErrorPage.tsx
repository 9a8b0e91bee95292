import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';

/** /error: a plain "something went wrong" page with a way home. */
export default function ErrorPage() {
  const { t } = useTranslation(['pages', 'common']);
  const title = t('pages:titles.error');
  usePageTitle(title);
  return (
    <section className="container page-section status-page">
      <i className="bi bi-exclamation-octagon status-icon" aria-hidden="true" />
      <h1 className="page-title">{title}</h1>
      <p className="text-body-secondary">{t('pages:errorPage.text')}</p>
      <Link to="/" className="btn btn-brand">
        {t('common:actions.goHome')}
      </Link>
    </section>
  );
}
