import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import { useAuth } from '../auth-context';
import '../account.css';

/**
 * "Sign out everywhere": a confirmation (Cancel has the focus, Escape closes), then POST /auth/logout-all.
 * On success the provider signs out here and shows the signedOutEverywhere notice; the dialog closes.
 */
export default function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const { user, logoutEverywhere } = useAuth();
  const [show, setShow] = useState(true);
  const titleId = useId();
  const textId = useId();
  const close = () => setShow(false);
  const run = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: close,
    onError: (e) => {
      // 401: this session had already ended; the provider signed out and said so.
      if (e instanceof ApiError && e.status === 401) close();
    },
  });
  const busy = run.isPending;
  const error = run.error && !(run.error instanceof ApiError && run.error.status === 401) ? run.error : null;

  return (
    <Modal
      show={show && (Boolean(user) || busy)}
      onHide={close}
      onExited={onClose}
      centered
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="account-modal"
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      data-testid="sign-out-all-dialog"
    >
      <Modal.Header closeButton={!busy} closeLabel={t('modal.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 mb-0">
          {t('signOutAll.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {t('signOutAll.text')}
        </p>
        {user && (
          <p className="small text-body-secondary mt-2 mb-0">
            {t('signOutAll.account')}{' '}
            <bdi dir="ltr" className="fw-semibold">
              {user.email}
            </bdi>
          </p>
        )}
        {error && (
          <div className="alert alert-danger small mt-3 mb-0" role="alert">
            {translateApiError(t, error instanceof Error ? error.message : null)}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={busy} autoFocus>
          {t('signOutAll.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => run.mutate()} disabled={busy} data-testid="sign-out-all-confirm">
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('signOutAll.working') : t('signOutAll.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
