import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateApiError } from '../../../i18n/translate-api-error';
import { verifyEmail } from '../api';
import { useAuth } from '../auth-context';
import { sendFailureMessage, useResendVerification } from '../useResendVerification';
import '../account.css';

/**
 * /verify-email?token=… (the link of the verification e-mail): posts the token once (StrictMode runs effects
 * twice in development: a ref guards it), then says how it went. Verified: the signed-in user is loaded again,
 * so the banner goes. Refused: verifyLinkInvalid (or emailTaken), with Resend when signed in, else a way to
 * sign in for a new link. The token leaves the address once it was answered, so a reload or Back comes without
 * one: a signed-in user whose address is verified (nothing pending) is then told it is verified, not that the
 * link is invalid.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('verify.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading, refreshUser, openLogin } = useAuth();
  const token = params.get('token') ?? '';
  const tokenRef = useRef(token);
  const started = useRef(false);
  const resend = useResendVerification();

  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => refreshUser(),
  });
  const { mutate } = verify;
  const run = useCallback(
    (value: string) =>
      mutate(value, {
        onSettled: (_data, error) => {
          // A network failure keeps the token for "Try again"; any answer makes the link used up or useless.
          if (!(error instanceof ApiError && error.isNetworkError)) navigate('/verify-email', { replace: true });
        },
      }),
    [mutate, navigate],
  );

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    tokenRef.current = token;
    run(token);
  }, [token, run]);

  const networkFailed = verify.error instanceof ApiError && verify.error.isNetworkError;
  const refused = verify.isError && !networkFailed;
  const missing = verify.isIdle && !token;
  const needsLink = Boolean(user && (!user.email_verified || user.pending_email));
  const verifiedAlready = Boolean(user && !needsLink);

  let body;
  if (verify.isSuccess || ((refused || missing) && verifiedAlready)) {
    body = (
      <>
        <div className="alert alert-success" role="status" data-testid="verify-done">
          <i className="bi bi-patch-check me-2" aria-hidden="true" />
          {translateApiError(t, MESSAGES.emailVerified)}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/" className="btn btn-brand">
            {t('verify.goHome')}
          </Link>
          {user && (
            <Link to="/profile" className="btn btn-outline-secondary">
              {t('verify.toProfile')}
            </Link>
          )}
        </div>
      </>
    );
  } else if ((refused || missing) && !isLoading) {
    const detail = verify.error instanceof ApiError && typeof verify.error.detail === 'string' ? verify.error.detail : null;
    const message = detail && detail === MESSAGES.emailTaken ? detail : MESSAGES.verifyLinkInvalid;
    body = (
      <>
        <div className="alert alert-danger" role="alert" data-testid="verify-invalid">
          <i className="bi bi-exclamation-circle me-2" aria-hidden="true" />
          {translateApiError(t, message)}
        </div>
        {resend.message && (
          <div className={`alert ${resend.ok ? 'alert-success' : 'alert-warning'} py-2`} role="status">
            {translateApiError(t, resend.message)}
          </div>
        )}
        <div className="d-flex flex-wrap gap-2">
          {!user ? (
            <button type="button" className="btn btn-brand" onClick={() => openLogin('login')} data-testid="verify-sign-in">
              {t('verify.signInForLink')}
            </button>
          ) : needsLink ? (
            <button type="button" className="btn btn-brand" onClick={resend.send} disabled={resend.sending} data-testid="verify-resend">
              {resend.sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {resend.sending ? t('banner.sending') : t('verify.resend')}
            </button>
          ) : null}
          <Link to="/" className="btn btn-outline-secondary">
            {t('verify.goHome')}
          </Link>
        </div>
      </>
    );
  } else if (networkFailed) {
    body = (
      <>
        <div className="alert alert-warning" role="alert">
          {translateApiError(t, sendFailureMessage(verify.error))}
        </div>
        <button type="button" className="btn btn-brand" onClick={() => run(tokenRef.current)}>
          {t('verify.retry')}
        </button>
      </>
    );
  } else {
    body = (
      <div className="d-flex align-items-center gap-3 py-3" role="status" aria-busy="true">
        <span className="spinner-border text-brand" aria-hidden="true" />
        <span>{t('verify.checking')}</span>
      </div>
    );
  }

  return (
    <section className="container page-section account-page account-narrow">
      <h1 className="page-title">{t('verify.title')}</h1>
      <div className="account-card">{body}</div>
    </section>
  );
}
