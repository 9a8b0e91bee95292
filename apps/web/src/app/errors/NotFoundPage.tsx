import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

/** The catch-all route: 404 with a Go Back link to the home page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="container page-section status-page">
      <p className="status-code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p className="text-body-secondary">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-brand">
        <i className="bi bi-arrow-return-left flip-rtl" aria-hidden="true" /> {t('notFound.goBack')}
      </Link>
    </section>
  );
}
