import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@manzil/shared';
import { translateApiError } from '../../../i18n/translate-api-error';
import type { FormStatus } from './useFormStatus';

/** The submit button of a contact form: "Sending..." with a spinner while the message goes out (spec §4). */
export function SendButton({ sending, label, className }: { sending: boolean; label: string; className: string }) {
  const { t } = useTranslation('contact');
  return (
    <button type="submit" className={`btn btn-brand ${className}`}>
      {sending ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('sending')}
        </>
      ) : (
        <>
          <i className="bi bi-send me-2" aria-hidden="true" />
          {label}
        </>
      )}
    </button>
  );
}

/** Where a contact form announces success ("Thank you for your message! …"), a message kept on the device, or what went wrong. */
export function SendStatus({ status }: { status: FormStatus }) {
  const { t } = useTranslation('contact');
  return (
    <div aria-live="polite" className="mt-3">
      {status.kind === 'success' && (
        <div className="alert alert-success mb-0" role="status">
          <i className="bi bi-check-circle me-2" aria-hidden="true" />
          {translateApiError(t, MESSAGES.sendSuccess)}
        </div>
      )}
      {status.kind === 'queued' && (
        <div className="alert alert-warning mb-0" role="status" data-testid="outbox-queued">
          <i className="bi bi-hourglass-split me-2" aria-hidden="true" />
          {t('outbox.queued')}
        </div>
      )}
      {status.kind === 'error' && (
        <div className="alert alert-danger mb-0" role="alert">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {translateApiError(t, status.message)}
        </div>
      )}
    </div>
  );
}
