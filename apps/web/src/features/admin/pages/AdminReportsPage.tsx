import { useEffect, useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { useLastWhileClosing } from '../../../components/useLastWhileClosing';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES, REPORT_CASE_STATUSES, REPORT_REASONS, type ReportCase, type ReportCaseStatus } from '@manzil/shared';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage, type AppLanguage } from '../../../i18n/config';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage, useBlockUser, useDecideReport, useReportCases } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminActions } from '../components/AdminActions';
import { AdminNav } from '../components/AdminNav';
import { PrevNextPager } from '../components/PrevNextPager';
import { QueryStatus } from '../components/QueryStatus';
import { dateTimeOf, titleOf } from '../components/format';
import { StatusFilter } from '../components/StatusFilter';
import '../admin.css';
import { useListParams } from '../useListParams';

const PAGE = 20;

type Action = 'dismiss' | 'hide' | 'unhide' | 'block' | 'unblock';
type Pending = { item: ReportCase; action: Action } | null;

/** Confirmation before a decision; hiding also asks for the reason the owner is e-mailed (required). */
function DecideDialog({ pending, lang, busy, error, onCancel, onConfirm }: {
  pending: Pending;
  lang: AppLanguage;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  useEffect(() => {
    setReason('');
    setMissing(false);
  }, [pending]);
  // While the dialog fades out (pending is null by then) it keeps showing the decision it was opened for.
  const shown = useLastWhileClosing(pending);
  const hide = shown?.action === 'hide';
  return (
    <Modal show={pending != null} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (hide && !reason.trim()) {
            setMissing(true);
            document.getElementById(`${id}-reason`)?.focus();
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Modal.Header closeButton closeLabel={t('reports.cancel')}>
          <Modal.Title id={`${id}-title`} className="h5">
            {t(`reports.${shown?.action ?? 'dismiss'}Title`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="fw-medium">{t(`reports.${shown?.action ?? 'dismiss'}Confirm`)}</p>
          {shown && <p className="text-body-secondary small">{titleOf(shown.item.listing, lang)}</p>}
          {hide && (
            <>
              <label htmlFor={`${id}-reason`} className="form-label">
                {t('reports.hideReason')}
              </label>
              <textarea
                id={`${id}-reason`}
                className={`form-control${missing ? ' is-invalid' : ''}`}
                rows={3}
                maxLength={1000}
                value={reason}
                aria-invalid={missing || undefined}
                aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
                onChange={(e) => {
                  setMissing(false);
                  setReason(e.target.value);
                }}
              />
              <div id={`${id}-missing`} className="invalid-feedback d-block" role="alert">
                {missing ? translateApiError(t, MESSAGES.hideReasonRequired) : null}
              </div>
              <div id={`${id}-hint`} className="form-text">
                {t('reports.hideHint')}
              </div>
            </>
          )}
          {error && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('reports.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${shown?.action === 'dismiss' || shown?.action === 'unblock' || shown?.action === 'unhide' ? 'btn-success' : 'btn-danger'}`}
            disabled={busy}
            data-testid="report-decide-confirm"
          >
            {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
            {t(`reports.${shown?.action ?? 'dismiss'}`)}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

function CaseCard({ item, lang, onDecide }: { item: ReportCase; lang: AppLanguage; onDecide: (action: Action) => void }) {
  const { t } = useTranslation('admin');
  const l = item.listing;
  const held = l.withheld.includes('reported');
  const titleId = `report-case-${item.id}`;
  return (
    <article className="card shadow-sm mb-3" aria-labelledby={titleId} data-case-id={item.id} data-listing-id={l.id}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <h2 id={titleId} className="h6 mb-1">
              <Link to={`/property-details/${l.id}`}>{titleOf(l, lang)}</Link>
            </h2>
            <div className="small text-body-secondary">
              {t('reports.owner')} <bdi>{l.owner.full_name || l.owner.username}</bdi>
              {l.owner.email && (
                <>
                  {' · '}
                  <bdi>{l.owner.email}</bdi>
                </>
              )}
            </div>
            <div className="small text-body-secondary">
              {t('reports.opened')} <bdi>{dateTimeOf(item.opened_at, lang)}</bdi>
            </div>
          </div>
          <div className="text-end">
            <span className="badge text-bg-secondary me-1" data-testid="report-reporters">
              {t('reports.reporters', { count: item.reporters })}
            </span>
            {item.status === 'open' && held && <span className="badge text-bg-warning">{t('reports.held')}</span>}
            {item.owner_blocked && <span className="badge text-bg-dark ms-1">{t('reports.ownerBlocked')}</span>}
            {item.status !== 'open' && (
              <span className={`badge text-bg-${item.status === 'hidden' ? 'danger' : 'success'}`}>{t(`reports.tabs.${item.status}`)}</span>
            )}
          </div>
        </div>

        <ul className="list-inline mt-2 mb-2" aria-label={t('reports.reasonsLabel')}>
          {REPORT_REASONS.filter((r) => item.reasons[r] > 0).map((r) => (
            <li key={r} className="list-inline-item badge rounded-pill text-bg-light border mb-1" data-reason={r}>
              {t(`reports.reasons.${r}`)} × {item.reasons[r]}
            </li>
          ))}
        </ul>

        <details className="small mb-2">
          <summary>{t('reports.reportsList', { count: item.reports.length })}</summary>
          <ol className="admin-history mt-2">
            {item.reports.map((r) => (
              <li key={r.id}>
                <strong>{t(`reports.reasons.${r.reason}`)}</strong> · {r.signed_in ? t('reports.signedIn') : t('reports.anonymous')} ·{' '}
                <bdi>{dateTimeOf(r.created_at, lang)}</bdi>
                {r.details && (
                  <div className="text-body-secondary admin-report-text" dir="auto">
                    {r.details}
                  </div>
                )}
              </li>
            ))}
          </ol>
        </details>

        {item.status !== 'open' && (
          <p className="small mb-2">
            {t(`reports.decided.${item.status}`)} {t('listings.byLabel')} <bdi>{item.decided_by_name ?? t('listings.unknownAdmin')}</bdi>
            {item.decided_at && (
              <>
                {' · '}
                <bdi>{dateTimeOf(item.decided_at, lang)}</bdi>
              </>
            )}
            {item.decision_reason && <span className="d-block text-body-secondary">{t('listings.reason', { reason: item.decision_reason })}</span>}
          </p>
        )}

        <h3 className="h6 small fw-semibold mt-3">{t('reports.actionsTitle')}</h3>
        <AdminActions actions={item.actions} lang={lang} />

        <div className="d-flex flex-wrap gap-2 mt-3">
          {item.status === 'open' && (
            <>
              <button type="button" className="btn btn-outline-success" onClick={() => onDecide('dismiss')} data-testid="report-dismiss">
                <i className="bi bi-check2 me-1" aria-hidden="true" />
                {t('reports.dismiss')}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => onDecide('hide')} data-testid="report-hide">
                <i className="bi bi-eye-slash me-1" aria-hidden="true" />
                {t('reports.hide')}
              </button>
            </>
          )}
          {item.status === 'hidden' && (
            <button type="button" className="btn btn-outline-success" onClick={() => onDecide('unhide')} data-testid="report-unhide">
              <i className="bi bi-eye me-1" aria-hidden="true" />
              {t('reports.unhide')}
            </button>
          )}
          <button
            type="button"
            className={`btn ${item.owner_blocked ? 'btn-outline-success' : 'btn-outline-dark'} ms-auto`}
            onClick={() => onDecide(item.owner_blocked ? 'unblock' : 'block')}
            data-testid="owner-block"
          >
            <i className={`bi bi-${item.owner_blocked ? 'person-check' : 'person-slash'} me-1`} aria-hidden="true" />
            {t(item.owner_blocked ? 'reports.unblock' : 'reports.block')}
          </button>
        </div>
      </div>
    </article>
  );
}

function Reports() {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('reports.title'));
  const { params, page, go } = useListParams();
  const statusParam = params.get('status');
  const status: ReportCaseStatus = (REPORT_CASE_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as ReportCaseStatus) : 'open';
  const query = useReportCases(status, (page - 1) * PAGE, PAGE);
  const decide = useDecideReport();
  const blocking = useBlockUser();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const total = query.data?.total ?? 0;


  return (
    <section className="container page-section py-4 admin-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0">{t('reports.title')}</h1>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <i className={`bi bi-arrow-clockwise me-1${query.isFetching ? ' spin' : ''}`} aria-hidden="true" />
          {t('reports.refresh')}
        </button>
      </div>
      <AdminNav />

      <StatusFilter label={t('reports.filterLabel')} options={REPORT_CASE_STATUSES} current={status} text={(s) => t(`reports.tabs.${s}`)} onSelect={(s) => go({ status: s })} />

      {done && (
        <div className="alert alert-success alert-dismissible" role="status">
          {done}
          <button type="button" className="btn-close" aria-label={t('close')} onClick={() => setDone(null)} />
        </div>
      )}

      <QueryStatus query={query} failed={MESSAGES.reportsFailed} />

      {query.data && query.data.items.length === 0 && (
        <div className="text-center py-5 text-body-secondary" data-testid="reports-empty">
          <i className="bi bi-shield-check fs-1 d-block mb-2" aria-hidden="true" />
          {t(`reports.empty.${status}`)}
        </div>
      )}

      {query.data?.items.map((item) => (
        <CaseCard
          key={item.id}
          item={item}
          lang={lang}
          onDecide={(action) => {
            decide.reset();
            blocking.reset();
            setPending({ item, action });
          }}
        />
      ))}

      <PrevNextPager page={page} pageSize={PAGE} total={total} onPage={(p) => go({ page: p })} />

      <DecideDialog
        pending={pending}
        lang={lang}
        busy={decide.isPending || blocking.isPending}
        error={
          decide.isError || blocking.isError ? translateApiError(t, adminErrorMessage(decide.error ?? blocking.error, MESSAGES.serverError)) : null
        }
        onCancel={() => setPending(null)}
        onConfirm={(reason) => {
          if (!pending) return;
          const { item, action } = pending;
          if (action === 'block' || action === 'unblock') {
            blocking.mutate(
              { userId: item.listing.owner_id, block: action === 'block' },
              {
                onSuccess: () => {
                  setPending(null);
                  setDone(t(action === 'block' ? 'reports.blockedDone' : 'reports.unblockedDone', { name: item.listing.owner.full_name || item.listing.owner.username }));
                },
              },
            );
            return;
          }
          decide.mutate(
            { id: item.id, action, reason },
            {
              onSuccess: () => {
                setPending(null);
                setDone(t(action === 'hide' ? 'reports.hiddenDone' : action === 'unhide' ? 'reports.unhiddenDone' : 'reports.dismissedDone', { title: titleOf(item.listing, lang) }));
              },
            },
          );
        }}
      />
    </section>
  );
}

/** /admin/reports (issue 28): open report cases with the listing, reasons and counts; dismiss or hide each. */
export default function AdminReportsPage() {
  return (
    <AdminGuard>
      <Reports />
    </AdminGuard>
  );
}
