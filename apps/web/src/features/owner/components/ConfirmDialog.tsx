import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';

/**
 * A confirmation before something destructive (spec §5: delete needs a confirm dialog). Cancel has the focus, so
 * Enter pressed on opening changes nothing. `onExited`: once it has closed (the place to move the focus when
 * what opened it is gone).
 */
export function ConfirmDialog({
  show,
  title,
  question,
  detail,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  onExited,
}: {
  show: boolean;
  title: string;
  question: string;
  detail?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onExited?: () => void;
}) {
  const { t } = useTranslation('owner');
  return (
    <Modal show={show} onHide={busy ? undefined : onCancel} centered aria-labelledby="owner-confirm-title" onExited={onExited} data-testid="confirm-dialog">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="owner-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1 fw-semibold">{question}</p>
        {detail && <p className="mb-0 text-body-secondary">{detail}</p>}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy} autoFocus data-testid="confirm-no">
          {t('addProperty.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} data-testid="confirm-yes">
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
