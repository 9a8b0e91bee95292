import { useEffect, useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { MESSAGES, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@manzil/shared';
import { ApiError, apiFetch } from '../../../api/client';
import { translateApiError, translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';

/**
 * The "Report this listing" dialog (issue 28): a reason and optional words, sent anonymously or as the signed-in
 * user. A user who already reported it is thanked as for a first report, with the server's clear message.
 */
export default function ReportDialog({ listingId, show, onHide }: { listingId: number; show: boolean; onHide: () => void }) {
  const { t } = useTranslation('details');
  const { token } = useAuth();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'thanks' | 'already' | null>(null);
  const id = useId();

  useEffect(() => {
    if (!show) return;
    setReason(null);
    setDetails('');
    setMissing(false);
    setError(null);
    setDone(null);
  }, [show]);

  const send = async () => {
    if (!reason) {
      setMissing(true);
      document.getElementById(`${id}-${REPORT_REASONS[0]}`)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await apiFetch(`/listings/${listingId}/report`, {
        method: 'POST',
        auth: Boolean(token),
        body: { reason, ...(details.trim() ? { details: details.trim() } : {}) },
      });
      setDone('thanks');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setDone('already');
      else setError(translateError(t, e));
    } finally {
      setSending(false);
    }
  };

  const errorId = `${id}-missing`;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('report.close')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t('report.title')}
        </Modal.Title>
      </Modal.Header>
      {done ? (
        <>
          <Modal.Body>
            <div className="alert alert-success mb-0" role="status" data-testid="report-thanks">
              <i className="bi bi-check-circle me-2" aria-hidden="true" />
              {done === 'already' ? translateApiError(t, MESSAGES.alreadyReported) : t('report.thanks')}
            </div>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-brand" onClick={onHide} autoFocus>
              {t('report.close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Modal.Body>
            <p className="text-body-secondary small">{t('report.intro')}</p>
            <fieldset aria-describedby={missing ? errorId : undefined}>
              <legend className="form-label fs-6 fw-medium">{t('report.reason')}</legend>
              {REPORT_REASONS.map((k) => (
                <div className="form-check" key={k}>
                  <input
                    className={`form-check-input${missing ? ' is-invalid' : ''}`}
                    type="radio"
                    name={`${id}-reason`}
                    id={`${id}-${k}`}
                    value={k}
                    checked={reason === k}
                    onChange={() => {
                      setMissing(false);
                      setReason(k);
                    }}
                    data-reason={k}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${k}`}>
                    {t(`report.reasons.${k}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <div id={errorId} className="invalid-feedback d-block" role="alert">
              {missing ? translateApiError(t, MESSAGES.reportReasonRequired) : null}
            </div>
            <label htmlFor={`${id}-details`} className="form-label mt-2">
              {t('report.details')} <span className="text-body-secondary small">({t('report.optional')})</span>
            </label>
            <textarea
              id={`${id}-details`}
              className="form-control"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              placeholder={t('report.detailsPlaceholder')}
            />
            <div className="form-text">{t('report.left', { count: REPORT_DETAILS_MAX - details.length })}</div>
            {error && (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {error}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onHide}>
              {t('report.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={sending} data-testid="report-send">
              {sending && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
              <i className="bi bi-flag me-1" aria-hidden="true" />
              {t('report.send')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
