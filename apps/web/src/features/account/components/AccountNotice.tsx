import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../i18n/translate-api-error';
import '../account.css';

export interface Notice {
  /** An English message of the catalogue (MESSAGES), translated through errors.json. */
  message: string;
  kind: 'success' | 'warning';
  /** Changes with every notice, so the same message shown twice restarts its timer. */
  id: number;
}

const SHOWN_MS = 10_000;

/**
 * The account's toast (signed out everywhere, session ended, password reset). The live region is always in
 * the page, so screen readers announce the text when it is put in; it hides itself after 10 s or on Close.
 * Its texts are in the bundled namespaces (errors, common): it shows even when a lazy file cannot load.
 */
export function AccountNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(onDismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice, onDismiss]);

  return (
    <div className="account-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div key={notice.id} className={`account-toast alert alert-${notice.kind} shadow`} data-testid="account-notice">
          <i className={`bi bi-${notice.kind === 'success' ? 'check-circle' : 'exclamation-circle'}`} aria-hidden="true" />
          <span className="account-toast-text">{translateApiError(t, notice.message)}</span>
          <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={onDismiss} />
        </div>
      )}
    </div>
  );
}
