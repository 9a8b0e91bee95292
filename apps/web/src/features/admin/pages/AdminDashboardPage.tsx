import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES } from '@manzil/shared';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage, useAdminStats, useReportCases } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminNav } from '../components/AdminNav';
import '../admin.css';

const CARDS = [
  { key: 'pending', color: 'warning', icon: 'hourglass-split' },
  { key: 'approved', color: 'success', icon: 'check-circle' },
  { key: 'rejected', color: 'danger', icon: 'x-circle' },
  { key: 'total', color: 'primary', icon: 'buildings' },
] as const;

function Dashboard() {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  const stats = useAdminStats();
  // The open count is the total of the open cases' list (one case asked for, not a count endpoint of its own).
  const reports = useReportCases('open', 0, 1);
  const openReports = reports.data?.total;
  const refreshing = stats.isFetching || reports.isFetching;

  return (
    <section className="container page-section py-4 admin-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0">{t('dashboard.title')}</h1>
        <button type="button" className="btn btn-outline-secondary" onClick={() => { void stats.refetch(); void reports.refetch(); }} disabled={refreshing}>
          <i className={`bi bi-arrow-clockwise me-1${refreshing ? ' spin' : ''}`} aria-hidden="true" />
          {t('dashboard.refresh')}
        </button>
      </div>
      <AdminNav />

      {stats.isError && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
          <span>
            <i className="bi bi-exclamation-octagon me-2" aria-hidden="true" />
            {translateApiError(t, adminErrorMessage(stats.error, MESSAGES.statsFailed))}
          </span>
          <button type="button" className="btn btn-sm btn-light" onClick={() => void stats.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      )}

      {stats.data && stats.data.pending > 0 && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2" role="status">
          <span>
            <i className="bi bi-bell me-2" aria-hidden="true" />
            <strong>{t('dashboard.actionRequired')}</strong> {t('dashboard.pendingWaiting', { count: stats.data.pending })}
          </span>
          <Link to="/admin/review" className="btn btn-sm btn-warning">
            {t('dashboard.reviewNow')}
          </Link>
        </div>
      )}

      {openReports != null && openReports > 0 && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="status" data-testid="open-reports">
          <span>
            <i className="bi bi-flag me-2" aria-hidden="true" />
            {t('dashboard.reportsWaiting', { count: openReports })}
          </span>
          <Link to="/admin/reports" className="btn btn-sm btn-danger">
            {t('dashboard.reportsNow')}
          </Link>
        </div>
      )}

      <div className="row g-3 mb-4" aria-busy={stats.isLoading}>
        {CARDS.map((c) => (
          <div className="col-6 col-lg-3" key={c.key}>
            <div className={`card h-100 border-0 shadow-sm admin-stat admin-stat-${c.color}`} data-stat={c.key}>
              <div className="card-body">
                <div className="d-flex align-items-center justify-content-between">
                  <span className="text-body-secondary small fw-medium">{t(`dashboard.cards.${c.key}`)}</span>
                  <i className={`bi bi-${c.icon} fs-4 text-${c.color}`} aria-hidden="true" />
                </div>
                <div className="display-6 fw-semibold mt-2 admin-stat-value">
                  {stats.isLoading ? <span className="placeholder col-4" aria-hidden="true" /> : (stats.data?.[c.key] ?? '—')}
                </div>
              </div>
            </div>
          </div>
        ))}
      </div>

      <h2 className="h5 mb-3">{t('dashboard.quickActions')}</h2>
      <div className="row g-3">
        <div className="col-md-6">
          <Link to="/admin/review" className="card h-100 text-decoration-none shadow-sm admin-action">
            <div className="card-body d-flex gap-3 align-items-center">
              <i className="bi bi-clipboard-check fs-2 text-warning" aria-hidden="true" />
              <div>
                <div className="fw-semibold text-body">{t('dashboard.reviewAction')}</div>
                <div className="small text-body-secondary">{t('dashboard.reviewActionText')}</div>
              </div>
            </div>
          </Link>
        </div>
        <div className="col-md-6">
          <Link to="/admin/reports" className="card h-100 text-decoration-none shadow-sm admin-action">
            <div className="card-body d-flex gap-3 align-items-center">
              <i className="bi bi-flag fs-2 text-danger" aria-hidden="true" />
              <div>
                <div className="fw-semibold text-body">
                  {t('dashboard.reportsAction')}{' '}
                  {/* Red only when there is something to see to. */}
                  <span className={`badge ${openReports ? 'text-bg-danger' : 'text-bg-secondary'}`} data-stat="open_reports">
                    {reports.isLoading ? '…' : (openReports ?? '—')}
                  </span>
                </div>
                <div className="small text-body-secondary">{t('dashboard.reportsActionText')}</div>
              </div>
            </div>
          </Link>
        </div>
        <div className="col-md-6">
          <Link to="/admin/listings" className="card h-100 text-decoration-none shadow-sm admin-action">
            <div className="card-body d-flex gap-3 align-items-center">
              <i className="bi bi-list-ul fs-2 text-primary" aria-hidden="true" />
              <div>
                <div className="fw-semibold text-body">{t('dashboard.listingsAction')}</div>
                <div className="small text-body-secondary">{t('dashboard.listingsActionText')}</div>
              </div>
            </div>
          </Link>
        </div>
      </div>
    </section>
  );
}

/** /admin/dashboard (spec §2): four real counts, quick actions, refresh, Action Required when pending > 0. */
export default function AdminDashboardPage() {
  return (
    <AdminGuard>
      <Dashboard />
    </AdminGuard>
  );
}
