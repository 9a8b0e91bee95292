import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES, TIMINGS, WINDOW_EVENTS, formatPrice, groupDigits, type ListingRead, type MyListingRead } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { CARD_MAX_VARIANT_WIDTH, srcSet } from '../../../components/listing-card/display';
import { forgetDraftPhotos, unsentPhotos } from '../../../app/offline/draft-photos';
import { usePageTitle } from '../../../components/usePageTitle';
import { RejectionReasonText } from '../../../components/RejectionReasonText';
import { formatMediumDate } from '../../../i18n/dates';
import { translateApiError, translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { MY_LISTINGS_PAGE, deleteListing, fetchMyListings, myListingsKey } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ListingExpiry, WithheldBadges, WithheldNotes } from '../components/ListingExpiry';
import { ListingMessages } from '../components/ListingMessages';
import { forgetListingDraft } from '../hooks/useListingDraft';
import { useListingSuccessBanner } from '../hooks/useListingSuccessBanner';
import '../owner.css';

type Banner = { kind: 'success' | 'danger'; text: string };

/** Counts for the stat cards, from the owner's real listings (DESIGN §6: no demo data). */
export function listingStats(items: ListingRead[]) {
  let forSale = 0;
  let forRent = 0;
  let sold = 0;
  let pending = 0;
  let views = 0;
  for (const l of items) {
    if (l.availability === 'sold' || l.availability === 'rented') sold += 1;
    else if (l.listing_type === 'FOR_SALE') forSale += 1;
    else forRent += 1;
    if (l.status === 'pending') pending += 1;
    views += l.views;
  }
  return { total: items.length, forSale, forRent, sold, pending, views };
}

/** /my-properties (spec §2): the signed-in owner's listings with status, counters, edit and delete. */
export default function MyPropertiesPage() {
  const { t } = useTranslation('owner');
  const { token, isLoading } = useAuth();
  usePageTitle(t('myProperties.title'));

  if (!token && !isLoading) {
    return (
      <section className="container page-section">
        <h1 className="page-title">{t('myProperties.title')}</h1>
        <div className="owner-lock text-center mx-auto" data-testid="my-properties-signed-out">
          <i className="bi bi-person-lock owner-lock-icon" aria-hidden="true" />
          <p className="lead mt-3">{translateApiError(t, MESSAGES.myPropertiesLogin)}</p>
          <button type="button" className="btn btn-brand" onClick={() => window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.openLoginModal))}>
            <i className="bi bi-box-arrow-in-right me-2 flip-rtl" aria-hidden="true" />
            {t('myProperties.signIn')}
          </button>
        </div>
      </section>
    );
  }
  return <MyListings token={token} />;
}

function MyListings({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation('owner');
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // Photos of a saved listing whose upload did not go through, kept on this device (app/offline/draft-photos).
  const [unsent, setUnsent] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    let live = true;
    if (user) void unsentPhotos(user.id).then((m) => live && setUnsent(m));
    return () => {
      live = false;
    };
  }, [user]);
  const query = useInfiniteQuery({
    queryKey: myListingsKey(token),
    queryFn: ({ pageParam, signal }) => fetchMyListings(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === MY_LISTINGS_PAGE && loaded < last.total ? loaded : undefined;
    },
    enabled: Boolean(token),
  });
  // The stat cards count every listing, so all pages are loaded (owners rarely have more than one).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  // The expiry reminder links to /my-properties#listing-<id>: the cards arrive after the page, so the browser
  // cannot scroll to the anchor itself; once that card is there, it is scrolled to and focused, once.
  const [anchored, setAnchored] = useState(false);
  useEffect(() => {
    if (anchored || items.length === 0) return;
    const target = /^#listing-\d+$/.test(window.location.hash) ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    }
    setAnchored(true);
  }, [anchored, items]);
  const stats = useMemo(() => listingStats(items), [items]);

  const [banner, setBanner] = useState<Banner | null>(null);
  // The message a saved listing leaves (spec §2's success banner), shown here where the pending listing is.
  const saved = useListingSuccessBanner();
  const [toDelete, setToDelete] = useState<ListingRead | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // A deleted card takes its Delete button, where the focus would go back to: once the dialog has closed, the
  // focus goes to the title of the card that took its place (the one before when it was the last), else to the
  // page's heading.
  const focusAfterDelete = useRef<number | 'heading' | null>(null);
  const moveFocusAfterDelete = () => {
    const target = focusAfterDelete.current;
    focusAfterDelete.current = null;
    if (target == null) return;
    const title = target === 'heading' ? null : document.querySelector<HTMLElement>(`#listing-${target} .owner-listing-title a`);
    (title ?? document.getElementById('my-properties-title'))?.focus();
  };
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), banner.kind === 'success' ? TIMINGS.messageShortMs : TIMINGS.messageLongMs);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const listing = toDelete;
    setDeletingId(listing.id);
    try {
      await deleteListing(listing.id);
      const at = items.findIndex((i) => i.id === listing.id);
      focusAfterDelete.current = (items[at + 1] ?? items[at - 1])?.id ?? 'heading';
      // What this device kept of the listing (its edit draft, photos not sent) has nothing left to go to.
      if (user) {
        forgetListingDraft(user.id, listing.id);
        void forgetDraftPhotos(user.id, listing.id);
        setUnsent((m) => new Map([...m].filter(([id]) => id !== listing.id)));
      }
      setBanner({ kind: 'success', text: translateApiError(t, MESSAGES.listingDeleted) });
      await queryClient.invalidateQueries({ queryKey: ['listings'] });
    } catch (e) {
      setBanner({ kind: 'danger', text: t('myProperties.deleteFailed', { reason: translateError(t, e) }) });
    } finally {
      setDeletingId(null);
      setToDelete(null);
    }
  };

  const title = (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <div>
        <h1 className="page-title mb-1" id="my-properties-title" tabIndex={-1}>
          {t('myProperties.title')}
        </h1>
        <p className="text-body-secondary mb-0">{t('myProperties.intro')}</p>
      </div>
      <Link to="/add-property" className="btn btn-brand" data-testid="add-new-property">
        <i className="bi bi-plus-lg me-2" aria-hidden="true" />
        {t('myProperties.addNew')}
      </Link>
    </div>
  );

  if (query.isPending) {
    return (
      <section className="container page-section" aria-busy="true">
        {title}
        <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span className="text-body-secondary">{t('myProperties.loading')}</span>
        </div>
      </section>
    );
  }

  if (query.isError) {
    return (
      <section className="container page-section">
        {title}
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-testid="my-properties-error">
          <span className="flex-grow-1">
            {translateApiError(t, MESSAGES.myPropertiesFailed)}: {translateError(t, query.error)}
          </span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
            {t('myProperties.tryAgain')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="container page-section owner-page">
      {title}
      <div className="row g-3 mb-4 owner-stats" data-testid="my-stats">
        <Stat icon="house" label={t('myProperties.stats.total')} value={query.data.pages[0]?.total ?? stats.total} testId="stat-total" />
        <Stat icon="tag" label={t('myProperties.stats.forSale')} value={stats.forSale} testId="stat-for-sale" />
        <Stat icon="check2-circle" label={t('myProperties.stats.sold')} value={stats.sold} testId="stat-sold" />
        <Stat icon="hourglass-split" label={t('myProperties.stats.pending')} value={stats.pending} testId="stat-pending" />
        <Stat icon="eye" label={t('myProperties.stats.views')} value={stats.views} testId="stat-views" />
      </div>

      <div aria-live="polite">
        {saved.banner && (
          <div className="alert alert-success alert-dismissible" role="status" data-testid="listing-saved-banner">
            <i className="bi bi-check-circle me-2" aria-hidden="true" />
            {saved.banner.message}
            <button type="button" className="btn-close" aria-label={t('common:actions.close')} onClick={saved.dismiss} />
          </div>
        )}
        {banner && (
          <div className={`alert alert-${banner.kind}`} role={banner.kind === 'danger' ? 'alert' : 'status'} data-testid="my-properties-banner">
            {banner.text}
          </div>
        )}
      </div>

      {items.length === 0 ? (
        <div className="owner-empty text-center" data-testid="my-properties-empty">
          <i className="bi bi-house-add owner-lock-icon" aria-hidden="true" />
          <h2 className="h4 mt-3">{t('myProperties.emptyTitle')}</h2>
          <p className="text-body-secondary">{t('myProperties.emptyText')}</p>
          <Link to="/add-property" className="btn btn-brand">
            <i className="bi bi-plus-lg me-2" aria-hidden="true" />
            {t('myProperties.addNew')}
          </Link>
        </div>
      ) : (
        <ul className="row g-3 list-unstyled" data-testid="my-properties-list">
          {items.map((l) => (
            <li key={l.id} className="col-md-6 col-xl-4">
              <OwnerCard listing={l} unsent={unsent.get(l.id) ?? 0} deleting={deletingId === l.id} onDelete={() => setToDelete(l)} />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && (
        <div className="text-center py-3" role="status">
          <span className="spinner-border spinner-border-sm text-brand" aria-hidden="true" />
        </div>
      )}

      <ConfirmDialog
        show={toDelete != null}
        title={t('myProperties.deleteTitle')}
        question={translateApiError(t, MESSAGES.deleteConfirm)}
        detail={toDelete ? t('myProperties.deleteWarning', { title: localTitle(toDelete, i18n.language) }) : undefined}
        confirmLabel={deletingId != null ? t('myProperties.deleting') : t('myProperties.delete')}
        busy={deletingId != null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        onExited={moveFocusAfterDelete}
      />
    </section>
  );
}

function Stat({ icon, label, value, testId }: { icon: string; label: string; value: number; testId: string }) {
  return (
    <div className="col-6 col-md-4 col-xl">
      <div className="owner-stat" data-testid={testId}>
        <i className={`bi bi-${icon} owner-stat-icon`} aria-hidden="true" />
        <div>
          <div className="owner-stat-value">{groupDigits(value)}</div>
          <div className="owner-stat-label">{label}</div>
        </div>
      </div>
    </div>
  );
}

/** The title in the page's language, the other one when it is empty. */
function localTitle(l: ListingRead, lang: string) {
  return lang.startsWith('ar') ? l.title_ar || l.title_en : l.title_en || l.title_ar;
}

function OwnerCard({ listing: l, unsent, deleting, onDelete }: { listing: MyListingRead; unsent: number; deleting: boolean; onDelete: () => void }) {
  const { t, i18n } = useTranslation('owner');
  const lang = i18n.language.startsWith('ar') ? 'ar' : 'en';
  const title = localTitle(l, lang);
  const image = l.media[0];
  const price = formatPrice(l.price, l.currency, lang);
  const oldPrice = l.old_price ? formatPrice(l.old_price, l.currency, lang) : null;
  const rent = l.listing_type === 'FOR_RENT';
  const statusClass = l.status === 'approved' ? 'success' : l.status === 'rejected' ? 'danger' : 'warning';
  const closed = l.availability === 'sold' || l.availability === 'rented';
  const added = formatMediumDate(new Date(l.created_at), lang);
  const p = l.property;

  return (
    <article
      id={`listing-${l.id}`}
      tabIndex={-1}
      className={`owner-listing${deleting ? ' is-fading' : ''}`}
      data-testid="my-property-card"
      data-listing-id={l.id}
    >
      <div className="owner-listing-media">
        {image ? (
          <img
            src={mediaUrl(image.file_url) ?? undefined}
            srcSet={srcSet(image, CARD_MAX_VARIANT_WIDTH)}
            sizes="(min-width: 1200px) 380px, (min-width: 768px) 50vw, 100vw"
            alt=""
            loading="lazy"
            width={image.width}
            height={image.height}
          />
        ) : (
          <div className="owner-listing-noimage">
            <i className="bi bi-image" aria-hidden="true" />
            <span className="small">{t('myProperties.noImage')}</span>
          </div>
        )}
        <div className="owner-listing-badges">
          {/* A listing the public cannot see shows why (WithheldBadges: expired, hidden…) instead of "Published". */}
          {!(l.status === 'approved' && l.withheld.length > 0) && (
            <span className={`badge text-bg-${statusClass}`} data-testid="status-badge" data-status={l.status}>
              {t(`myProperties.status.${l.status}`)}
            </span>
          )}
          {closed && (
            <span className="badge text-bg-secondary" data-testid="availability-badge">
              {t(`myProperties.status.${l.availability}`)}
            </span>
          )}
          {!l.is_active && <span className="badge text-bg-dark">{t('myProperties.status.inactive')}</span>}
          <WithheldBadges listing={l} />
        </div>
      </div>
      <div className="owner-listing-body">
        <h2 className="h6 owner-listing-title">
          <Link to={`/property-details/${l.id}`}>{title}</Link>
        </h2>
        {unsent > 0 && (
          <p className="small text-warning-emphasis mb-2" data-testid="unsent-photos">
            <i className="bi bi-cloud-arrow-up me-1" aria-hidden="true" />
            {t('myProperties.unsentPhotos', { count: unsent })}{' '}
            <Link to={`/edit-property/${l.id}`} data-testid="send-photos">
              {t('myProperties.sendPhotos')}
            </Link>
          </p>
        )}
        {l.status === 'rejected' && (
          <p className="small text-danger mb-2" data-testid="rejection-reason">
            <i className="bi bi-exclamation-octagon me-1" aria-hidden="true" />
            {l.rejection_reason ? <RejectionReasonText reason={l.rejection_reason} lang={lang} sentence={(reason) => t('myProperties.rejectedReason', { reason })} /> : t('myProperties.noReason')}
          </p>
        )}
        <div className="owner-listing-price">
          <span className="fw-bold" dir="ltr">
            {price ?? t('myProperties.priceOnRequest')}
          </span>
          {price && rent && <span className="text-body-secondary small ms-1">{t('myProperties.perMonth')}</span>}
          {oldPrice && (
            <del className="text-body-secondary small ms-2" dir="ltr" aria-label={`${t('myProperties.oldPrice')}: ${oldPrice}`}>
              {oldPrice}
            </del>
          )}
        </div>
        <ul className="owner-listing-facts list-unstyled">
          {p.bedrooms != null && (
            <li title={t('myProperties.bedrooms')}>
              <i className="bi bi-door-closed" aria-hidden="true" /> <span className="visually-hidden">{t('myProperties.bedrooms')}: </span>
              {p.bedrooms}
            </li>
          )}
          {p.bathrooms != null && (
            <li title={t('myProperties.bathrooms')}>
              <i className="bi bi-droplet" aria-hidden="true" /> <span className="visually-hidden">{t('myProperties.bathrooms')}: </span>
              {p.bathrooms}
            </li>
          )}
          {p.parking_spaces != null && (
            <li title={t('myProperties.parking')}>
              <i className="bi bi-car-front" aria-hidden="true" /> <span className="visually-hidden">{t('myProperties.parking')}: </span>
              {p.parking_spaces}
            </li>
          )}
          {p.area_sqm != null && (
            <li title={t('myProperties.areaLabel')}>
              <i className="bi bi-arrows-fullscreen" aria-hidden="true" /> {t('myProperties.area', { area: groupDigits(p.area_sqm) })}
            </li>
          )}
        </ul>
        <div className="owner-listing-meta small text-body-secondary">
          <span title={t('myProperties.views')}>
            <i className="bi bi-eye me-1" aria-hidden="true" />
            <span className="visually-hidden">{t('myProperties.views')}: </span>
            <span data-testid="views">{l.views}</span>
          </span>
          <span title={t('myProperties.inquiries')}>
            <i className="bi bi-envelope me-1" aria-hidden="true" />
            <span className="visually-hidden">{t('myProperties.inquiries')}: </span>
            {l.inquiries}
          </span>
          {/* How visitors reached out (issue 28): clicks on Call and WhatsApp, and the people keeping it. */}
          <span title={t('myProperties.calls')}>
            <i className="bi bi-telephone me-1" aria-hidden="true" />
            <span className="visually-hidden">{t('myProperties.calls')}: </span>
            <span data-testid="call-clicks">{l.call_clicks}</span>
          </span>
          <span title={t('myProperties.whatsappClicks')}>
            <i className="bi bi-whatsapp me-1" aria-hidden="true" />
            <span className="visually-hidden">{t('myProperties.whatsappClicks')}: </span>
            <span data-testid="whatsapp-clicks">{l.whatsapp_clicks}</span>
          </span>
          <span title={t('myProperties.favorites')}>
            <i className="bi bi-heart me-1" aria-hidden="true" />
            <span className="visually-hidden">{t('myProperties.favorites')}: </span>
            <span data-testid="favorites-count">{l.favorites}</span>
          </span>
          <span>
            <i className="bi bi-calendar3 me-1" aria-hidden="true" />
            {t('myProperties.added', { date: added })}
          </span>
        </div>
        <WithheldNotes listing={l} />
        <ListingExpiry listing={l} />
        <ListingMessages listing={l} title={title} />
        <div className="owner-listing-actions" role="group" aria-label={t('myProperties.actionsFor', { title })}>
          <Link to={`/edit-property/${l.id}`} className="btn btn-sm btn-outline-brand" data-testid="edit-listing">
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {t('myProperties.edit')}
          </Link>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={onDelete} disabled={deleting} data-testid="delete-listing">
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('myProperties.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
