import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lang, ListingRead, MarketPosition as Position } from '@manzil/shared';
import { apiFetch } from '../../../api/client';
import { isolated } from '../../../components/currency/convert';
import { useAuth } from '../../account/auth-context';
import { MountWhenNear } from './MountWhenNear';

/** GET /listings/{id}/market-position (issue 29); the token goes along so an owner sees their pending listing's. */
function useMarketPosition(listingId: number, token: string | null) {
  return useQuery({
    queryKey: ['market', 'position', listingId, token ? 'auth' : 'anon'] as const,
    queryFn: ({ signal }) => apiFetch<Position>(`/listings/${listingId}/market-position`, { auth: Boolean(token), public: !token, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * "About 12% below the median for flats for sale in Al-Sabeen, from 23 listings" on a listing's page. Not in the
 * server's render nor in hydration: it mounts once the visitor comes near it (MountWhenNear's placeholder is an
 * empty block), and shows nothing at all for a listing without a price, an area or a district, while it loads,
 * on an error, or when fewer than 5 listings back the median. Numbers are written with Intl in the page's
 * language (Western digits, as every price on Manzil): by then the page has long been hydrated.
 */
export function MarketPosition({ listing, lang }: { listing: ListingRead; lang: Lang }) {
  const p = listing.property;
  if (listing.price == null || !p.area_sqm || p.district_id == null) return null;
  return (
    <MountWhenNear key={listing.id} placeholder={null}>
      <Suspense fallback={null}>
        <PositionLine listingId={listing.id} lang={lang} />
      </Suspense>
    </MountWhenNear>
  );
}

function PositionLine({ listingId, lang }: { listingId: number; lang: Lang }) {
  const { t } = useTranslation('market');
  const { token } = useAuth();
  const q = useMarketPosition(listingId, token);
  const c = q.data?.comparison;
  if (!c) return null;

  const locale = lang === 'ar' ? 'ar-u-nu-latn' : 'en-US';
  // Each figure in its own left-to-right isolate: in an Arabic sentence it then reads whole.
  const percent = isolated(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.abs(c.difference_pct) / 100));
  const count = new Intl.NumberFormat(locale).format(c.listings);
  const usd = (v: number) =>
    isolated(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: v < 100 ? 2 : 0, minimumFractionDigits: v < 100 ? 2 : 0 }).format(v));
  const perSqm = (v: number) => t(c.price_period === 'month' ? 'perSqmMonth' : 'perSqm', { price: usd(v) });
  const where = c.difference_pct < 0 ? 'below' : c.difference_pct > 0 ? 'above' : 'at';
  const words = {
    pct: percent,
    what: t(`propertyTypesLower.${c.property_type}`),
    listingType: t(`listingTypes.${c.listing_type}`),
    district: lang === 'ar' ? c.name_ar : c.name_en,
    count: c.listings,
    n: count,
  };
  const more = `/market?${new URLSearchParams({ governorate_id: String(c.governorate_id), listing_type: c.listing_type, property_type: c.property_type })}`;
  return (
    <section className="details-section market-position" aria-labelledby="details-market" data-testid="market-position">
      <h2 id="details-market" className="details-section-title">
        {t('position.title')}
      </h2>
      <p className="mb-1">
        <i className={`bi ${where === 'below' ? 'bi-arrow-down-circle' : where === 'above' ? 'bi-arrow-up-circle' : 'bi-dash-circle'} me-1`} aria-hidden="true" />
        {t(`position.${where}`, words)}
      </p>
      <p className="small text-body-secondary mb-0">
        {t('position.figures', { listing: perSqm(c.usd_per_sqm), median: perSqm(c.median_usd_per_sqm) })}{' '}
        <Link to={more}>{t('position.more')}</Link>
      </p>
    </section>
  );
}
