import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import { deleteMe, deletionSummaryQuery } from '../api';
import { useAuth } from '../auth-context';
import { Avatar } from './Avatar';
import '../account.css';

/**
 * Delete-account confirmation (spec §2, §4): shows the account and lists what will be deleted (listings,
 * their photos, messages received, the profile), asks for the password (or, for an account without one, the
 * e-mail typed again: issue 25), then deletes and signs out.
 */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const { user, token, logout } = useAuth();
  const [show, setShow] = useState(true);
  const [done, setDone] = useState(false);
  const [confirmText, setConfirmText] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const confirmId = useId();
  const byPassword = user?.has_password ?? true;
  const summary = useQuery({ ...deletionSummaryQuery(token), enabled: Boolean(token) && !done });
  const remove = useMutation({
    mutationFn: async () => {
      if (!token) throw new ApiError(401, MESSAGES.authRequiredAgain);
      await deleteMe(byPassword ? { password: confirmText } : { email: confirmText });
    },
    onSuccess: () => {
      setDone(true);
      logout({ revoke: false }); // the account and its sessions are gone already
    },
  });
  const close = () => setShow(false);
  const busy = remove.isPending;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!confirmText.trim()) {
      setMissing(true);
      return;
    }
    remove.mutate();
  };
  const error = missing
    ? byPassword
      ? MESSAGES.deletePasswordRequired
      : MESSAGES.deleteEmailMismatch
    : remove.error
    ? remove.error instanceof ApiError && typeof remove.error.detail === 'string'
      ? remove.error.message
      : remove.error instanceof ApiError && remove.error.status === 0
        ? remove.error.message
        : MESSAGES.deleteAccountFailed
    : null;

  const count = (n: number | undefined, key: string) => (n === undefined ? t(`delete.${key}Unknown`) : t(`delete.${key}`, { count: n }));

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
    >
      <Modal.Header closeButton={!busy} closeLabel={t('modal.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 mb-0">
          {done ? t('delete.doneTitle') : t('delete.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {done ? (
          <div className="alert alert-success mb-0" role="status">
            <i className="bi bi-check-circle me-2" aria-hidden="true" />
            {t('delete.done')}
          </div>
        ) : !user ? (
          <p className="mb-0">{translateApiError(t, MESSAGES.authRequiredAgain)}</p>
        ) : (
          <>
            <div className="account-delete-who">
              <Avatar user={user} size={48} />
              <div className="min-w-0">
                <div className="fw-semibold text-truncate">{user.full_name || user.username}</div>
                <div className="text-body-secondary small text-truncate" dir="ltr">
                  {user.email}
                </div>
              </div>
            </div>
            <p className="mt-3 mb-2 fw-semibold">{t('delete.willDelete')}</p>
            <ul className="account-delete-list" aria-busy={summary.isPending}>
              <li>
                <i className="bi bi-house-door" aria-hidden="true" />
                {count(summary.data?.listings, 'listings')}
              </li>
              <li>
                <i className="bi bi-images" aria-hidden="true" />
                {count(summary.data?.photos, 'photos')}
              </li>
              <li>
                <i className="bi bi-envelope" aria-hidden="true" />
                {count(summary.data?.messages, 'messages')}
              </li>
              <li>
                <i className="bi bi-person-vcard" aria-hidden="true" />
                {t('delete.profile')}
              </li>
            </ul>
            <div className="alert alert-warning small">
              <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
              {t('delete.irreversible')}
            </div>
            <form id={`${confirmId}-form`} onSubmit={submit} noValidate>
              <label htmlFor={confirmId} className="form-label">
                {byPassword ? t('delete.passwordLabel') : t('delete.emailLabel', { email: user.email })}
              </label>
              <input
                id={confirmId}
                className={`form-control${error ? ' is-invalid' : ''}`}
                type={byPassword ? 'password' : 'email'}
                autoComplete={byPassword ? 'current-password' : 'off'}
                dir="ltr"
                value={confirmText}
                disabled={busy}
                aria-invalid={Boolean(error) || undefined}
                aria-describedby={error ? `${confirmId}-error` : undefined}
                onChange={(e) => {
                  setMissing(false);
                  remove.reset();
                  setConfirmText(e.target.value);
                }}
              />
            </form>
            {error && (
              <div id={`${confirmId}-error`} className="alert alert-danger small mt-3 mb-0" role="alert">
                {translateApiError(t, error)}
              </div>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {done || !user ? (
          <button type="button" className="btn btn-brand" onClick={close} autoFocus>
            {t('delete.close')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={busy} autoFocus>
              {t('delete.cancel')}
            </button>
            <button type="submit" form={`${confirmId}-form`} className="btn btn-danger" disabled={busy}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {busy ? t('delete.deleting') : t('delete.confirm')}
            </button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
