import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateApiError } from '../../../i18n/translate-api-error';
import { cancelMessage } from '../outbox/runner';
import type { OutboxItem } from '../outbox/types';

/**
 * Messages kept on the device (issue 30): "waiting to send", or "not sent" with the server's reason and the
 * whole text (read-only, to copy; `onEdit` puts it back in the form). Taking one back asks first.
 */
export function OutboxList({ items, onEdit, showTarget = false }: { items: OutboxItem[]; onEdit?: (item: OutboxItem) => void; showTarget?: boolean }) {
  if (!items.length) return null;
  return (
    <ul className="list-unstyled mb-0 outbox-list" data-testid="outbox-list">
      {items.map((item) => (
        <OutboxEntry key={item.id} item={item} onEdit={onEdit} showTarget={showTarget} />
      ))}
    </ul>
  );
}

function OutboxEntry({ item, onEdit, showTarget }: { item: OutboxItem; onEdit?: (item: OutboxItem) => void; showTarget: boolean }) {
  const { t } = useTranslation('contact');
  const [confirming, setConfirming] = useState(false);
  const failed = item.state === 'failed';
  const textId = `outbox-text-${item.id}`;
  return (
    <li className={`outbox-item border rounded p-2 mt-2 ${failed ? 'border-danger' : 'border-warning'}`} data-testid="outbox-item" data-state={item.state}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <span className={`badge ${failed ? 'text-bg-danger' : 'text-bg-warning'}`} data-testid="outbox-state">
          <i className={`bi ${failed ? 'bi-exclamation-triangle' : 'bi-hourglass-split'} me-1`} aria-hidden="true" />
          {failed ? t('outbox.failed') : t('outbox.waiting')}
        </span>
        {showTarget &&
          (item.target.kind === 'listing' ? (
            <Link to={`/property-details/${item.target.listingId}`} className="small">
              {t('outbox.toOwner', { id: item.target.listingId })}
            </Link>
          ) : (
            <Link to="/contact" className="small">
              {t('outbox.toPlatform')}
            </Link>
          ))}
      </div>
      {failed && (
        <p className="small text-danger mb-1" role="alert">
          {/* The server's words may be in the other language: their own line, their own direction. */}
          <span className="d-block fw-medium">
            <bdi>{translateApiError(t, item.error)}</bdi>
          </span>
          {t('outbox.failedNote')}
        </p>
      )}
      <label htmlFor={textId} className="visually-hidden">
        {t('outbox.yourMessage')}
      </label>
      <textarea id={textId} className="form-control form-control-sm outbox-text" readOnly dir="auto" rows={failed ? 3 : 2} value={item.body.message ?? ''} />
      {confirming ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2" role="group" aria-label={t('outbox.confirmCancel')}>
          <span className="small">{t('outbox.confirmCancel')}</span>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void cancelMessage(item.id)}>
            {t('outbox.confirmYes')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('outbox.confirmNo')}
          </button>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2 mt-2">
          {failed && onEdit && (
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onEdit(item)}>
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {t('outbox.edit')}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setConfirming(true)}>
            {failed ? t('outbox.remove') : t('outbox.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
