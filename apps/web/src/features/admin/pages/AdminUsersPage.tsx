import { useEffect, useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { useLastWhileClosing } from '../../../components/useLastWhileClosing';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type AdminUser } from '@manzil/shared';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage, type AppLanguage } from '../../../i18n/config';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage, useAdminUsers, useBlockUser } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminNav } from '../components/AdminNav';
import { PrevNextPager } from '../components/PrevNextPager';
import { QueryStatus } from '../components/QueryStatus';
import { dateOf } from '../components/format';
import { StatusFilter } from '../components/StatusFilter';
import '../admin.css';
import { useListParams } from '../useListParams';

const PAGE = 20;
const STATUSES = [undefined, 'active', 'blocked'] as const;
type Status = (typeof STATUSES)[number];
type Pending = { user: AdminUser; block: boolean } | null;

/** Confirmation before blocking (sessions end, listings leave public view) or unblocking. */
function BlockDialog({ pending, busy, error, onCancel, onConfirm }: { pending: Pending; busy: boolean; error: string | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  // While the dialog fades out it keeps showing the user it was opened for.
  const shown = useLastWhileClosing(pending);
  const block = shown?.block ?? true;
  return (
    <Modal show={pending != null} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('reports.cancel')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t(block ? 'users.blockTitle' : 'users.unblockTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-medium">{t(block ? 'users.blockConfirm' : 'users.unblockConfirm')}</p>
        {shown && (
          <p className="text-body-secondary small mb-0">
            <bdi>{shown.user.full_name}</bdi> · <bdi dir="ltr">{shown.user.email}</bdi>
          </p>
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
        <button type="button" className={`btn ${block ? 'btn-danger' : 'btn-success'}`} disabled={busy} onClick={onConfirm} data-testid="user-block-confirm">
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t(block ? 'users.block' : 'users.unblock')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function StatusBadge({ user, lang }: { user: AdminUser; lang: AppLanguage }) {
  const { t } = useTranslation('admin');
  return user.blocked_at ? (
    <span className="badge text-bg-dark" title={t('users.blockedSince', { date: dateOf(user.blocked_at, lang) })}>
      {t('users.blocked')}
    </span>
  ) : (
    <span className="badge text-bg-success">{t('users.active')}</span>
  );
}

function Users() {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('users.title'));
  const { params, page, go } = useListParams();
  const q = params.get('q')?.trim() ?? '';
  const statusParam = params.get('status');
  const status: Status = statusParam === 'active' || statusParam === 'blocked' ? statusParam : undefined;
  const query = useAdminUsers(q, status, (page - 1) * PAGE, PAGE);
  const blocking = useBlockUser();
  const [typed, setTyped] = useState(q);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => setTyped(q), [q]);


  return (
    <section className="container page-section py-4 admin-page">
      <h1 className="page-title mb-3">{t('users.title')}</h1>
      <AdminNav />

      <form
        role="search"
        className="d-flex flex-wrap gap-2 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: typed.trim() });
        }}
      >
        <label htmlFor="admin-users-q" className="visually-hidden">
          {t('users.searchLabel')}
        </label>
        <input
          id="admin-users-q"
          type="search"
          className="form-control flex-grow-1 w-auto"
          maxLength={100}
          placeholder={t('users.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-brand">
          <i className="bi bi-search me-1" aria-hidden="true" />
          {t('users.search')}
        </button>
      </form>

      <StatusFilter
        label={t('users.filterLabel')}
        options={STATUSES}
        current={status}
        text={(s) => t(`users.tabs.${s ?? 'all'}`)}
        onSelect={(s) => go({ status: s ?? null })}
      />

      {done && (
        <div className="alert alert-success alert-dismissible" role="status">
          {done}
          <button type="button" className="btn-close" aria-label={t('close')} onClick={() => setDone(null)} />
        </div>
      )}
      <QueryStatus query={query} failed={MESSAGES.serverError} />
      {query.isSuccess && query.data.items.length === 0 && <p className="text-center text-body-secondary py-5">{t(q ? 'users.noMatch' : 'users.empty')}</p>}

      {query.data && query.data.items.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('users.cols.user')}</th>
                  <th scope="col" className="d-none d-md-table-cell">{t('users.cols.joined')}</th>
                  <th scope="col" className="text-center">{t('users.cols.listings')}</th>
                  <th scope="col" className="d-none d-sm-table-cell">{t('users.cols.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('users.cols.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((u) => (
                  <tr key={u.id} data-testid="admin-user-row">
                    <td>
                      <div className="fw-medium">
                        <bdi>{u.full_name || '—'}</bdi>
                        {u.role === 'ADMIN' && <span className="badge text-bg-primary ms-1">{t('users.admin')}</span>}
                      </div>
                      <div className="small text-body-secondary text-break">
                        <bdi dir="ltr">{u.email}</bdi>
                        {!u.email_verified && <span className="badge text-bg-light border ms-1">{t('users.unverified')}</span>}
                      </div>
                      <div className="d-sm-none mt-1">
                        <StatusBadge user={u} lang={lang} />
                      </div>
                    </td>
                    <td className="d-none d-md-table-cell small">{dateOf(u.created_at, lang)}</td>
                    <td className="text-center">{u.listings_count.toLocaleString(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-US')}</td>
                    <td className="d-none d-sm-table-cell">
                      <StatusBadge user={u} lang={lang} />
                    </td>
                    <td className="text-end">
                      {u.role !== 'ADMIN' && (
                        <button
                          type="button"
                          className={`btn btn-sm ${u.blocked_at ? 'btn-outline-success' : 'btn-outline-danger'}`}
                          onClick={() => {
                            blocking.reset();
                            setPending({ user: u, block: !u.blocked_at });
                          }}
                          aria-label={t(u.blocked_at ? 'users.unblockNamed' : 'users.blockNamed', { name: u.full_name || u.email })}
                        >
                          <i className={`bi bi-${u.blocked_at ? 'person-check' : 'person-slash'} me-1`} aria-hidden="true" />
                          {t(u.blocked_at ? 'users.unblock' : 'users.block')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PrevNextPager page={page} pageSize={PAGE} total={query.data.total} onPage={(p) => go({ page: p })} />
        </>
      )}

      <BlockDialog
        pending={pending}
        busy={blocking.isPending}
        error={blocking.isError ? translateApiError(t, adminErrorMessage(blocking.error, MESSAGES.serverError)) : null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const { user, block } = pending;
          blocking.mutate(
            { userId: user.id, block },
            {
              onSuccess: () => {
                setPending(null);
                setDone(t(block ? 'reports.blockedDone' : 'reports.unblockedDone', { name: user.full_name || user.email }));
              },
            },
          );
        }}
      />
    </section>
  );
}

export default function AdminUsersPage() {
  return (
    <AdminGuard>
      <Users />
    </AdminGuard>
  );
}
