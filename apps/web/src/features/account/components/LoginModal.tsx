import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginForm, MESSAGES, passwordResetBody, registerForm } from '@manzil/shared';
import { ApiError, errorMessageForStatus } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import { requestPasswordReset } from '../api';
import { useAuth, type LoginIntro, type LoginMode } from '../auth-context';
import { Field, phoneHint, ServerError } from './Field';
import { withWesternDigits } from '../../../components/form/westernDigits';
import { usePublicConfig } from '../../../api/queries';
import { GoogleSignIn } from './GoogleSignIn';
import '../account.css';

interface LoginValues {
  username: string;
  password: string;
}
interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
}

const EMPTY_LOGIN: LoginValues = { username: '', password: '' };
const EMPTY_REGISTER: RegisterValues = { first_name: '', last_name: '', email: '', phone_number: '', password: '', confirm_password: '' };

/**
 * The server's message for a failed call, else the spec §8 fallback of that form. A 429 stays the error itself,
 * so the form can say when to try again (its Retry-After).
 */
function failure(error: unknown, fallback: string): string | ApiError {
  if (error instanceof ApiError) {
    if (error.status === 429) return error;
    if (error.status === 0 || typeof error.detail === 'string') return error.message;
  }
  return fallback;
}

function LoginForm({
  defaultEmail = '',
  onDone,
  onBusy,
  onForgot,
}: {
  defaultEmail?: string;
  onDone: () => void;
  onBusy: (b: boolean) => void;
  /** Opens the forgot-password mode with what was typed as the e-mail. */
  onForgot: (email: string) => void;
}) {
  const { t } = useTranslation('account');
  const { login } = useAuth();
  const [error, setError] = useState<string | ApiError | null>(null);
  const [locked, setLocked] = useState(false);
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginForm) as unknown as Resolver<LoginValues>,
    defaultValues: { ...EMPTY_LOGIN, username: defaultEmail },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setFocus, getValues } = form;
  useEffect(() => setFocus(defaultEmail ? 'password' : 'username'), [setFocus, defaultEmail]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setLocked(false);
    onBusy(true);
    try {
      await login(values.username, values.password);
      onDone();
    } catch (e) {
      setError(failure(e, MESSAGES.loginFailed));
      // 429 with accountLocked: too many failed sign-ins on this account; offer the reset at once.
      setLocked(e instanceof ApiError && e.status === 429);
      // The clicked button was disabled while sending, which dropped the focus to the page: back to the password,
      // selected, to type it again (the alert above is read out).
      setFocus('password', { shouldSelect: true });
    } finally {
      onBusy(false);
    }
  });
  const forgot = () => onForgot(getValues('username').trim());

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
      <ServerError error={error} id="login-error">
        {locked && (
          <div className="mt-1">
            <button type="button" className="btn btn-link alert-link p-0 align-baseline" onClick={forgot}>
              {t('forgot.resetNow')}
            </button>
          </div>
        )}
      </ServerError>
      <Field label={t('fields.email')} error={formState.errors.username?.message} icon="envelope">
        {(p) => <input {...p} {...register('username')} type="email" autoComplete="username" inputMode="email" dir="ltr" />}
      </Field>
      <Field label={t('fields.password')} error={formState.errors.password?.message} icon="lock" className="mb-1">
        {(p) => <input {...p} {...register('password')} type="password" autoComplete="current-password" dir="ltr" />}
      </Field>
      <div className="account-forgot">
        <button type="button" className="btn btn-link btn-sm p-0" onClick={forgot} data-testid="forgot-link">
          {t('forgot.link')}
        </button>
      </div>
      <button type="submit" className="btn btn-brand w-100 mt-2" disabled={formState.isSubmitting}>
        {formState.isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {formState.isSubmitting ? t('modal.signingIn') : t('modal.signIn')}
      </button>
    </form>
  );
}

function RegisterForm({ onDone, onBusy }: { onDone: () => void; onBusy: (b: boolean) => void }) {
  const { t } = useTranslation('account');
  const { register: registerAccount } = useAuth();
  const [error, setError] = useState<string | ApiError | null>(null);
  const form = useForm<RegisterValues>({
    resolver: withWesternDigits(zodResolver(registerForm) as unknown as Resolver<RegisterValues>, ['phone_number']),
    defaultValues: EMPTY_REGISTER,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setFocus } = form;
  useEffect(() => setFocus('first_name'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    onBusy(true);
    try {
      // The resolver gives the schema's output: trimmed values, confirmation checked.
      const v = values as unknown as RegisterValues;
      await registerAccount({ email: v.email, password: v.password, first_name: v.first_name, last_name: v.last_name, phone_number: v.phone_number });
      onDone();
    } catch (e) {
      setError(failure(e, MESSAGES.registrationFailed));
      // As in sign-in: the focus, dropped with the disabled button, goes to the e-mail (an address already taken
      // is the usual refusal).
      setFocus('email');
    } finally {
      onBusy(false);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <ServerError error={error} />
      <div className="row g-2">
        <div className="col-sm-6">
          <Field label={t('fields.firstName')} error={e.first_name?.message} required>
            {(p) => <input {...p} {...register('first_name')} autoComplete="given-name" />}
          </Field>
        </div>
        <div className="col-sm-6">
          <Field label={t('fields.lastName')} error={e.last_name?.message} required>
            {(p) => <input {...p} {...register('last_name')} autoComplete="family-name" />}
          </Field>
        </div>
      </div>
      <Field label={t('fields.email')} error={e.email?.message} icon="envelope" required>
        {(p) => <input {...p} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
      <Field label={t('fields.phone')} error={e.phone_number?.message} icon="telephone" hint={phoneHint(t('fields.phoneHint'))} required>
        {(p) => <input {...p} {...register('phone_number')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
      </Field>
      <div className="row g-2">
        <div className="col-sm-6">
          <Field label={t('fields.password')} error={e.password?.message} hint={t('fields.passwordHint')} required>
            {(p) => <input {...p} {...register('password')} type="password" autoComplete="new-password" dir="ltr" />}
          </Field>
        </div>
        <div className="col-sm-6">
          <Field label={t('fields.confirmPassword')} error={e.confirm_password?.message} required>
            {(p) => <input {...p} {...register('confirm_password')} type="password" autoComplete="new-password" dir="ltr" />}
          </Field>
        </div>
      </div>
      <button type="submit" className="btn btn-brand w-100 mt-2" disabled={formState.isSubmitting}>
        {formState.isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {formState.isSubmitting ? t('modal.creating') : t('modal.createAccount')}
      </button>
    </form>
  );
}

/**
 * "Forgot password?": the e-mail (prefilled with what was typed to sign in) → POST /auth/password-reset →
 * the same answer whatever the address (resetEmailSent), with a way back to sign in.
 */
function ForgotForm({
  defaultEmail,
  onBack,
  onBusy,
  onSent,
}: {
  defaultEmail: string;
  onBack: (email: string) => void;
  onBusy: (b: boolean) => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('account');
  const [error, setError] = useState<string | ApiError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetBody) as unknown as Resolver<{ email: string }>,
    defaultValues: { email: defaultEmail },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setFocus, getValues } = form;
  useEffect(() => setFocus('email'), [setFocus]);
  useEffect(() => {
    if (sent) back.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    onBusy(true);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer?.detail || MESSAGES.resetEmailSent);
      onSent();
    } catch (e) {
      setError(e instanceof ApiError && typeof e.detail !== 'string' && e.status !== 0 ? errorMessageForStatus(e.status) : failure(e, MESSAGES.serverError));
    } finally {
      onBusy(false);
    }
  });

  if (sent) {
    return (
      <div>
        <div className="alert alert-success" role="status" data-testid="forgot-sent">
          <i className="bi bi-envelope-check me-2" aria-hidden="true" />
          {translateApiError(t, sent)}
        </div>
        <button ref={back} type="button" className="btn btn-brand w-100" onClick={() => onBack(getValues('email').trim())}>
          {t('forgot.backToSignIn')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <ServerError error={error} />
      <Field label={t('fields.email')} error={formState.errors.email?.message} icon="envelope">
        {(p) => <input {...p} {...register('email')} type="email" autoComplete="username" inputMode="email" dir="ltr" />}
      </Field>
      <button type="submit" className="btn btn-brand w-100 mt-2" disabled={formState.isSubmitting}>
        {formState.isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {formState.isSubmitting ? t('forgot.sending') : t('forgot.send')}
      </button>
    </form>
  );
}

/** Focus on the visible account menu toggle (else the mobile menu button), when focus was lost to the page. */
function focusAfterSignIn() {
  if (document.activeElement && document.activeElement !== document.body) return;
  const visible = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].find((el) => el.getClientRects().length > 0);
  (visible('[data-testid="user-menu"]') ?? visible('.nav-toggler'))?.focus();
}

/**
 * The sign-in / sign-up modal (spec §2). Escape and the close button close it; focus moves to the first
 * field and back to where it was on close (react-bootstrap). Switching mode mounts a fresh form, which
 * clears the fields and the error. A third mode, 'forgot', asks for a password-reset e-mail; the address
 * typed goes with the switch both ways.
 */
export default function LoginModal({
  initialMode,
  initialEmail = '',
  intro,
  onClose,
}: {
  initialMode: LoginMode;
  initialEmail?: string;
  intro?: LoginIntro;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  // No "or" and no Google button where Google sign-in is not configured.
  const google = Boolean(usePublicConfig().config.google_client_id);
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [email, setEmail] = useState(initialEmail);
  // Once the reset e-mail is sent, the form's own "Back to sign in" is the one way on (no second link below).
  const [forgotSent, setForgotSent] = useState(false);
  const [show, setShow] = useState(true);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const close = () => setShow(false);
  const toForgot = (typed: string) => {
    setEmail(typed);
    setMode('forgot');
  };
  const toLogin = (typed: string) => {
    setEmail(typed);
    setForgotSent(false);
    setMode('login');
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => {
        onClose();
        // After the modal's own return of focus (it runs next): when the control that opened it is gone (the
        // navbar's Sign in became the account menu), focus goes on to what stands there now, not to the page's start.
        setTimeout(focusAfterSignIn, 0);
      }}
      centered
      aria-labelledby={titleId}
      className="account-modal"
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      restoreFocus
    >
      <Modal.Header closeButton closeLabel={t('modal.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 mb-0">
          {mode === 'login' ? t('modal.loginTitle') : mode === 'register' ? t('modal.registerTitle') : t('forgot.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small mb-3">
          {mode === 'forgot' ? t('forgot.intro') : intro === 'saveSearch' ? t('modal.saveSearchIntro') : mode === 'login' ? t('modal.loginIntro') : t('modal.registerIntro')}
        </p>
        {mode === 'login' && <LoginForm key="login" defaultEmail={email} onDone={close} onBusy={setBusy} onForgot={toForgot} />}
        {mode === 'register' && <RegisterForm key="register" onDone={close} onBusy={setBusy} />}
        {mode === 'forgot' && <ForgotForm key="forgot" defaultEmail={email} onBack={toLogin} onBusy={setBusy} onSent={() => setForgotSent(true)} />}
        {mode !== 'forgot' && google && (
          <>
            <div className="account-divider" role="separator">
              <span>{t('modal.or')}</span>
            </div>
            <GoogleSignIn mode={mode} onSignedIn={close} onBusy={setBusy} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer className={`justify-content-center${forgotSent ? ' d-none' : ''}`}>
        {mode === 'forgot' ? (
          <>
            <span className="text-body-secondary">{t('forgot.remembered')}</span>
            <button type="button" className="btn btn-link p-0 fw-semibold" onClick={() => toLogin(email)} disabled={busy}>
              {t('modal.toLogin')}
            </button>
          </>
        ) : (
          <>
            <span className="text-body-secondary">{mode === 'login' ? t('modal.noAccount') : t('modal.haveAccount')}</span>
            <button
              type="button"
              className="btn btn-link p-0 fw-semibold"
              onClick={() => {
                setEmail('');
                setMode(mode === 'login' ? 'register' : 'login');
              }}
              disabled={busy}
            >
              {mode === 'login' ? t('modal.toRegister') : t('modal.toLogin')}
            </button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
