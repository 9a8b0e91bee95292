import { useTranslation } from 'react-i18next';

/** Previous / "showing a–b of n" / Next under an admin list of `pageSize` items a page; nothing on a single page. */
export function PrevNextPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  return (
    <nav aria-label={t('listings.pagination')} className="d-flex justify-content-between align-items-center">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('listings.previous')}
      </button>
      <span className="small">{t('listings.showing', { from: (page - 1) * pageSize + 1, to: Math.min(total, page * pageSize), total })}</span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('listings.next')}
      </button>
    </nav>
  );
}
