import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import '../info.css';

/** /error: a plain "something went wrong" page with a way home, a reload and a way to tell us. */
export default function ErrorPage() {
  const { t } = useTranslation(['pages', 'common', 'info']);
  const title = t('pages:titles.error');
  usePageTitle(title);
  return (
    <section className="container page-section status-page">
      <i className="bi bi-exclamation-octagon status-icon" aria-hidden="true" />
      <h1 className="page-title">{title}</h1>
      <p className="text-body-secondary">{t('pages:errorPage.text')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to="/" className="btn btn-brand">
          {t('common:actions.goHome')}
        </Link>
        <button type="button" className="btn btn-outline-brand" onClick={() => window.location.reload()}>
          <i className="bi bi-arrow-clockwise" aria-hidden="true" /> {t('info:error.reload')}
        </button>
      </div>
      <p className="small text-body-secondary mt-4 mb-0">
        {t('info:error.help')} <Link to="/contact">{t('info:contactUs')}</Link>
      </p>
    </section>
  );
}
