import { useTranslation } from 'react-i18next';

/** A part of a page that failed to load: what failed, and Try again (disabled while the retry runs). */
export function RetryAlert({ message, onRetry, busy = false, testId }: { message: string; onRetry: () => void; busy?: boolean; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="alert alert-danger d-flex flex-wrap justify-content-between align-items-center gap-2" role="alert" data-testid={testId}>
      <span>
        <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
        {message}
      </span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry} disabled={busy}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('actions.tryAgain')}
      </button>
    </div>
  );
}
