import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/** A confirmation before something destructive (spec §5: delete needs a confirm dialog). */
export function ConfirmDialog({
  show,
  title,
  question,
  detail,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  question: string;
  detail?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('owner');
  return (
    <Modal show={show} onHide={busy ? undefined : onCancel} centered aria-labelledby="owner-confirm-title" data-testid="confirm-dialog">
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
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy}>
          {t('addProperty.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} autoFocus data-testid="confirm-yes">
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
