import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isOffline } from '../offline/keep';
import { NotSaved } from '../offline/NotSaved';
import { isChunkFailure } from './chunk-failure';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), data].filter(Boolean).join(' — ');
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * The route errorElement (spec §2): titled "Unexpected Application Error!" exactly, as React Router's
 * own page is, with the error message; the translation sits underneath for Arabic readers.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const arabic = (i18n.resolvedLanguage ?? i18n.language) === 'ar';
  if (import.meta.env.DEV) console.error(error);
  // Offline, a page this device never opened: its code is not here. Said plainly (issue 30).
  if (isOffline() && isChunkFailure(error)) return <NotSaved />;
  return (
    <section className="container page-section status-page route-error" role="alert">
      <i className="bi bi-bug status-icon" aria-hidden="true" />
      <h1 className="page-title" lang="en" dir="ltr">
        Unexpected Application Error!
      </h1>
      {arabic && <p className="lead">{t('routeError.translation')}</p>}
      <pre className="error-message" dir="auto">
        {describe(error)}
      </pre>
      <p className="text-body-secondary">{t('routeError.hint')}</p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <button type="button" className="btn btn-brand" onClick={() => window.location.reload()}>
          {t('actions.refresh')}
        </button>
        <a href="/" className="btn btn-outline-brand">
          {t('actions.goHome')}
        </a>
      </div>
    </section>
  );
}
