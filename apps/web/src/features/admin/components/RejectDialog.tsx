import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@manzil/shared';
import { translateApiError } from '../../../i18n/translate-api-error';

/** Confirmation before rejecting (spec §4), with an optional reason the owner is e-mailed. */
export function RejectDialog({ title, show, onCancel, onConfirm }: { title: string; show: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const id = useId();
  useEffect(() => {
    if (show) setReason('');
  }, [show]);
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason);
        }}
      >
        <Modal.Header closeButton closeLabel={t('review.cancel')}>
          <Modal.Title id={`${id}-title`} className="h5">
            {t('review.rejectTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="fw-medium">{translateApiError(t, MESSAGES.rejectConfirm)}</p>
          <p className="text-body-secondary small">{title}</p>
          <label htmlFor={`${id}-reason`} className="form-label">
            {t('review.reason')} <span className="text-body-secondary small">({t('review.optional')})</span>
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-control"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('review.reasonPlaceholder')}
          />
          <div className="form-text">{t('review.reasonHint')}</div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('review.cancel')}
          </button>
          <button type="submit" className="btn btn-danger">
            <i className="bi bi-x-circle me-1" aria-hidden="true" />
            {t('review.confirmReject')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
