import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginForm, MESSAGES, registerForm } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import { useAuth, type LoginMode } from '../auth-context';
import { Field, phoneHint } from './Field';
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

/** The server's message for a failed call, else the spec §8 fallback of that form. */
function failure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 429 || typeof error.detail === 'string') return error.message;
    return fallback;
  }
  return fallback;
}

function LoginForm({ onDone, onBusy }: { onDone: () => void; onBusy: (b: boolean) => void }) {
  const { t } = useTranslation('account');
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginForm) as unknown as Resolver<LoginValues>,
    defaultValues: EMPTY_LOGIN,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setFocus } = form;
  useEffect(() => setFocus('username'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    onBusy(true);
    try {
      await login(values.username, values.password);
      onDone();
    } catch (e) {
      setError(failure(e, MESSAGES.loginFailed));
    } finally {
      onBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
      {error && (
        <div id="login-error" className="alert alert-danger py-2" role="alert">
          {translateApiError(t, error)}
        </div>
      )}
      <Field label={t('fields.email')} error={formState.errors.username?.message} icon="envelope">
        {(p) => <input {...p} {...register('username')} type="email" autoComplete="username" inputMode="email" dir="ltr" />}
      </Field>
      <Field label={t('fields.password')} error={formState.errors.password?.message} icon="lock">
        {(p) => <input {...p} {...register('password')} type="password" autoComplete="current-password" dir="ltr" />}
      </Field>
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
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerForm) as unknown as Resolver<RegisterValues>,
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
    } finally {
      onBusy(false);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {translateApiError(t, error)}
        </div>
      )}
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
 * The sign-in / sign-up modal (spec §2). Escape and the close button close it; focus moves to the first
 * field and back to where it was on close (react-bootstrap). Switching mode mounts a fresh form, which
 * clears the fields and the error.
 */
export default function LoginModal({ initialMode, onClose }: { initialMode: LoginMode; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [show, setShow] = useState(true);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const close = () => setShow(false);

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={onClose}
      centered
      aria-labelledby={titleId}
      className="account-modal"
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      restoreFocus
    >
      <Modal.Header closeButton closeLabel={t('modal.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 mb-0">
          {mode === 'login' ? t('modal.loginTitle') : t('modal.registerTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small mb-3">{mode === 'login' ? t('modal.loginIntro') : t('modal.registerIntro')}</p>
        {mode === 'login' ? <LoginForm key="login" onDone={close} onBusy={setBusy} /> : <RegisterForm key="register" onDone={close} onBusy={setBusy} />}
        <div className="account-divider" role="separator">
          <span>{t('modal.or')}</span>
        </div>
        <GoogleSignIn mode={mode} onSignedIn={close} onBusy={setBusy} />
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <span className="text-body-secondary">{mode === 'login' ? t('modal.noAccount') : t('modal.haveAccount')}</span>
        <button type="button" className="btn btn-link p-0 fw-semibold" onClick={() => setMode(mode === 'login' ? 'register' : 'login')} disabled={busy}>
          {mode === 'login' ? t('modal.toRegister') : t('modal.toLogin')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
