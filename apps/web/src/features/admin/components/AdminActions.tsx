import { useTranslation } from 'react-i18next';
import type { AdminAction } from '@manzil/shared';
import type { AppLanguage } from '../../../i18n/config';
import { dateTimeOf } from './format';

/** Who did what and when on a listing (the record of admin actions). */
export function AdminActions({ actions, lang }: { actions: AdminAction[]; lang: AppLanguage }) {
  const { t } = useTranslation('admin');
  if (actions.length === 0) return <p className="small text-body-secondary mb-0">{t('reports.noActions')}</p>;
  return (
    <ol className="admin-history small mb-0" data-testid="admin-actions">
      {actions.map((a) => (
        <li key={a.id}>
          <span className={`badge text-bg-${a.action === 'approve' || a.action === 'dismiss' || a.action === 'unblock' || a.action === 'unhide' ? 'success' : 'danger'} me-1`}>
            {t(`reports.actionNames.${a.action}`)}
          </span>
          {t('listings.byLabel')} <bdi>{a.admin_name ?? t('listings.unknownAdmin')}</bdi> · <bdi>{dateTimeOf(a.created_at, lang)}</bdi>
          {a.reason && <div className="text-body-secondary">{t('listings.reason', { reason: a.reason })}</div>}
        </li>
      ))}
    </ol>
  );
}
