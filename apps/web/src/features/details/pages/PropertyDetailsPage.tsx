import { lazy, memo, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { groupDigits, telUrl, type ListingRead, type Lang } from '@manzil/shared';
import { WhenHydrated } from '../../../app/layout/ClientOnly';
import { usePageTitle } from '../../../components/usePageTitle';
import { RejectionReasonText } from '../../../components/RejectionReasonText';
import { toAppLanguage } from '../../../i18n/config';
import { useAuth } from '../../account/auth-context';
import { listingDescription, listingTitle, placeName, priceText } from '../../map/lib/display';
import { isNotFound, parseListingId, useListingDetails } from '../api/listing';
import { countClick, ownerReach } from '../../../components/contact/reach';
import { WhatsAppLink } from '../../../components/contact/WhatsAppLink';
import { callClosedReason, ContactBar } from '../components/ContactBar';
import { DetailsHeader } from '../components/DetailsHeader';
import { AmenityList } from '../components/AmenityList';
import { ImageCarousel } from '../components/ImageCarousel';
import { MapOnRequest } from '../components/MapOnRequest';
import { MountWhenNear } from '../components/MountWhenNear';
import { lazyOnDemand, NearPart } from '../components/when-near';
import { loadReportDialog, ReportListing } from '../components/ReportListing';
import { MarketPosition } from '../components/MarketPosition';
import { PriceHistory } from '../components/PriceHistory';
import { formatLongDate } from '../../../i18n/dates';
import { ApiError } from '../../../api/client';
import { keepListing } from '../../../app/offline/keep';
import { NotSaved } from '../../../app/offline/NotSaved';
import { OptionalPart } from '../../../app/offline/OptionalPart';
import '../details.css';

// Leaflet loads only when the listing has a place to show; the contact form is its own chunk.
const DetailsMap = lazy(() => import('../components/DetailsMap'));
// Only owners see their controls (and their delete dialog, react-bootstrap's Modal): visitors never download them.
const OwnerControls = lazy(() => import('../components/OwnerControls').then((m) => ({ default: m.OwnerControls })));
// Similar homes (issue 28) load, code and request, only once the visitor scrolls near them.
const SimilarHomes = lazy(() => import('../components/SimilarHomes'));
// The contact form (react-hook-form) and the report dialog (react-bootstrap's Modal), at the foot of the
// page on a phone, load when the visitor comes near them or touches them: most visitors call or write on
// WhatsApp and never download them. Until then the server's form is on screen as it came.
const contactForm = lazyOnDemand(() => import('../../contact/components/ContactOwnerForm').then((m) => ({ default: m.ContactOwnerForm })));
const ContactOwnerForm = contactForm.Component;
/** How far below the screen the form starts loading: a reader scrolling down finds it ready. */
const NEAR = '600px';

export default function PropertyDetailsPage() {
  const { id: rawId } = useParams();
  if (rawId === undefined) return <ChooseListing />;
  return <ListingDetails rawId={rawId} />;
}

/** /property-details without an id. */
function ChooseListing() {
  const { t } = useTranslation('details');
  usePageTitle(t('choose.title'));
  return (
    <section className="container page-section">
      <div className="details-choose">
        <i className="bi bi-house-door details-choose-icon" aria-hidden="true" />
        <h1 className="h3">{t('choose.title')}</h1>
        <p className="text-body-secondary">{t('choose.text')}</p>
        <BrowseLinks primary />
      </div>
    </section>
  );
}

function ListingDetails({ rawId }: { rawId: string }) {
  const { t, i18n } = useTranslation('details');
  const lang: Lang = toAppLanguage(i18n.resolvedLanguage);
  // Before the stored session is read (the server's render, hydration) the page is the public one.
  const { user, token, isLoading, sessionRead } = useAuth();
  const authLoading = isLoading && sessionRead;
  const id = parseListingId(rawId);
  // Wait for a stored session before asking, so an owner's pending listing is not read anonymously first.
  const query = useListingDetails(authLoading ? null : id, token);
  const listing = query.data;
  // A public answer the service worker did not keep (it came inside the server's HTML, or was read with a token)
  // is handed over, so this listing opens without a network later (issue 30). Not an owner's own view of it.
  const isPublic = listing != null && listing.status === 'approved' && listing.is_active && listing.withheld.length === 0;
  const keepable = listing && isPublic && sessionRead && !isLoading && (!user || user.id !== listing.owner_id) ? listing : null;
  useEffect(() => {
    if (keepable) keepListing(keepable.id, keepable);
  }, [keepable]);
  // The server's form is a visitor's: someone signed in gets theirs (their own listing's notice) at once.
  useEffect(() => {
    if (token) contactForm.load();
  }, [token]);
  usePageTitle(listing ? listingTitle(listing, lang) : id === null || isNotFound(query.error) ? t('errors:propertyNotFound') : t('pageTitle'));

  // Gone or never there: trying again would not bring it back, a search may find a home like it.
  if (id === null || (query.isError && isNotFound(query.error))) return <ListingNotFound />;
  // A listing on screen stays there when reading it again fails (offline, a dropped link): what was read is shown.
  if (!listing) {
    // Offline, and this device never kept the listing: said plainly (issue 30).
    if (query.isError && query.error instanceof ApiError && query.error.isNetworkError) return <NotSaved />;
    if (query.isError) return <LoadProblem message={t('errors:detailsFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return <DetailsSkeleton />;
  }

  const isOwner = user != null && user.id === listing.owner_id;
  return <DetailsView listing={listing} lang={lang} isOwner={isOwner} token={token} />;
}

/** Ways on from a page with no listing: all properties (the main action unless a search is offered) and the map. */
function BrowseLinks({ primary = false, className = '' }: { primary?: boolean; className?: string }) {
  const { t } = useTranslation('details');
  return (
    <div className={`d-flex flex-wrap justify-content-center gap-2 ${className}`}>
      <Link to="/property" className={primary ? 'btn btn-brand' : 'btn btn-outline-brand'}>
        {t('choose.browse')}
      </Link>
      <Link to="/search-map" className="btn btn-outline-brand">
        <i className="bi bi-map me-1" aria-hidden="true" />
        {t('choose.map')}
      </Link>
    </div>
  );
}

/** A listing that does not exist or is not public (the server answers 404 with this page). */
function ListingNotFound() {
  const { t } = useTranslation('details');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    void navigate(q ? `/search-list?${new URLSearchParams({ location: q })}` : '/search-list');
  };
  return (
    <section className="container page-section details-not-found">
      <div className="details-choose" data-testid="listing-not-found">
        <i className="bi bi-house-slash details-choose-icon" aria-hidden="true" />
        <h1 className="h3">{t('errors:propertyNotFound')}</h1>
        <p className="text-body-secondary">{t('notFound.text')}</p>
        <form className="details-not-found-search" role="search" onSubmit={search}>
          <label className="visually-hidden" htmlFor="not-found-search">{t('notFound.searchLabel')}</label>
          <input id="not-found-search" type="search" className="form-control" value={text} maxLength={200}
            placeholder={t('notFound.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-brand text-nowrap">
            <i className="bi bi-search me-1" aria-hidden="true" />
            {t('notFound.search')}
          </button>
        </form>
        <BrowseLinks className="mt-3" />
      </div>
    </section>
  );
}

function LoadProblem({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying: boolean }) {
  const { t } = useTranslation('details');
  return (
    <section className="container page-section">
      <Alert variant="danger" className="details-problem" role="alert">
        <h1 className="h5 alert-heading">{message}</h1>
        <div className="d-flex flex-wrap gap-2 mt-3">
          {onRetry && (
            <Button variant="danger" onClick={onRetry} disabled={retrying}>
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t('common:actions.tryAgain')}
            </Button>
          )}
          <Link to="/property" className="btn btn-outline-secondary">
            {t('choose.browse')}
          </Link>
        </div>
      </Alert>
    </section>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation('details');
  return (
    <section className="container page-section details-skeleton placeholder-glow" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      <div className="placeholder col-7 mb-2 rounded" style={{ height: '2rem' }} />
      <div className="placeholder col-4 mb-4 rounded" />
      <div className="row g-4">
        <div className="col-lg-8">
          <div className="placeholder w-100 rounded details-skeleton-photo" />
          <div className="d-flex gap-2 mt-2">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="placeholder rounded" style={{ width: 96, height: 64 }} />
            ))}
          </div>
          <div className="placeholder col-12 mt-4 rounded" />
          <div className="placeholder col-10 mt-2 rounded" />
          <div className="placeholder col-8 mt-2 rounded" />
        </div>
        <div className="col-lg-4">
          <div className="placeholder w-100 rounded" style={{ height: 220 }} />
        </div>
      </div>
    </section>
  );
}

// Memoised: ListingDetails renders again when the stored session has been read, right after hydration; for a
// visitor signed out nothing the view shows has changed, so the listing is not rendered a second time.
const DetailsView = memo(function DetailsView({ listing, lang, isOwner, token }: { listing: ListingRead; lang: Lang; isOwner: boolean; token: string | null }) {
  const { t } = useTranslation('details');
  // The owner's e-mail and phone are written in the browser, never into the server's HTML, which crawlers read
  // (WhenHydrated: only those parts render again after hydration, not the page).
  const contactPending = <span className="placeholder col-7 rounded" aria-hidden="true" />;
  const p = listing.property;
  const title = listingTitle(listing, lang);
  const price = priceText(listing, lang);
  const hasPlace = typeof p.latitude === 'number' && typeof p.longitude === 'number';
  const mapPlaceholder = <div className="details-map details-map-placeholder">{t('location.loadingMap')}</div>;
  const contactLoading = (
    <section className="details-card" aria-labelledby="details-contact">
      <h2 id="details-contact" className="details-card-title">
        {t('contactTitle')}
      </h2>
      <p className="text-body-secondary mb-0" role="status">
        {t('contactLoading')}
      </p>
    </section>
  );
  const owner = listing.owner ?? p.owner;
  // The ways the owner chose (issue 28); WhatsApp goes quiet with Call once the deal is closed.
  const reach = ownerReach(listing);
  const ownerPhone = reach.call;
  const ownerName = owner?.full_name?.trim() || [owner?.first_name, owner?.last_name].filter(Boolean).join(' ') || owner?.username;
  const address = (lang === 'ar' ? p.address_details_ar || p.address_details_en : p.address_details_en || p.address_details_ar) ?? '';
  const posted = listing.posted_at ?? listing.created_at;
  const callClosed = callClosedReason(listing.availability);
  const whatsapp = callClosed ? null : reach.whatsapp;
  // Only what the public sees can be reported (an admin may open a pending or held listing here).
  const reportable = listing.status === 'approved' && listing.is_active && listing.withheld.length === 0;
  const contactFormId = 'details-contact-form';
  const coordinates = hasPlace ? `${p.latitude!.toFixed(6)}, ${p.longitude!.toFixed(6)}` : null;
  const osmUrl = hasPlace
    ? `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=16/${p.latitude}/${p.longitude}`
    : null;

  const facts: { icon: string; label: string; value: ReactNode }[] = [];
  // An office or shop has no bedrooms: its 0 is left out (a studio flat's 0 is a fact and stays).
  const workplace = p.property_type === 'OFFICE' || p.property_type === 'COMMERCIAL_SPACE';
  if (p.bedrooms != null && !(workplace && p.bedrooms === 0)) facts.push({ icon: 'bi-door-closed', label: t('facts.bedrooms'), value: p.bedrooms });
  if (p.bathrooms != null) facts.push({ icon: 'bi-droplet', label: t('facts.bathrooms'), value: p.bathrooms });
  if (p.parking_spaces != null) facts.push({ icon: 'bi-car-front', label: t('facts.parking'), value: p.parking_spaces });
  if (p.area_sqm != null) facts.push({ icon: 'bi-aspect-ratio', label: t('facts.area'), value: t('facts.areaValue', { value: groupDigits(p.area_sqm) }) });
  if (p.build_year != null) facts.push({ icon: 'bi-calendar3', label: t('facts.buildYear'), value: p.build_year });

  const places: [string, string][] = (
    [
      ['address', address],
      ['city', placeName(p.city, lang)],
      ['governorate', placeName(p.governorate, lang)],
      ['district', placeName(p.district, lang)],
      ['uzlah', placeName(p.uzlah, lang)],
      ['village', placeName(p.village, lang)],
    ] as [string, string][]
  ).filter(([, v]) => v);

  return (
    <article className="container page-section details-page">
      <DetailsHeader listing={listing} lang={lang} isOwner={isOwner} />

      <div className="row g-4">
        <div className="col-lg-8">
          <ImageCarousel media={listing.media} title={title} />

          {facts.length > 0 && (
            <ul className="details-facts" aria-label={t('facts.label')}>
              {facts.map((f) => (
                <li key={f.label}>
                  <i className={`bi ${f.icon}`} aria-hidden="true" />
                  <span className="details-fact-value">{f.value}</span>
                  <span className="details-fact-label">{f.label}</span>
                </li>
              ))}
            </ul>
          )}

          <section className="details-section" aria-labelledby="details-description">
            <h2 id="details-description" className="details-section-title">
              {t('description')}
            </h2>
            <p className="details-description">{listingDescription(listing, lang) || t('noDescription')}</p>
          </section>

          <AmenityList property={p} lang={lang} />

          <section className="details-section" aria-labelledby="details-location">
            <h2 id="details-location" className="details-section-title">
              {t('location.title')}
            </h2>
            {places.length > 0 || coordinates ? (
              <dl className="details-dl">
                {places.map(([k, v]) => (
                  <div key={k}>
                    <dt>{t(`location.${k}`)}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
                {coordinates && (
                  <div>
                    <dt>{t('location.coordinates')}</dt>
                    <dd>
                      <bdi dir="ltr" className="text-nowrap">{coordinates}</bdi>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="text-body-secondary">{t('location.none')}</p>
            )}
            {hasPlace && (
              <>
                <div className="details-map-frame">
                  <MapOnRequest>
                    <MountWhenNear placeholder={mapPlaceholder}>
                      <OptionalPart fallback={mapPlaceholder}>
                        <Suspense fallback={mapPlaceholder}>
                          <DetailsMap lat={p.latitude!} lng={p.longitude!} listingType={listing.listing_type} title={title} />
                        </Suspense>
                      </OptionalPart>
                    </MountWhenNear>
                  </MapOnRequest>
                </div>
                <div className="d-flex flex-wrap gap-2 mt-2">
                  <a href={osmUrl!} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline-brand">
                    <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                    {t('location.openInMaps')}
                    <span className="visually-hidden"> {t('opensInNewTab')}</span>
                  </a>
                  <a href={`geo:${p.latitude},${p.longitude}`} className="btn btn-sm btn-outline-secondary d-lg-none">
                    <i className="bi bi-phone me-1" aria-hidden="true" />
                    {t('location.openInApp')}
                  </a>
                </div>
              </>
            )}
          </section>

          <section className="details-section" aria-labelledby="details-more">
            <h2 id="details-more" className="details-section-title">
              {t('details.title')}
            </h2>
            <dl className="details-dl" data-testid="details-list">
              <div>
                <dt>{t('details.type')}</dt>
                <dd>{t(`propertyTypes.${p.property_type}`)}</dd>
              </div>
              <div>
                <dt>{t('details.listingType')}</dt>
                <dd>{t(`listingTypes.${listing.listing_type}`)}</dd>
              </div>
              <div>
                <dt>{t('details.price')}</dt>
                <dd>{price ? <span className="price-ltr">{price}</span> : t('priceOnRequest')}</dd>
              </div>
              <div>
                <dt>{t('details.currency')}</dt>
                <dd>{t(`currencies.${listing.currency}`, { defaultValue: listing.currency })}</dd>
              </div>
              <div>
                <dt>{t('details.posted')}</dt>
                <dd>
                  <time dateTime={posted}>{formatLongDate(new Date(posted), lang, 'Yemen')}</time>
                </dd>
              </div>
              <div>
                <dt>{t('details.status')}</dt>
                <dd>{!listing.is_active ? t('details.inactive') : listing.withheld.length > 0 ? t('details.notPublic') : t('details.active')}</dd>
              </div>
              {isOwner && (
                <>
                  <div>
                    <dt>{t('details.availability')}</dt>
                    <dd>{t(`availability.${listing.availability}`)}</dd>
                  </div>
                  <div>
                    <dt>{t('details.moderation')}</dt>
                    <dd>
                      {t(`moderation.${listing.status}`)}
                      {listing.status === 'rejected' && listing.rejection_reason && (
                        <span className="d-block small text-body-secondary" data-testid="details-rejection-reason"><RejectionReasonText reason={listing.rejection_reason} lang={lang} sentence={(reason) => t('details.reason', { reason })} /></span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('details.views')}</dt>
                    <dd>{listing.views}</dd>
                  </div>
                </>
              )}
            </dl>
          </section>

          <PriceHistory listingId={listing.id} token={token} lang={lang} />
          <MarketPosition listing={listing} lang={lang} />
        </div>

        <aside className="col-lg-4 details-aside" aria-label={t('aside')}>
          {isOwner && (
            <OptionalPart>
              <Suspense fallback={null}>
                <OwnerControls listing={listing} token={token} />
              </Suspense>
            </OptionalPart>
          )}

          <section className="details-card" aria-labelledby="details-owner">
            <h2 id="details-owner" className="details-card-title">
              {t('owner.title')}
            </h2>
            {(ownerName || owner?.email_verified) && (
              <p className="details-owner-name mb-2">
                {ownerName && <span className="fw-semibold">{ownerName}</span>}
                {owner?.email_verified && (
                  <span className="details-verified" data-testid="owner-email-verified">
                    <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
                    {t('owner.emailVerified')}
                  </span>
                )}
              </p>
            )}
            <ul className="list-unstyled mb-0 details-owner-contact">
              {owner?.email && (
                <li>
                  <i className="bi bi-envelope me-2" aria-hidden="true" />
                  <WhenHydrated fallback={contactPending}>
                    <a href={`mailto:${owner.email}`}>
                      <bdi>{owner.email}</bdi>
                    </a>
                  </WhenHydrated>
                </li>
              )}
              {ownerPhone ? (
                <li>
                  <i className="bi bi-telephone me-2" aria-hidden="true" />
                  <WhenHydrated fallback={contactPending}>
                    {callClosed ? (
                      // Sold or rented: the number stays for the record, but is no longer a call link.
                      <span className="details-call-closed" data-testid="owner-call-closed">
                        <bdi dir="ltr">{ownerPhone}</bdi>
                        <span className="d-block small">{t(`contactBar.callClosed.${callClosed}`)}</span>
                      </span>
                    ) : (
                      <a href={telUrl(ownerPhone) ?? undefined} onClick={() => countClick(listing.id, 'call')}>
                        <bdi dir="ltr">{ownerPhone}</bdi>
                      </a>
                    )}
                  </WhenHydrated>
                </li>
              ) : reach.whatsapp ? null : (
                <li className="text-body-secondary small">{t('owner.prefersEmail')}</li>
              )}
            </ul>
            {whatsapp && (
              <WhenHydrated>
                <WhatsAppLink listing={listing} digits={whatsapp} className="btn btn-whatsapp w-100 mt-3">
                  <i className="bi bi-whatsapp me-2" aria-hidden="true" />
                  {t('owner.whatsapp')}
                </WhatsAppLink>
              </WhenHydrated>
            )}
          </section>

          {reach.form && (
            <NearPart id={contactFormId} tabIndex={-1} className="details-contact-form" onNear={contactForm.load} rootMargin={NEAR}>
              <OptionalPart fallback={<p className="text-body-secondary small" data-testid="contact-form-not-saved">{t('common:offline.partNotSaved')}</p>}>
                <Suspense fallback={contactLoading}>
                  <ContactOwnerForm listingId={listing.id} ownerId={listing.owner_id} />
                </Suspense>
              </OptionalPart>
            </NearPart>
          )}

          {!isOwner && reportable && (
            <WhenHydrated>
              <NearPart className="details-report text-center mt-2" onNear={() => void loadReportDialog().catch(() => undefined)} rootMargin={NEAR}>
                <OptionalPart>
                  <ReportListing listingId={listing.id} />
                </OptionalPart>
              </NearPart>
            </WhenHydrated>
          )}
        </aside>
      </div>
      {/* Not in the server's render nor the first client render (MountWhenNear starts with its empty placeholder);
          one per listing, so opening a similar home waits for the scroll again. */}
      <MountWhenNear key={listing.id} placeholder={<div className="similar-homes-anchor" />} rootMargin="400px">
        <OptionalPart>
          <Suspense fallback={<div className="details-section similar-homes-anchor" />}>
            <SimilarHomes listingId={listing.id} token={token} />
          </Suspense>
        </OptionalPart>
      </MountWhenNear>
      {/* The phone's contact bar: for visitors, in the browser (it carries the owner's phone). */}
      {!isOwner && (
        <WhenHydrated>
          <ContactBar listing={listing} phone={ownerPhone} whatsapp={whatsapp} availability={listing.availability} formId={reach.form ? contactFormId : null} />
        </WhenHydrated>
      )}
    </article>
  );
});
