import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { CONTACT_METHODS, MESSAGES, profileForm, TIMINGS, type ContactMethod, type UserMe } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateApiError } from '../../../i18n/translate-api-error';
import { requestPasswordReset, updateMe } from '../api';
import { useAuth } from '../auth-context';
import { Address } from '../components/Address';
import { Avatar } from '../components/Avatar';
import { Field, phoneHint } from '../components/Field';
import { withWesternDigits } from '../../../components/form/westernDigits';
import { changedFields, currentPasswordProblem, needsCurrentPassword, valuesOf, type ProfileValues } from '../profile';
import { sendFailureMessage, useResendVerification } from '../useResendVerification';
import '../account.css';

type Banner = { kind: 'success' | 'info' | 'warning' | 'danger'; text: string };

/** The server's answers about the current password, shown next to that field rather than in the banner. */
const CURRENT_PASSWORD_ERRORS: string[] = [MESSAGES.currentPasswordRequired, MESSAGES.currentPasswordWrong, MESSAGES.setPasswordFirst];

/**
 * /profile (spec §2): avatar and name, edit full name, e-mail, phone, WhatsApp number (issue 28) and password;
 * Cancel resets. Changing
 * the e-mail or the password asks for the current password (an account without one, signed in with Google,
 * is offered the reset e-mail to set a first password). A new e-mail waits for its link to be followed.
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { user, token, isLoading, setUser, openDeleteAccount } = useAuth();
  usePageTitle(t('profile.title'));

  if (!token && !isLoading) return <Navigate to="/" replace />;
  if (!user) {
    return (
      <section className="container page-section account-page" aria-busy="true">
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span className="visually-hidden">{t('profile.loading')}</span>
        </div>
      </section>
    );
  }
  return <ProfileForm key={user.id} user={user} onSaved={setUser} onDelete={openDeleteAccount} />;
}

function ProfileForm({ user, onSaved, onDelete }: { user: UserMe; onSaved: (u: UserMe) => void; onDelete: () => void }) {
  const { t } = useTranslation('account');
  const [banner, setBanner] = useState<Banner | null>(null);
  const form = useForm<ProfileValues>({
    resolver: withWesternDigits(zodResolver(profileForm) as unknown as Resolver<ProfileValues>, ['phone_number', 'whatsapp_number']),
    defaultValues: valuesOf(user),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, reset, setError, setFocus, watch } = form;
  const [focusCurrent, setFocusCurrent] = useState(0);
  const [email, password] = watch(['email', 'password']);
  const needsCurrent = needsCurrentPassword(user, { email: email ?? '', password: password ?? '' });

  // The success message shows for 3 s (spec §4).
  useEffect(() => {
    if (banner?.kind !== 'success') return;
    const timer = window.setTimeout(() => setBanner(null), TIMINGS.profileSuccessMs);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: (updated, sent) => {
      onSaved(updated);
      reset(valuesOf(updated)); // new saved values; password fields cleared
      // A new e-mail is not the account's until the link sent to it is followed.
      if (sent.email && updated.pending_email) setBanner({ kind: 'info', text: MESSAGES.emailChangePending });
      else setBanner({ kind: 'success', text: MESSAGES.profileUpdated });
    },
    onError: (e) => {
      if (e instanceof ApiError && typeof e.detail === 'string' && CURRENT_PASSWORD_ERRORS.includes(e.detail)) {
        setError('current_password', { type: 'server', message: e.detail });
        setFocusCurrent((n) => n + 1);
        return;
      }
      const text = e instanceof ApiError && (typeof e.detail === 'string' || e.status === 0) ? e.message : MESSAGES.updateProfileFailed;
      setBanner({ kind: 'danger', text });
    },
  });

  // After a refused current password, back to that field once the form is enabled again.
  useEffect(() => {
    if (focusCurrent && !save.isPending) setFocus('current_password');
  }, [focusCurrent, save.isPending, setFocus]);

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    const problem = currentPasswordProblem(user, values);
    if (problem) {
      setError('current_password', { type: 'required', message: MESSAGES[problem] }, { shouldFocus: true });
      return;
    }
    const changes = changedFields(user, values);
    if (Object.keys(changes).length === 0) {
      setBanner({ kind: 'warning', text: MESSAGES.noChanges });
      return;
    }
    save.mutate(changes);
  });

  const cancel = () => {
    reset(valuesOf(user));
    setBanner(null);
    save.reset();
  };

  const e = formState.errors;
  const busy = save.isPending;
  return (
    <section className="container page-section account-page">
      <h1 className="page-title">{t('profile.title')}</h1>
      <div className="account-card">
        <div className="account-profile-head">
          <Avatar user={user} size={72} />
          <div className="min-w-0">
            <div className="h5 mb-1 text-truncate" data-testid="profile-name">
              {user.full_name || user.username}
            </div>
            <div className="text-body-secondary text-truncate" dir="ltr">
              {user.email}
            </div>
            <div className="d-flex flex-wrap gap-1 mt-1">
              {user.email_verified ? (
                <span className="badge text-bg-light border" data-testid="profile-verified">
                  <i className="bi bi-patch-check me-1 text-success" aria-hidden="true" />
                  {t('profile.verified')}
                </span>
              ) : (
                <span className="badge text-bg-warning" data-testid="profile-unverified">
                  {t('profile.unverified')}
                </span>
              )}
              {user.role === 'ADMIN' && <span className="badge text-bg-warning">{t('profile.admin')}</span>}
            </div>
          </div>
        </div>

        <div aria-live="polite">
          {banner && (
            <div className={`alert alert-${banner.kind}`} role={banner.kind === 'danger' ? 'alert' : 'status'} data-testid="profile-banner">
              <i className={`bi bi-${banner.kind === 'success' ? 'check-circle' : banner.kind === 'info' ? 'envelope-check' : 'exclamation-circle'} me-2`} aria-hidden="true" />
              {translateApiError(t, banner.text)}
            </div>
          )}
        </div>

        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={busy}>
            <Field label={t('fields.fullName')} error={e.full_name?.message} icon="person">
              {(p) => <input {...p} {...register('full_name')} autoComplete="name" />}
            </Field>
            <Field label={t('fields.email')} error={e.email?.message} icon="envelope" className={user.pending_email ? 'mb-1' : 'mb-3'}>
              {(p) => <input {...p} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
            </Field>
            {user.pending_email && <PendingEmail address={user.pending_email} />}
            <Field label={t('fields.phone')} error={e.phone_number?.message} icon="telephone" hint={phoneHint(t('fields.phoneHint'))}>
              {(p) => <input {...p} {...register('phone_number')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
            </Field>
            <Field label={t('fields.whatsapp')} error={e.whatsapp_number?.message} icon="whatsapp" hint={t('fields.whatsappHint')}>
              {(p) => <input {...p} {...register('whatsapp_number')} type="tel" inputMode="tel" dir="ltr" data-testid="profile-whatsapp" />}
            </Field>
            <h2 className="h6 mt-4 mb-3">{user.has_password ? t('profile.changePassword') : t('profile.setPassword')}</h2>
            {user.has_password ? (
              <>
                <div className="row g-2">
                  <div className="col-sm-6">
                    <Field label={t('fields.newPassword')} error={e.password?.message} hint={t('profile.passwordHint')}>
                      {(p) => <input {...p} {...register('password')} type="password" autoComplete="new-password" dir="ltr" />}
                    </Field>
                  </div>
                  <div className="col-sm-6">
                    <Field label={t('fields.confirmPassword')} error={e.confirm_password?.message}>
                      {(p) => <input {...p} {...register('confirm_password')} type="password" autoComplete="new-password" dir="ltr" />}
                    </Field>
                  </div>
                </div>
                {needsCurrent && (
                  <div className="row g-2">
                    <div className="col-sm-6">
                      <Field
                        label={t('profile.currentPassword')}
                        error={e.current_password?.message}
                        hint={t('profile.currentPasswordHint')}
                        icon="key"
                        required
                      >
                        {(p) => <input {...p} {...register('current_password')} type="password" autoComplete="current-password" dir="ltr" />}
                      </Field>
                    </div>
                  </div>
                )}
              </>
            ) : (
              <NoPassword email={user.email} error={e.current_password?.message} />
            )}
            <div className="d-flex flex-wrap gap-2 justify-content-end mt-2">
              <button type="button" className="btn btn-outline-secondary" onClick={cancel}>
                {t('profile.cancel')}
              </button>
              <button type="submit" className="btn btn-brand">
                {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {busy ? t('profile.saving') : t('profile.save')}
              </button>
            </div>
          </fieldset>
        </form>
      </div>

      <ContactChoices user={user} onSaved={onSaved} />

      <div className="account-card account-danger mt-4">
        <h2 className="h6 text-danger">{t('profile.dangerTitle')}</h2>
        <p className="text-body-secondary small">{t('profile.dangerText')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={onDelete} data-testid="profile-delete">
          <i className="bi bi-trash3 me-2" aria-hidden="true" />
          {t('menu.deleteAccount')}
        </button>
      </div>
    </section>
  );
}

/**
 * How visitors reach the user, each choice saved as soon as it is made: the ways shown on their listings (issue
 * 28: Call, WhatsApp, messages through the form; the server refuses to leave none that works), and whether the
 * e-mail shows (issue 25: off by default, as messages reach the owner by e-mail through the form anyway).
 */
function ContactChoices({ user, onSaved }: { user: UserMe; onSaved: (u: UserMe) => void }) {
  const { t } = useTranslation('account');
  // As for the switch below: the boxes follow the click at once and a refusal puts them back.
  const [methods, setMethods] = useState<ContactMethod[]>(user.contact_methods);
  const saveMethods = useMutation({ mutationFn: updateMe, onSuccess: onSaved, onError: () => setMethods(user.contact_methods) });
  const toggle = (m: ContactMethod, on: boolean) => {
    const next = CONTACT_METHODS.filter((x) => (x === m ? on : methods.includes(x)));
    setMethods(next);
    saveMethods.mutate({ contact_methods: next });
  };
  const unusable = (m: ContactMethod) => (m === 'call' && !user.phone_number) || (m === 'whatsapp' && !user.whatsapp_number);
  return (
    <div className="account-card mt-4">
      <h2 className="h6">{t('profile.contactTitle')}</h2>
      <fieldset className="mb-3" disabled={saveMethods.isPending} data-testid="contact-methods">
        <legend className="form-label fs-6 mb-1">{t('profile.methods')}</legend>
        {CONTACT_METHODS.map((m) => (
          <div className="form-check" key={m}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`profile-method-${m}`}
              checked={methods.includes(m)}
              // The last way left cannot be unticked (the server needs at least one).
              disabled={methods.length === 1 && methods[0] === m}
              onChange={(e) => toggle(m, e.target.checked)}
              aria-describedby={unusable(m) ? `profile-method-${m}-note` : undefined}
            />
            <label className="form-check-label" htmlFor={`profile-method-${m}`}>
              {t(`profile.method.${m}`)}
            </label>
            {unusable(m) && (
              <span id={`profile-method-${m}-note`} className="d-block form-text mt-0">
                {t(`profile.methodNeeds.${m}`)}
              </span>
            )}
          </div>
        ))}
        <div aria-live="polite" className="small mt-1">
          {saveMethods.isSuccess && <span className="text-success" data-testid="methods-saved"><i className="bi bi-check-circle me-1" aria-hidden="true" />{t('profile.choiceSaved')}</span>}
          {saveMethods.isError && <span className="text-danger" role="alert">{translateApiError(t, saveMethods.error instanceof ApiError ? saveMethods.error.message : MESSAGES.updateProfileFailed)}</span>}
        </div>
      </fieldset>
      <EmailChoice user={user} onSaved={onSaved} />
    </div>
  );
}

function EmailChoice({ user, onSaved }: { user: UserMe; onSaved: (u: UserMe) => void }) {
  const { t } = useTranslation('account');
  // The switch follows the click at once (the mutation's own state arrives a tick later, and a controlled
  // checkbox would snap back meanwhile); a refusal puts it back.
  const [checked, setChecked] = useState(user.show_email);
  const save = useMutation({ mutationFn: updateMe, onSuccess: onSaved, onError: (_e, sent) => setChecked(!sent.show_email) });
  const id = 'profile-show-email';
  return (
    <>
      <div className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          checked={checked}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setChecked(e.target.checked);
            save.mutate({ show_email: e.target.checked });
          }}
        />
        <label className="form-check-label" htmlFor={id}>
          {t('profile.showEmail')}
        </label>
      </div>
      <p id={`${id}-hint`} className="form-text mb-0">{t('profile.showEmailHint')}</p>
      <div aria-live="polite" className="small mt-2">
        {save.isSuccess && <span className="text-success" data-testid="show-email-saved"><i className="bi bi-check-circle me-1" aria-hidden="true" />{t('profile.choiceSaved')}</span>}
        {save.isError && <span className="text-danger" role="alert">{translateApiError(t, save.error instanceof ApiError ? save.error.message : MESSAGES.updateProfileFailed)}</span>}
      </div>
    </>
  );
}

/** "Waiting for confirmation: new@x — Resend": the new address of a change not confirmed yet. */
function PendingEmail({ address }: { address: string }) {
  const { t } = useTranslation('account');
  const resend = useResendVerification();
  return (
    <div className="account-pending small mb-3" data-testid="profile-pending-email">
      <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
      <Trans t={t} i18nKey="profile.pendingEmail" values={{ email: address }} components={{ email: <Address value={address} /> }} />{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={resend.send} disabled={resend.sending}>
        {resend.sending ? t('banner.sending') : t('profile.resend')}
      </button>
      <span role="status" className={`d-block ${resend.ok ? 'text-success' : 'text-danger'}`}>
        {resend.message ? translateApiError(t, resend.message) : null}
      </span>
    </div>
  );
}

/**
 * An account without a password (signed in with Google) sets a first one through the reset e-mail; until
 * then the server refuses e-mail and password changes (setPasswordFirst, shown here as the field's error).
 */
function NoPassword({ email, error }: { email: string; error?: string }) {
  const { t } = useTranslation('account');
  const send = useMutation({ mutationFn: () => requestPasswordReset(email) });
  const message = send.isSuccess ? send.data?.detail || MESSAGES.resetEmailSent : send.isError ? sendFailureMessage(send.error) : null;
  return (
    <div className="account-no-password mb-3" data-testid="profile-no-password">
      {error && (
        <div className="text-danger small fw-semibold mb-2" role="alert">
          {translateApiError(t, error)}
        </div>
      )}
      <p className="small mb-2">
        <Trans t={t} i18nKey="profile.noPassword" values={{ email }} components={{ email: <Address value={email} /> }} />
      </p>
      <button type="button" className="btn btn-outline-brand btn-sm" onClick={() => send.mutate()} disabled={send.isPending || send.isSuccess}>
        {send.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('profile.sendSetLink')}
      </button>
      <div role="status" className={`small mt-2 ${send.isSuccess ? 'text-success' : 'text-danger'}`}>
        {message ? translateApiError(t, message) : null}
      </div>
    </div>
  );
}
