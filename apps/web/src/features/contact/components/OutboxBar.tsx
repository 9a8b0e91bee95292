import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../outbox/useOutbox';
import { OutboxList } from './OutboxList';
import '../contact.css';

/**
 * Under the navbar on every page while messages wait on the device (issue 30), so the visitor knows one is
 * queued after leaving the form; opens to the list, where each can be taken back.
 */
export default function OutboxBar() {
  const { t } = useTranslation('contact');
  const items = useOutbox();
  const [open, setOpen] = useState(false);
  if (!items?.length) return null;
  return (
    <div className="outbox-bar border-bottom bg-warning-subtle" data-testid="outbox-bar">
      <div className="container py-2">
        <div className="d-flex align-items-center gap-2">
          <i className="bi bi-hourglass-split" aria-hidden="true" />
          <span className="small flex-grow-1" role="status" data-testid="outbox-count">
            {t('outbox.count', { count: items.length })}
          </span>
          <button type="button" className="btn btn-sm btn-link p-0" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? t('outbox.hide') : t('outbox.show')}
          </button>
        </div>
        {open && <OutboxList items={items} showTarget />}
      </div>
    </div>
  );
}
