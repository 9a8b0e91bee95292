import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPrice, type PriceChange, type Lang } from '@manzil/shared';
import { isolated } from '../../../components/currency/convert';
import { formatLongDate } from '../../../i18n/dates';
import { priceHistoryQuery } from '../api/listing';

/** A change in words: lowered or raised (with the percentage, same currency), else what it became. */
function changeText(c: PriceChange, lang: Lang, t: (k: string, o?: Record<string, unknown>) => string) {
  const price = (v: number | null, cur: string) => (v == null ? t('priceOnRequest') : isolated(formatPrice(v, cur, lang) ?? ''));
  const from = price(c.old_price, c.old_currency);
  const to = price(c.new_price, c.currency);
  if (c.old_price != null && c.new_price != null && c.old_currency === c.currency && c.old_price > 0) {
    const pct = Math.round((Math.abs(c.new_price - c.old_price) / c.old_price) * 100);
    const down = c.new_price < c.old_price;
    return { kind: down ? 'down' : 'up', text: t(down ? 'priceHistory.lowered' : 'priceHistory.raised', { from, to, pct }) };
  }
  return { kind: 'other', text: t('priceHistory.changed', { from, to }) };
}

/**
 * The listing's price changes (issue 29), newest first; nothing when its price never changed. The details page's
 * loader reads them with the listing, so the server's HTML has them and nothing appears later.
 */
export function PriceHistory({ listingId, token, lang }: { listingId: number; token: string | null; lang: Lang }) {
  const { t } = useTranslation('details');
  const { data } = useQuery(priceHistoryQuery(listingId, token));
  if (!data?.items.length) return null;
  return (
    <section className="details-section" aria-labelledby="details-price-history" data-testid="price-history">
      <h2 id="details-price-history" className="details-section-title">
        {t('priceHistory.title')}
      </h2>
      <ul className="price-history">
        {data.items.map((c, i) => {
          const { kind, text } = changeText(c, lang, t);
          return (
            <li key={`${c.changed_at}-${i}`}>
              <time dateTime={c.changed_at}>{formatLongDate(new Date(c.changed_at), lang, 'Yemen')}</time>
              <span className={`price-history-${kind}`}>
                {kind !== 'other' && <i className={`bi bi-arrow-${kind === 'down' ? 'down' : 'up'}-right me-1`} aria-hidden="true" />}
                {text}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
