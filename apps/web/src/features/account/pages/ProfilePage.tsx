import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { MESSAGES, profileForm, TIMINGS, type UserMe } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateApiError } from '../../../i18n/translate-api-error';
import { updateMe } from '../api';
import { useAuth } from '../auth-context';
import { Avatar } from '../components/Avatar';
import { Field, phoneHint } from '../components/Field';
import { changedFields, valuesOf, type ProfileValues } from '../profile';
import '../account.css';

type Banner = { kind: 'success' | 'warning' | 'danger'; text: string };

/** /profile (spec §2): avatar and name, edit full name, e-mail, phone and password; Cancel resets. */
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
    resolver: zodResolver(profileForm) as unknown as Resolver<ProfileValues>,
    defaultValues: valuesOf(user),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, reset } = form;

  // The success message shows for 3 s (spec §4).
  useEffect(() => {
    if (banner?.kind !== 'success') return;
    const timer = window.setTimeout(() => setBanner(null), TIMINGS.profileSuccessMs);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: (updated) => {
      onSaved(updated);
      reset(valuesOf(updated)); // new saved values; password fields cleared
      setBanner({ kind: 'success', text: MESSAGES.profileUpdated });
    },
    onError: (e) => {
      const text = e instanceof ApiError && (typeof e.detail === 'string' || e.status === 0) ? e.message : MESSAGES.updateProfileFailed;
      setBanner({ kind: 'danger', text });
    },
  });

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
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
            {user.role === 'ADMIN' && <span className="badge text-bg-warning mt-1">{t('profile.admin')}</span>}
          </div>
        </div>

        <div aria-live="polite">
          {banner && (
            <div className={`alert alert-${banner.kind}`} role={banner.kind === 'danger' ? 'alert' : 'status'} data-testid="profile-banner">
              <i className={`bi bi-${banner.kind === 'success' ? 'check-circle' : 'exclamation-circle'} me-2`} aria-hidden="true" />
              {translateApiError(t, banner.text)}
            </div>
          )}
        </div>

        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={busy}>
            <Field label={t('fields.fullName')} error={e.full_name?.message} icon="person">
              {(p) => <input {...p} {...register('full_name')} autoComplete="name" />}
            </Field>
            <Field label={t('fields.email')} error={e.email?.message} icon="envelope">
              {(p) => <input {...p} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
            </Field>
            <Field label={t('fields.phone')} error={e.phone_number?.message} icon="telephone" hint={phoneHint(t('fields.phoneHint'))}>
              {(p) => <input {...p} {...register('phone_number')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
            </Field>
            <h2 className="h6 mt-4 mb-3">{t('profile.changePassword')}</h2>
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
