import { useTranslation } from 'react-i18next';

/** Page numbers around the current one, with first/last and gaps: [1, '…', 4, 5, 6, '…', 20]. */
export function pageWindow(page: number, pages: number, span = 1): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= span) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('search');
  return (
    <nav className="mt-4" aria-label={t('pagination')}>
      <ul className="pagination justify-content-center flex-wrap">
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <span aria-hidden="true" className="bi bi-chevron-left flip-rtl" /> {t('previous')}
          </button>
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === '…' ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item ${p === page ? 'active' : ''}`}>
              <button type="button" className="page-link" onClick={() => onPage(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pageN', { page: p })}>
                {p}
              </button>
            </li>
          ),
        )}
        <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            {t('next')} <span aria-hidden="true" className="bi bi-chevron-right flip-rtl" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
