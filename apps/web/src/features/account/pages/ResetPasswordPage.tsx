import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, resetPasswordForm, type ResetPasswordForm } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateApiError } from '../../../i18n/translate-api-error';
import { checkPasswordReset, confirmPasswordReset } from '../api';
import { useAuth } from '../auth-context';
import { Field, ServerError } from '../components/Field';
import { sendFailureMessage } from '../useResendVerification';
import '../account.css';

/** What the page keeps when it takes the token out of the address (see below). */
interface ResetState {
  resetEmail?: string;
}

/**
 * /reset-password?token=…&email=… (the link of the reset e-mail): the new password twice (resetPasswordForm)
 * → POST /auth/password-reset/confirm → sign in with the link's e-mail and the new password → home, with the
 * passwordResetDone notice. The page asks first whether the link can still be used (POST /auth/password-reset/check).
 * The link is single use: once it was used (or refused), the address is replaced
 * by /reset-password without the token, so it stays neither in the address bar nor in the history. A missing
 * or refused token shows resetLinkInvalid with a button to ask for a new link. A link of a blocked account is
 * refused as sign-in refuses them (403 accountBlocked): that message, with the way to the contact page, never
 * the form or a success. The token is never logged.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('reset.title'));
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { login, openLogin, notify } = useAuth();
  const token = params.get('token') ?? '';
  const email = params.get('email')?.trim() || (location.state as ResetState | null)?.resetEmail || '';
  const [error, setError] = useState<string | null>(null);
  const [changedNoSignIn, setChangedNoSignIn] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm) as unknown as Resolver<ResetPasswordForm>,
    defaultValues: { password: '', confirm_password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState } = form;

  /** Drop the token from the address (and from the history entry) while staying on the page. */
  const forgetToken = () => navigate('/reset-password', { replace: true, state: { resetEmail: email } satisfies ResetState });
  /** The account was blocked by an administrator (after the link was sent): the answer sign-in gives them too. */
  const refusedAsBlocked = (e: unknown) => {
    if (!(e instanceof ApiError && e.status === 403 && e.detail === MESSAGES.accountBlocked)) return false;
    setBlocked(true);
    forgetToken();
    return true;
  };

  // A used or expired link says so as the page opens, not after the new password was typed twice. Any other
  // failure (offline) leaves the form: sending it tells.
  useEffect(() => {
    if (!token) return;
    let live = true;
    checkPasswordReset(token).catch((e: unknown) => {
      if (!live || refusedAsBlocked(e)) return;
      if (e instanceof ApiError && (e.detail === MESSAGES.resetLinkInvalid || e.status === 422)) forgetToken();
    });
    return () => {
      live = false;
    };
    // forgetToken reads the e-mail of this render; the check is for the token alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await confirmPasswordReset(token, password);
    } catch (e) {
      if (refusedAsBlocked(e)) return;
      // Refused link (422: a token cut short when the link was copied).
      if (e instanceof ApiError && (e.detail === MESSAGES.resetLinkInvalid || e.status === 422)) {
        forgetToken();
        return;
      }
      setError(sendFailureMessage(e));
      return;
    }
    // The password is set; every session ended. Sign in here with the new one and go home.
    try {
      if (!email) throw new Error('no e-mail in the link');
      await login(email, password);
    } catch {
      forgetToken();
      setChangedNoSignIn(true);
      return;
    }
    notify(MESSAGES.passwordResetDone);
    navigate('/', { replace: true });
  });

  const askAgain = () => openLogin('forgot', { email });

  let body;
  if (changedNoSignIn) {
    body = (
      <>
        <div className="alert alert-success" role="status" data-testid="reset-done">
          <i className="bi bi-check-circle me-2" aria-hidden="true" />
          {t('reset.doneSignIn')}
        </div>
        <button type="button" className="btn btn-brand" onClick={() => openLogin('login', { email })}>
          {t('modal.signIn')}
        </button>
      </>
    );
  } else if (blocked) {
    body = (
      <>
        <div className="alert alert-danger" role="alert" data-testid="reset-blocked">
          <i className="bi bi-exclamation-circle me-2" aria-hidden="true" />
          {translateApiError(t, MESSAGES.accountBlocked)}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/contact" className="btn btn-brand" data-testid="reset-contact">
            {t('common:footer.contact')}
          </Link>
          <Link to="/" className="btn btn-outline-secondary">
            {t('reset.goHome')}
          </Link>
        </div>
      </>
    );
  } else if (!token) {
    body = (
      <>
        <div className="alert alert-danger" role="alert" data-testid="reset-invalid">
          <i className="bi bi-exclamation-circle me-2" aria-hidden="true" />
          {translateApiError(t, MESSAGES.resetLinkInvalid)}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-brand" onClick={askAgain} data-testid="reset-new-link">
            {t('reset.newLink')}
          </button>
          <Link to="/" className="btn btn-outline-secondary">
            {t('reset.goHome')}
          </Link>
        </div>
      </>
    );
  } else {
    const e = formState.errors;
    body = (
      <form onSubmit={onSubmit} noValidate>
        {email && (
          <p className="mb-2">
            {t('reset.forAccount')}{' '}
            <bdi dir="ltr" className="fw-semibold" data-testid="reset-email">
              {email}
            </bdi>
          </p>
        )}
        <p className="text-body-secondary small">{t('reset.intro')}</p>
        <ServerError error={error} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <fieldset disabled={formState.isSubmitting}>
          <Field label={t('fields.newPassword')} error={e.password?.message} hint={t('fields.passwordHint')} icon="lock" required>
            {(p) => <input {...p} {...register('password')} type="password" autoComplete="new-password" dir="ltr" autoFocus />}
          </Field>
          <Field label={t('fields.confirmPassword')} error={e.confirm_password?.message} icon="lock" required>
            {(p) => <input {...p} {...register('confirm_password')} type="password" autoComplete="new-password" dir="ltr" />}
          </Field>
          <button type="submit" className="btn btn-brand w-100 mt-1">
            {formState.isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {formState.isSubmitting ? t('reset.saving') : t('reset.submit')}
          </button>
        </fieldset>
      </form>
    );
  }

  return (
    <section className="container page-section account-page account-narrow">
      <h1 className="page-title">{t('reset.title')}</h1>
      <div className="account-card">{body}</div>
    </section>
  );
}
