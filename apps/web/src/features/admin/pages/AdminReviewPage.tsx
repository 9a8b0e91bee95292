import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES, TIMINGS, type ListingRead } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage } from '../../../i18n/config';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage, useModerate, usePendingListings, type Decision } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminNav } from '../components/AdminNav';
import { dateOf, placeOf, titleOf } from '../components/format';
import { OwnerEmailStatus } from '../components/OwnerEmailStatus';
import { PriceText } from '../components/PriceText';
import { RejectDialog } from '../components/RejectDialog';
import '../admin.css';

type Banner = { kind: 'success' | 'danger'; text: string } | null;

function PendingCard({ listing, busy, onApprove, onReject }: { listing: ListingRead; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  const p = listing.property;
  const image = mediaUrl(listing.media[0]?.file_url);
  const title = titleOf(listing, lang);
  return (
    <article className="card h-100 shadow-sm" data-listing-id={listing.id} aria-label={title}>
      {image ? <img src={image} alt="" className="card-img-top admin-card-img" loading="lazy" /> : <div className="card-img-top admin-card-noimg" aria-hidden="true"><i className="bi bi-image" /></div>}
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between gap-2 small text-body-secondary mb-1">
          <span>
            <i className="bi bi-person me-1" aria-hidden="true" />
            {listing.owner.username}
          </span>
          <span>
            <i className="bi bi-calendar3 me-1" aria-hidden="true" />
            {dateOf(listing.created_at, lang)}
          </span>
        </div>
        <div className="mb-2">
          <OwnerEmailStatus verified={listing.owner.email_verified} />
        </div>
        <h2 className="h6 card-title mb-1" tabIndex={-1}>
          {title}
        </h2>
        <div className="fw-semibold text-primary mb-2"><PriceText listing={listing} lang={lang} /></div>
        <ul className="admin-facts small mb-2">
          <li>
            <i className="bi bi-door-closed me-1" aria-hidden="true" />
            {t('card.beds', { count: p.bedrooms ?? 0 })}
          </li>
          <li>
            <i className="bi bi-droplet me-1" aria-hidden="true" />
            {t('card.baths', { count: p.bathrooms ?? 0 })}
          </li>
          <li>
            <i className="bi bi-arrows-angle-expand me-1" aria-hidden="true" />
            {p.area_sqm != null ? t('card.area', { area: p.area_sqm }) : t('card.noArea')}
          </li>
        </ul>
        <div className="small mb-2">
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {placeOf(listing, lang) ?? t('card.noLocation')}
        </div>
        <div className="mb-3">
          <span className="badge text-bg-light border me-1">{t(`propertyTypes.${p.property_type}`)}</span>
          <span className="badge text-bg-light border">{t(`listingTypes.${listing.listing_type}`)}</span>
        </div>
        <div className="mt-auto d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-success btn-sm flex-grow-1" disabled={busy} onClick={onApprove}>
            {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : <i className="bi bi-check-lg me-1" aria-hidden="true" />}
            {t('review.approve')}
          </button>
          <button type="button" className="btn btn-outline-danger btn-sm flex-grow-1" disabled={busy} onClick={onReject}>
            <i className="bi bi-x-lg me-1" aria-hidden="true" />
            {t('review.reject')}
          </button>
          <Link to={`/property-details/${listing.id}`} className="btn btn-outline-secondary btn-sm w-100">
            <i className="bi bi-eye me-1" aria-hidden="true" />
            {t('review.viewDetails')}
          </Link>
        </div>
      </div>
    </article>
  );
}

function Review() {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('review.title'));
  const pending = usePendingListings();
  const moderate = useModerate();
  const [working, setWorking] = useState<Set<number>>(new Set());
  const [banner, setBanner] = useState<Banner>(null);
  const [rejecting, setRejecting] = useState<ListingRead | null>(null);
  // From Reject until its dialog has faded out (the dialog gives the focus back when it goes).
  const [rejectOpen, setRejectOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // A decided card leaves the list with the button that had the focus. The cards' order when each decision was
  // sent, by listing: once its card is gone (and the reject dialog closed), the focus goes to the heading of the
  // card now in its place (else the one before it), else to the page's heading, unless it is somewhere already.
  const focusAfter = useRef(new Map<number, number[]>());
  const items = useMemo(() => pending.data ?? [], [pending.data]);
  useEffect(() => {
    if (rejectOpen) return;
    for (const [gone, order] of focusAfter.current) {
      if (items.some((l) => l.id === gone)) continue;
      focusAfter.current.delete(gone);
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) continue;
      const left = new Set(items.map((l) => l.id));
      const at = order.indexOf(gone);
      const next = order.slice(at + 1).find((id) => left.has(id)) ?? order.slice(0, at).reverse().find((id) => left.has(id));
      const target = next != null ? document.querySelector<HTMLElement>(`[data-listing-id="${next}"] h2`) : null;
      (target ?? document.getElementById('admin-review-title'))?.focus();
    }
  }, [items, rejectOpen]);

  const show = (b: Banner, autoHide: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    setBanner(b);
    if (autoHide) timer.current = setTimeout(() => setBanner(null), TIMINGS.messageLongMs);
  };

  const decide = async (d: Decision) => {
    setWorking((s) => new Set(s).add(d.id));
    focusAfter.current.set(d.id, items.map((l) => l.id));
    try {
      await moderate.mutateAsync(d);
      show({ kind: 'success', text: translateApiError(t, d.action === 'approve' ? MESSAGES.approved : MESSAGES.rejected) }, true);
    } catch (error) {
      focusAfter.current.delete(d.id);
      const fallback = d.action === 'approve' ? MESSAGES.approveFailed : MESSAGES.rejectFailed;
      const prefix = t(d.action === 'approve' ? 'review.approveFailedPrefix' : 'review.rejectFailedPrefix');
      show({ kind: 'danger', text: prefix + translateApiError(t, adminErrorMessage(error, fallback)) }, false);
    } finally {
      setWorking((s) => {
        const next = new Set(s);
        next.delete(d.id);
        return next;
      });
    }
  };

  return (
    <section className="container page-section py-4 admin-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0" id="admin-review-title" tabIndex={-1}>
          {t('review.title')} {pending.data && <span className="badge text-bg-warning align-middle fs-6">{items.length}</span>}
        </h1>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void pending.refetch()} disabled={pending.isFetching}>
          <i className={`bi bi-arrow-clockwise me-1${pending.isFetching ? ' spin' : ''}`} aria-hidden="true" />
          {t('review.refresh')}
        </button>
      </div>
      <AdminNav />

      <div aria-live="polite">
        {banner && (
          <div className={`alert alert-${banner.kind} d-flex justify-content-between align-items-start gap-2`} role={banner.kind === 'danger' ? 'alert' : 'status'}>
            <span>{banner.text}</span>
            <button type="button" className="btn-close" aria-label={t('close')} onClick={() => setBanner(null)} />
          </div>
        )}
      </div>

      {pending.isLoading && (
        <div className="text-center py-5" role="status">
          <div className="spinner-border text-primary" aria-hidden="true" />
          <p className="mt-2 mb-0">{t('loading')}</p>
        </div>
      )}

      {pending.isError && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
          <span>
            <i className="bi bi-exclamation-octagon me-2" aria-hidden="true" />
            {translateApiError(t, adminErrorMessage(pending.error, MESSAGES.fetchPendingFailed))}
          </span>
          <button type="button" className="btn btn-sm btn-light" onClick={() => void pending.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      )}

      {pending.isSuccess && items.length === 0 && (
        <div className="text-center py-5 text-body-secondary">
          <i className="bi bi-check2-all display-4 text-success" aria-hidden="true" />
          <h2 className="h5 mt-3">{t('review.emptyTitle')}</h2>
          <p className="mb-0">{t('review.emptyText')}</p>
        </div>
      )}

      {items.length > 0 && (
        <div className="row g-3">
          {items.map((l) => (
            <div className="col-sm-6 col-lg-4" key={l.id}>
              <PendingCard
                listing={l}
                busy={working.has(l.id)}
                onApprove={() => void decide({ id: l.id, action: 'approve' })}
                onReject={() => {
                  setRejecting(l);
                  setRejectOpen(true);
                }}
              />
            </div>
          ))}
        </div>
      )}

      <RejectDialog
        show={rejecting != null}
        title={rejecting ? titleOf(rejecting, lang) : ''}
        onCancel={() => setRejecting(null)}
        onExited={() => setRejectOpen(false)}
        onConfirm={(reason) => {
          const l = rejecting;
          setRejecting(null);
          if (l) void decide({ id: l.id, action: 'reject', reason });
        }}
      />
    </section>
  );
}

/** /admin/review (spec §2): pending cards with approve / reject (confirmed, optional reason) and view details. */
export default function AdminReviewPage() {
  return (
    <AdminGuard>
      <Review />
    </AdminGuard>
  );
}
