import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, WINDOW_EVENTS, type FavoriteChange, type FavoriteItem, type ListingRead } from '@manzil/shared';
import { plain } from '../../../components/currency/convert';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { FavoriteButton } from '../../../components/favorites/FavoriteButton';
import { useFavorites } from '../../../components/favorites/FavoritesProvider';
import { favoritesQuery, publicListingQuery } from '../../../components/favorites/store';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { isOffline } from '../../../app/offline/keep';
import { SavedOnDevice } from '../../../app/offline/NotSaved';
import { sessionKey, useLastSeen } from '../../../app/offline/snapshot';
import { priceDropMailQuery, setPriceDropMail } from '../api';
import '../favorites.css';

/**
 * /favorites (issue 27): the listings the visitor keeps, newest first. Signed in, the account's, each with what
 * changed since it was kept (price down or up with the old price, sold, rented, not shown at the moment, deleted);
 * signed out, the device's, read one by one from the public listing, with a prompt to sign in to keep them
 * everywhere. A listing not shown at the moment may come back; a deleted one will not, and is named by what was
 * kept with the favourite (its titles, type and price then) until the visitor removes it.
 * A heart pressed here forgets the listing but leaves its card until the page is opened again: pressing it
 * again keeps it back.
 */
export default function FavoritesPage() {
  const { t } = useTranslation('favorites');
  const { token, user, isLoading } = useAuth();
  usePageTitle(t('title'));
  return (
    <section className="container page-section favorites-page">
      <h1 className="page-title mb-1">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      {/* Offline the account cannot be read: a stored session still means the account's list, as last seen. */}
      {isLoading ? <Loading /> : token && (user || isOffline()) ? <AccountFavorites token={token} /> : <DeviceFavorites />}
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('favorites');
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status" aria-busy="true" data-testid="favorites-loading">
      <span className="spinner-border text-brand" aria-hidden="true" />
      <span className="text-body-secondary">{t('loading')}</span>
    </div>
  );
}

function ErrorState({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('favorites');
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-testid="favorites-error">
      <span className="flex-grow-1">
        {t('error')}: {translateError(t, error)}
      </span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

/** The account's favourites, read afresh each time the page opens. */
function AccountFavorites({ token }: { token: string }) {
  const { t } = useTranslation('common');
  const query = useQuery({ ...favoritesQuery(token), refetchOnMount: 'always' });
  // Offline: the list as last seen on this device, with when (issue 30).
  const lastSeen = useLastSeen('favorites', sessionKey(token), query.data, query.error);
  if (query.isPending) return <Loading />;
  if (lastSeen === null) return <p className="alert alert-secondary" data-testid="offline-list-not-saved">{t('offline.notSavedList')}</p>;
  if (query.isError && !lastSeen) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const items = lastSeen?.data ?? query.data ?? [];
  if (items.length === 0) return <EmptyState ns="favorites" icon="bi-heart" testId="favorites-empty" />;
  return (
    <>
      {lastSeen && <SavedOnDevice savedAt={lastSeen.savedAt} />}
      {!lastSeen && <PriceDropMailSwitch token={token} />}
      <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-4 list-unstyled favorites-list" data-testid="favorites-list">
        {items.map((f, i) => (
          <li className="col" key={f.listing_id} data-testid={`favorite-item-${f.listing_id}`}>
            <ChangeBadge item={f} />
            {f.listing ? <ListingCard listing={f.listing} eager={i < 3} /> : <GoneCard id={f.listing_id} item={f} />}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether a price drop among these homes e-mails the visitor (on unless turned off here or from such a mail). */
function PriceDropMailSwitch({ token }: { token: string }) {
  const { t } = useTranslation('favorites');
  const client = useQueryClient();
  const query = useQuery(priceDropMailQuery(token));
  const change = useMutation({
    mutationFn: setPriceDropMail,
    onSuccess: (setting) => client.setQueryData(priceDropMailQuery(token).queryKey, setting),
  });
  // Shows the wanted state while it is being saved; back to the stored one if saving failed.
  const enabled = change.isPending ? change.variables : query.data?.enabled;
  if (query.isError) return null; // the list above says what failed; the switch is not worth a second alert
  return (
    <div className="favorites-price-drop-mail form-check form-switch mb-3" data-testid="price-drop-mail">
      <input
        id="price-drop-mail-switch"
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={enabled ?? false}
        disabled={query.isPending || change.isPending}
        aria-describedby="price-drop-mail-hint"
        onChange={(e) => change.mutate(e.currentTarget.checked)}
      />
      <label className="form-check-label" htmlFor="price-drop-mail-switch">
        {t('priceDropMail.label')}
      </label>
      <div id="price-drop-mail-hint" className="form-text mt-0">
        {t('priceDropMail.hint')}
      </div>
      {change.isError && (
        <div className="text-danger small" role="alert" data-testid="price-drop-mail-error">
          {t('priceDropMail.failed')}
        </div>
      )}
    </div>
  );
}

/**
 * What changed since the listing was kept, above its card. Sold and rented in the card's own words (listings
 * namespace), as its photo says them; a saved price as the card writes prices, per month for a rental.
 */
function ChangeBadge({ item }: { item: FavoriteItem }) {
  const { t } = useTranslation(['favorites', 'listings']);
  const change: FavoriteChange = item.change;
  if (change === 'none') return null;
  const icon = { price_down: 'arrow-down', price_up: 'arrow-up', sold: 'check2-circle', rented: 'key', unavailable: 'eye-slash', deleted: 'x-circle' }[change];
  return (
    <p className={`favorites-change favorites-change--${change}`} data-testid={`favorite-change-${item.listing_id}`}>
      <i className={`bi bi-${icon}`} aria-hidden="true" />{' '}
      {change === 'price_down' || change === 'price_up' ? (
        <span>
          {t(`change.${change}`)}{' '}
          <span className="favorites-old-price">
            ({t('change.savedAt')} <SavedPrice item={item} />)
          </span>
        </span>
      ) : change === 'sold' ? (
        t('listings:availability.sold')
      ) : change === 'rented' ? (
        t('listings:availability.rented')
      ) : (
        t(`change.${change}`)
      )}
    </p>
  );
}

/** The price a favourite was kept at, as a card writes it: isolated left to right, "/ month" after a rental's. */
function SavedPrice({ item }: { item: Pick<FavoriteItem, 'saved_price' | 'saved_currency' | 'listing_type' | 'listing'> }) {
  const { t, i18n } = useTranslation('listings');
  const price = formatPrice(item.saved_price, item.saved_currency, i18n.language?.startsWith('en') ? 'en' : 'ar');
  if (!price) return null;
  const rent = (item.listing?.listing_type ?? item.listing_type) === 'FOR_RENT';
  return (
    <>
      <bdi dir="ltr">{plain(price)}</bdi>
      {rent && <> {t('perMonth')}</>}
    </>
  );
}

/**
 * A kept listing the public cannot see: deleted for good, or not shown at the moment (or, on the device, not
 * known which). Named by its title (as kept, when deleted), its number and the price it was kept at; the heart
 * forgets it.
 */
function GoneCard({ id, item }: { id: number; item?: FavoriteItem }) {
  const { t, i18n } = useTranslation('favorites');
  const en = i18n.language?.startsWith('en');
  const title = (en ? item?.title_en || item?.title_ar : item?.title_ar || item?.title_en) || '';
  const deleted = item?.change === 'deleted';
  const hasPrice = item != null && item.saved_price != null;
  return (
    <article className="favorites-gone" aria-labelledby={`favorite-gone-${id}`} data-testid={`favorite-gone-${id}`}>
      <i className={`bi bi-${deleted ? 'house-x' : 'house-slash'} favorites-gone-icon`} aria-hidden="true" />
      <h2 className="h6 mb-1" id={`favorite-gone-${id}`}>
        {title || t('listingNumber', { id })}
      </h2>
      {(title || hasPrice) && (
        <p className="favorites-gone-meta small mb-1">
          {title && <span>{t('listingNumber', { id })}</span>}
          {item && hasPrice && (
            <span>
              {t('savedPrice')}: <SavedPrice item={item} />
            </span>
          )}
        </p>
      )}
      <p className="text-body-secondary small mb-0">{t(deleted ? 'goneHint' : 'hiddenHint')}</p>
      <FavoriteButton listingId={id} describedBy={`favorite-gone-${id}`} className="favorites-gone-heart" />
    </article>
  );
}

/** The device's favourites (signed out): each listing read publicly; one no longer public shows as gone. */
function DeviceFavorites() {
  const { t } = useTranslation('favorites');
  const { device } = useFavorites();
  // Forgotten ones stay on the page until it is opened again, so a second press keeps them back.
  const [shown, setShown] = useState<number[]>([]);
  useEffect(() => {
    setShown((s) => {
      const fresh = device.filter((id) => !s.includes(id));
      return fresh.length ? [...fresh, ...s] : s;
    });
  }, [device]);
  const reads = useQueries({ queries: shown.map((id) => publicListingQuery(id)) });

  return (
    <>
      <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" data-testid="favorites-sign-in">
        <i className="bi bi-info-circle" aria-hidden="true" />
        <span className="flex-grow-1">{t('deviceOnly')}</span>
        <button type="button" className="btn btn-sm btn-brand" onClick={() => window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.openLoginModal))}>
          {t('signIn')}
        </button>
      </div>
      {shown.length === 0 ? (
        <EmptyState ns="favorites" icon="bi-heart" testId="favorites-empty" />
      ) : (
        <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-4 list-unstyled favorites-list" data-testid="favorites-list">
          {shown.map((id, i) => {
            const r = reads[i];
            const listing = r?.data as ListingRead | undefined;
            const gone = r?.error instanceof ApiError && r.error.status === 404;
            return (
              <li className="col" key={id} data-testid={`favorite-item-${id}`}>
                {listing ? (
                  <ListingCard listing={listing} eager={i < 3} />
                ) : gone ? (
                  <>
                    <p className="favorites-change favorites-change--unavailable">
                      <i className="bi bi-eye-slash" aria-hidden="true" /> {t('change.unavailable')}
                    </p>
                    <GoneCard id={id} />
                  </>
                ) : r?.isError ? (
                  <ErrorState error={r.error} retry={() => void r.refetch()} />
                ) : (
                  <Loading />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
