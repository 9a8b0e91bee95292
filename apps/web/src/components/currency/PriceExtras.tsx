import { useTranslation } from 'react-i18next';
import { formatPrice, type Currency, type Lang } from '@manzil/shared';
import { approxPrice, chosenZone, isReduced, plain, pricePerSqm, type Place } from './convert';
import { useRates, useVisitorCurrency, useYerZone } from './store';
import './price-extras.css';

/** A sentence around a price: the text before and after {{price}}, so the price itself can be isolated (bdi). */
function around(t: (k: string, o?: Record<string, unknown>) => string, key: string): [string, string] {
  const [before = '', after = ''] = t(key, { price: '\u0000' }).split('\u0000');
  return [before, after];
}
interface Priced {
  price: number | null;
  old_price: number | null;
  currency: Currency;
  listing_type: string;
  property?: (Place & { area_sqm: number | null }) | null;
}

/**
 * The lowered price's old figure struck through (issue 29), with "was" for screen readers, which do not say
 * that a text is deleted. Same on the server and in the browser.
 */
export function OldPrice({ listing, lang, className = '' }: { listing: Priced; lang: Lang; className?: string }) {
  const { t } = useTranslation();
  if (!isReduced(listing)) return null;
  const old = formatPrice(listing.old_price, listing.currency, lang);
  return (
    <del className={`price-old ${className}`} data-testid="old-price">
      <span className="visually-hidden">{t('prices.was')} </span>
      <bdi dir="ltr">{plain(old ?? '')}</bdi>
    </del>
  );
}

export function ReducedBadge({ listing, className = '' }: { listing: Priced; className?: string }) {
  const { t } = useTranslation();
  if (!isReduced(listing)) return null;
  return (
    <span className={`price-reduced-badge ${className}`} data-testid="price-reduced">
      <i className="bi bi-arrow-down-short" aria-hidden="true" />
      {t('prices.reduced')}
    </span>
  );
}

/**
 * "≈ the price in the visitor's currency". Its line is always there, empty on the server and while hydrating
 * (the visitor's currency is the device's, known only then) and when there is nothing to add, so filling it
 * moves nothing on the page.
 */
export function ApproxPrice({ listing, lang, className = '' }: { listing: Priced; lang: Lang; className?: string }) {
  const { t } = useTranslation();
  const visitor = useVisitorCurrency();
  const zoneId = useYerZone();
  // No question to the server for a listing on request, or whose money is the visitor's.
  const wanted = visitor !== null && listing.price != null && (visitor !== listing.currency || (visitor === 'YER' && zoneId !== null));
  const rates = useRates(wanted);
  const text = visitor && wanted ? approxPrice(listing, visitor, rates, lang, zoneId) : null;
  // Rials the visitor chose to count in are named: "≈ 160,000,000 YER" alone would not say which rials.
  const zone = visitor === 'YER' && rates ? chosenZone(rates, zoneId) : null;
  const zoneName = zone ? (lang === 'ar' ? zone.name_ar : zone.name_en) : null;
  const rent = listing.listing_type === 'FOR_RENT';
  const [before, after] = around(t, 'prices.approx');
  return (
    <span className={`price-approx ${className}`} data-testid="price-approx" data-after-hydration="">
      {text && (
        <>
          <span aria-hidden="true">
            {before}
            <bdi dir="ltr">{text}</bdi>
            {after}
            {rent && ` ${t('prices.perMonth')}`}
            {zoneName && <span className="price-approx-zone"> · {zoneName}</span>}
          </span>
          <span className="visually-hidden">
            {t('prices.approxSpoken', { price: text })}
            {rent && ` ${t('prices.perMonth')}`}
            {zoneName && `, ${zoneName}`}
          </span>
        </>
      )}
    </span>
  );
}

/** "$1,250/m²" in the listing's own currency, where there is a price and an area. */
export function PricePerSqm({ listing, lang, className = '' }: { listing: Priced; lang: Lang; className?: string }) {
  const { t } = useTranslation();
  const text = pricePerSqm(listing, lang);
  if (!text) return null;
  // A rent is a month's: so is its price per m².
  const rent = listing.listing_type === 'FOR_RENT';
  const [before, after] = around(t, rent ? 'prices.perSqmMonth' : 'prices.perSqm');
  return (
    <span className={`price-per-sqm ${className}`} data-testid="price-per-sqm">
      <span aria-hidden="true">
        {before}
        <bdi dir="ltr">{text}</bdi>
        {after}
      </span>
      <span className="visually-hidden">{t(rent ? 'prices.perSqmMonthSpoken' : 'prices.perSqmSpoken', { price: text })}</span>
    </span>
  );
}
