import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LISTING_STATUSES, MESSAGES, PAGE_SIZES, type ListingStatus } from '@manzil/shared';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage } from '../../../i18n/config';
import { useAdminListings, type AdminListing } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminActions } from '../components/AdminActions';
import { AdminNav } from '../components/AdminNav';
import { QueryStatus } from '../components/QueryStatus';
import { dateOf, dateTimeOf, STATUS_BADGE, titleOf } from '../components/format';
import { OwnerEmailStatus } from '../components/OwnerEmailStatus';
import { PriceText } from '../components/PriceText';
import { StatusFilter } from '../components/StatusFilter';
import '../admin.css';
import { useListParams } from '../useListParams';

const PAGE = PAGE_SIZES.admin;

function History({ listing }: { listing: AdminListing }) {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  // Approvals and rejections are in the moderation history; the other admin actions (hide, dismiss, block) follow it.
  const others = (listing.admin_actions ?? []).filter((a) => a.action !== 'approve' && a.action !== 'reject');
  if (listing.moderation_history.length === 0 && others.length === 0) return <p className="small text-body-secondary mb-0">{t('listings.noHistory')}</p>;
  return (
    <>
      {others.length > 0 && <AdminActions actions={others} lang={lang} />}
      <ol className="admin-history small">
        {listing.moderation_history.map((e) => (
          <li key={e.id}>
            <span className={`badge text-bg-${e.action === 'approve' ? 'success' : e.action === 'reject' ? 'danger' : 'secondary'} me-1`}>
              {t(`listings.actions.${e.action}`)}
            </span>
            {t('listings.byLabel')} <bdi>{e.admin_name ?? t('listings.unknownAdmin')}</bdi> · <bdi>{dateTimeOf(e.created_at, lang)}</bdi>
            {e.reason && <div className="text-body-secondary">{t('listings.reason', { reason: e.reason })}</div>}
          </li>
        ))}
      </ol>
    </>
  );
}

function pagesAround(current: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 1) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

function Listings() {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('listings.title'));
  const { params, page, go } = useListParams();
  const statusParam = params.get('status');
  const status = (LISTING_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as ListingStatus) : undefined;
  const query = useAdminListings((page - 1) * PAGE, PAGE, status);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const total = query.data?.total ?? 0;
  const last = Math.max(1, Math.ceil(total / PAGE));

  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const tabs: (ListingStatus | null)[] = [null, ...LISTING_STATUSES];
  return (
    <section className="container page-section py-4 admin-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0">{t('listings.title')}</h1>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <i className={`bi bi-arrow-clockwise me-1${query.isFetching ? ' spin' : ''}`} aria-hidden="true" />
          {t('review.refresh')}
        </button>
      </div>
      <AdminNav />

      <StatusFilter
        label={t('listings.filterLabel')}
        options={tabs}
        current={status ?? null}
        text={(s) => t(`listings.tabs.${s ?? 'all'}`)}
        onSelect={(s) => go({ status: s })}
      />

      <QueryStatus query={query} failed={MESSAGES.fetchAllFailed} />
      {query.isSuccess && query.data.items.length === 0 && <p className="text-center text-body-secondary py-5">{t('listings.empty')}</p>}

      {query.data && query.data.items.length > 0 && (
        <>
          <p className="small text-body-secondary">{t('listings.showing', { from: (page - 1) * PAGE + 1, to: (page - 1) * PAGE + query.data.items.length, total })}</p>
          <div className="table-responsive">
            <table className="table align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('listings.cols.listing')}</th>
                  <th scope="col" className="d-none d-md-table-cell">{t('listings.cols.owner')}</th>
                  <th scope="col">{t('listings.cols.status')}</th>
                  <th scope="col" className="d-none d-lg-table-cell">{t('listings.cols.price')}</th>
                  <th scope="col" className="d-none d-md-table-cell">{t('listings.cols.created')}</th>
                  <th scope="col">{t('listings.cols.history')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((l) => {
                  const latest = l.moderation_history[0];
                  const expanded = open.has(l.id);
                  return (
                    <Fragment key={l.id}>
                      <tr data-listing-id={l.id}>
                        <td>
                          <Link to={`/property-details/${l.id}`} className="fw-medium">
                            {titleOf(l, lang)}
                          </Link>
                          <div className="small text-body-secondary d-md-none">
                            {l.owner.username} <OwnerEmailStatus verified={l.owner.email_verified} className="ms-1" />
                          </div>
                        </td>
                        <td className="d-none d-md-table-cell">
                          <div>{l.owner.username}</div>
                          <OwnerEmailStatus verified={l.owner.email_verified} />
                        </td>
                        <td>
                          <span className={`badge text-bg-${STATUS_BADGE[l.status] ?? 'secondary'}`}>{t(`listings.tabs.${l.status}`)}</span>
                          {!l.is_active && <span className="badge text-bg-secondary ms-1">{t('listings.inactive')}</span>}
                          {l.withheld.map((w) => (
                            <span key={w} className="badge text-bg-dark ms-1">{t(`listings.withheld.${w}`)}</span>
                          ))}
                        </td>
                        <td className="d-none d-lg-table-cell text-nowrap"><PriceText listing={l} lang={lang} /></td>
                        <td className="d-none d-md-table-cell text-nowrap">{dateOf(l.created_at, lang)}</td>
                        <td>
                          <button type="button" className="btn btn-link btn-sm p-0 text-start" aria-expanded={expanded} onClick={() => toggle(l.id)}>
                            {latest ? (
                              <>
                                {t(`listings.actions.${latest.action}`)} · <bdi>{dateOf(latest.created_at, lang)}</bdi>
                              </>
                            ) : (
                              t('listings.noHistoryShort')
                            )}
                            <i className={`bi bi-chevron-${expanded ? 'up' : 'down'} ms-1`} aria-hidden="true" />
                          </button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr className="table-light">
                          <td colSpan={6}>
                            {l.rejection_reason && (
                              <p className="small mb-2">
                                <strong>{t('listings.rejectionReason')}</strong> {l.rejection_reason}
                              </p>
                            )}
                            <History listing={l} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          {last > 1 && (
            <nav aria-label={t('listings.pagination')}>
              <ul className="pagination justify-content-center flex-wrap">
                <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
                  <button type="button" className="page-link" onClick={() => go({ page: page - 1 })} disabled={page <= 1}>
                    {t('listings.previous')}
                  </button>
                </li>
                {pagesAround(page, last).map((p, i) =>
                  p === null ? (
                    <li className="page-item disabled" key={`gap${i}`}>
                      <span className="page-link">…</span>
                    </li>
                  ) : (
                    <li className={`page-item${p === page ? ' active' : ''}`} key={p}>
                      <button type="button" className="page-link" aria-current={p === page ? 'page' : undefined} onClick={() => go({ page: p })}>
                        {p}
                      </button>
                    </li>
                  ),
                )}
                <li className={`page-item${page >= last ? ' disabled' : ''}`}>
                  <button type="button" className="page-link" onClick={() => go({ page: page + 1 })} disabled={page >= last}>
                    {t('listings.next')}
                  </button>
                </li>
              </ul>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** /admin/listings: every listing with status tabs, 20 a page, and each listing's moderation history. */
export default function AdminListingsPage() {
  return (
    <AdminGuard>
      <Listings />
    </AdminGuard>
  );
}
