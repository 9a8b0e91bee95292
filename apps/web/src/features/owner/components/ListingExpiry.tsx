import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListingRead } from '@manzil/shared';
import { formatMediumDate } from '../../../i18n/dates';
import { translateError } from '../../../i18n/translate-api-error';
import { renewListing } from '../api';

/** Listings within this many days of their end show "expires in N days" and the Renew button (issue 28). */
export const EXPIRY_WARNING_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

/** Whole days left before a listing expires (0 on its last day); null without an end. */
export function daysLeft(expiresAt: string | null, now = Date.now()): number | null {
  if (!expiresAt) return null;
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / DAY));
}

/** What an administrator or the reports did that keeps a listing from the public, whatever its status. */
const HELD = [
  { reason: 'hidden', badge: 'text-bg-danger', icon: 'bi-shield-exclamation' },
  { reason: 'reported', badge: 'text-bg-warning', icon: 'bi-flag' },
  { reason: 'blocked', badge: 'text-bg-danger', icon: 'bi-person-slash' },
] as const;

/**
 * The card's badges for what keeps a listing out of search: expired, or off the market (approved ones), and
 * hidden by an administrator, held by reports, or its owner blocked.
 */
export function WithheldBadges({ listing: l }: { listing: ListingRead }) {
  const { t } = useTranslation('owner');
  const held = HELD.filter((h) => l.withheld.includes(h.reason)).map((h) => (
    <span key={h.reason} className={`badge ${h.badge}`} data-testid="withheld-badge" data-reason={h.reason}>
      {t(`myProperties.withheld.${h.reason}Badge`)}
    </span>
  ));
  if (l.status !== 'approved') return <>{held}</>;
  return (
    <>
      {held}
      {l.withheld.includes('expired') && (
        <span className="badge text-bg-danger" data-testid="expired-badge">
          {t('myProperties.expiry.expiredBadge')}
        </span>
      )}
      {l.withheld.includes('off_market') && (
        <span className="badge text-bg-dark" data-testid="off-market-badge">
          {t('myProperties.expiry.offMarketBadge')}
        </span>
      )}
    </>
  );
}

/**
 * On a card of /my-properties and on the owner's view of the listing, why the public cannot see it when an
 * administrator hid it (the reason is in the e-mail the owner was sent, not given here), reports hold it, or its
 * owner is blocked.
 */
export function WithheldNotes({ listing: l }: { listing: ListingRead }) {
  const { t } = useTranslation('owner');
  const held = HELD.filter((h) => l.withheld.includes(h.reason));
  if (held.length === 0) return null;
  return (
    <div className="owner-withheld" data-testid="withheld-notes">
      {held.map((h) => (
        <p key={h.reason} className="small mb-0" data-testid="withheld-note" data-reason={h.reason}>
          <i className={`bi ${h.icon} me-1`} aria-hidden="true" />
          {t(`myProperties.withheld.${h.reason}Text`)}
        </p>
      ))}
    </div>
  );
}

/**
 * On a card of /my-properties and on the owner's view of the listing: an expired listing says so with a one-click Renew (not destructive, so no
 * confirmation); one ending within 14 days says in how many days, with the same button; one sold or rented 14+
 * days ago explains why search no longer shows it. The button shows progress, then the result or the error.
 */
export function ListingExpiry({ listing: l }: { listing: ListingRead }) {
  const { t, i18n } = useTranslation('owner');
  const lang = i18n.language.startsWith('ar') ? 'ar' : 'en';
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => renewListing(l.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
  if (l.status !== 'approved') return null;

  const expired = l.withheld.includes('expired');
  const days = daysLeft(l.expires_at);
  const soon = !expired && days != null && days <= EXPIRY_WARNING_DAYS;
  const offMarket = l.withheld.includes('off_market');
  const until = (iso: string) => formatMediumDate(new Date(iso), lang);

  return (
    <div className="owner-expiry" data-testid="listing-expiry">
      {offMarket && (
        <p className="small mb-2 owner-expiry-note" data-testid="off-market-note">
          <i className="bi bi-eye-slash me-1" aria-hidden="true" />
          {t(`myProperties.expiry.offMarket.${l.availability === 'rented' ? 'rented' : 'sold'}`)}
        </p>
      )}
      {(expired || soon) && (
        <div className={`owner-expiry-box ${expired ? 'is-expired' : 'is-soon'}`}>
          <p className="small mb-2" data-testid={expired ? 'expired-note' : 'expires-soon'}>
            <i className={`bi ${expired ? 'bi-calendar-x' : 'bi-hourglass-split'} me-1`} aria-hidden="true" />
            {expired ? t('myProperties.expiry.expiredText') : t('myProperties.expiry.expiresIn', { count: days ?? 0 })}
          </p>
          {!renew.isSuccess && (
            <button
              type="button"
              className={`btn btn-sm ${expired ? 'btn-brand' : 'btn-outline-brand'}`}
              onClick={() => renew.mutate()}
              disabled={renew.isPending}
              aria-busy={renew.isPending}
              data-testid="renew-listing"
            >
              {renew.isPending ? (
                <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              )}
              {renew.isPending ? t('myProperties.expiry.renewing') : t('myProperties.expiry.renew')}
            </button>
          )}
        </div>
      )}
      <div aria-live="polite">
        {renew.isSuccess && (
          <p className="small text-success mb-2" role="status" data-testid="renew-done">
            <i className="bi bi-check-circle me-1" aria-hidden="true" />
            {t('myProperties.expiry.renewed', { date: renew.data.expires_at ? until(renew.data.expires_at) : '' })}
          </p>
        )}
        {renew.isError && (
          <p className="small text-danger mb-2" role="alert" data-testid="renew-failed">
            {t('myProperties.expiry.renewFailed', { reason: translateError(t, renew.error) })}
          </p>
        )}
      </div>
    </div>
  );
}
