import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage } from '../api';

/** An admin list's loading spinner, or its error with Try again; nothing once it has loaded. */
export function QueryStatus({ query, failed }: { query: { isError: boolean; isLoading: boolean; error: unknown; refetch: () => unknown }; failed: string }) {
  const { t } = useTranslation('admin');
  if (query.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
        <span>{translateApiError(t, adminErrorMessage(query.error, failed))}</span>
        <button type="button" className="btn btn-sm btn-light" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (query.isLoading) {
    return (
      <div className="text-center py-5" role="status">
        <div className="spinner-border text-primary" aria-hidden="true" />
        <p className="mt-2 mb-0">{t('loading')}</p>
      </div>
    );
  }
  return null;
}
