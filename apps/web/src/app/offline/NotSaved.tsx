import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { savedAtText } from './snapshot';

/**
 * Offline, a page this device never kept (issue 30): said plainly, instead of a spinner that never ends or an
 * error that invites trying again. Its texts are in the common namespace, loaded at start and kept by the service
 * worker with the page's other files (and in both languages with favourites).
 */
export function NotSaved() {
  const { t } = useTranslation('common');
  // Back online, the page can be fetched: it loads by itself (the power or the network came back while the
  // visitor waited); the offline notice's "Try again" is there if the browser does not say so.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <section className="container page-section status-page" data-testid="offline-not-saved">
      <i className="bi bi-cloud-slash status-icon" aria-hidden="true" />
      <h1 className="page-title">{t('offline.notSavedTitle')}</h1>
      <p className="text-body-secondary">{t('offline.notSavedText')}</p>
      <Link to="/favorites" className="btn btn-outline-brand">
        <i className="bi bi-heart me-1" aria-hidden="true" />
        {t('offline.seeFavorites')}
      </Link>
    </section>
  );
}

/** "Saved on this device on …", above a list shown from the device. */
export function SavedOnDevice({ savedAt }: { savedAt: number }) {
  const { t, i18n } = useTranslation('common');
  return (
    <p className="alert alert-secondary d-flex align-items-center gap-2" role="status" data-testid="offline-saved-at">
      <i className="bi bi-phone" aria-hidden="true" />
      <span>{t('offline.savedAt', { date: savedAtText(savedAt, i18n.resolvedLanguage ?? i18n.language ?? 'ar') })}</span>
    </p>
  );
}
