import { useTranslation } from 'react-i18next';
import { formatPrice, type ListingRead } from '@manzil/shared';
import type { AppLanguage } from '../../../i18n/config';

/** The price isolated from the text around it, so "350 US$" keeps its order inside Arabic, then "/ month" for rent. */
export function PriceText({ listing, lang }: { listing: ListingRead; lang: AppLanguage }) {
  const { t } = useTranslation('admin');
  const p = formatPrice(listing.price, listing.currency, lang);
  if (!p) return <>{t('card.priceOnRequest')}</>;
  return (
    <>
      <bdi dir="ltr">{p}</bdi>
      {listing.listing_type === 'FOR_RENT' && ` ${t('card.perMonth')}`}
    </>
  );
}
