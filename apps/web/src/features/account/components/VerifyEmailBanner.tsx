import { Trans, useTranslation } from 'react-i18next';
import type { UserMe } from '@manzil/shared';
import { translateApiError } from '../../../i18n/translate-api-error';
import { useResendVerification } from '../useResendVerification';
import { Address } from './Address';
import '../account.css';

/**
 * "Verify your e-mail address: we sent a link to X" with Resend, kept at the bottom of the window on every
 * page (sticky, so at the end of the page it sits above the footer instead of covering it). A status
 * region: screen readers read it when it appears and when the outcome of Resend is put in.
 */
export default function VerifyEmailBanner({ user }: { user: UserMe }) {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  const resend = useResendVerification();
  if (!ready) return null;
  const pending = user.pending_email;
  const address = pending ?? user.email;

  return (
    <div className="account-verify-banner" role="status" data-testid="verify-banner">
      <div className="container account-verify-inner">
        <i className="bi bi-envelope-exclamation account-verify-icon" aria-hidden="true" />
        <p className="account-verify-text mb-0">
          <Trans
            t={t}
            i18nKey={pending ? 'banner.pending' : 'banner.verify'}
            values={{ email: address }}
            components={{ email: <Address value={address} /> }}
          />
          {resend.message && (
            <span className={`d-block small mt-1 ${resend.ok ? 'account-verify-ok' : 'account-verify-error'}`} data-testid="verify-banner-message">
              {translateApiError(t, resend.message)}
            </span>
          )}
        </p>
        <button type="button" className="btn btn-sm btn-brand account-verify-button" onClick={resend.send} disabled={resend.sending} data-testid="verify-banner-resend">
          {resend.sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {resend.sending ? t('banner.sending') : t('banner.resend')}
        </button>
      </div>
    </div>
  );
}
