import { useEffect, useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { MESSAGES, REJECTION_REASONS, rejectionReasonText, type RejectionReason } from '@manzil/shared';
import { translateApiError } from '../../../i18n/translate-api-error';

const REASONS = Object.keys(REJECTION_REASONS) as RejectionReason[];

/**
 * Confirmation before rejecting (spec §4) with the reason the owner is e-mailed, which is required (issue 25):
 * common reasons to tick (sent in both languages) and the administrator's own words.
 */
export function RejectDialog({
  title,
  show,
  onCancel,
  onConfirm,
  onExited,
}: {
  title: string;
  show: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  /** Once it has faded out. */
  onExited?: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const [chosen, setChosen] = useState<RejectionReason[]>([]);
  const [own, setOwn] = useState('');
  const [missing, setMissing] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (!show) return;
    setChosen([]);
    setOwn('');
    setMissing(false);
  }, [show]);
  const toggle = (k: RejectionReason, on: boolean) => {
    setMissing(false);
    setChosen((c) => (on ? REASONS.filter((r) => r === k || c.includes(r)) : c.filter((r) => r !== k)));
  };
  const errorId = `${id}-missing`;
  return (
    <Modal show={show} onHide={onCancel} onExited={onExited} centered aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const reason = rejectionReasonText(chosen, own);
          if (!reason) {
            setMissing(true);
            first.current?.focus();
            return;
          }
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
          <fieldset aria-describedby={missing ? errorId : undefined}>
            <legend className="form-label fs-6">{t('review.reasons')}</legend>
            {REASONS.map((k, i) => (
              <div className="form-check" key={k}>
                <input
                  ref={i === 0 ? first : undefined}
                  className={`form-check-input${missing ? ' is-invalid' : ''}`}
                  type="checkbox"
                  id={`${id}-${k}`}
                  checked={chosen.includes(k)}
                  onChange={(e) => toggle(k, e.target.checked)}
                  data-reason={k}
                />
                <label className="form-check-label" htmlFor={`${id}-${k}`}>
                  {REJECTION_REASONS[k][lang]}
                </label>
              </div>
            ))}
          </fieldset>
          <label htmlFor={`${id}-reason`} className="form-label mt-3">
            {t('review.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={`form-control${missing ? ' is-invalid' : ''}`}
            rows={3}
            maxLength={1000}
            value={own}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId : undefined}
            onChange={(e) => {
              setMissing(false);
              setOwn(e.target.value);
            }}
            placeholder={t('review.reasonPlaceholder')}
          />
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {missing ? translateApiError(t, MESSAGES.rejectReasonRequired) : null}
          </div>
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
