import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Lang, ListingRead } from '@manzil/shared';
import { listingTitle, priceText } from '../../map/lib/display';
import { placeLine } from '../../../components/listing-card/display';
import { FavoriteButton } from '../../../components/favorites/FavoriteButton';
import { ShareButton } from './ShareButton';
import { ApproxPrice, OldPrice, PricePerSqm, ReducedBadge } from '../../../components/currency/PriceExtras';

/**
 * The top of the details page: type badges, title, place and price, with the heart that keeps the listing; a
 * lowered price's old figure, the price per m² and "≈" the price in the visitor's currency (issue 29).
 */
export function DetailsHeader({ listing, lang, isOwner }: { listing: ListingRead; lang: Lang; isOwner: boolean }) {
  const { t } = useTranslation('details');
  const p = listing.property;
  const price = priceText(listing, lang);
  const title = listingTitle(listing, lang);
  const isRent = listing.listing_type === 'FOR_RENT';
  const isPublic = listing.status === 'approved' && listing.is_active && listing.withheld.length === 0;
  // The read model's city is the district (else the governorate): said once, then the governorate.
  const cityLine = placeLine([p.district, p.city, p.governorate], lang);
  return (
    <header className="details-header">
      <div className="details-heading">
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Badge bg="" className={`details-badge details-badge--${isRent ? 'rent' : 'sale'}`}>
            {t(`listingTypes.${listing.listing_type}`)}
          </Badge>
          <Badge bg="light" text="dark" className="details-badge border">
            {t(`propertyTypes.${p.property_type}`)}
          </Badge>
          {listing.availability !== 'available' && (
            <Badge bg="dark" className="details-badge">
              {t(`availability.${listing.availability}`)}
            </Badge>
          )}
          {isOwner && listing.status !== 'approved' && (
            <Badge bg={listing.status === 'rejected' ? 'danger' : 'warning'} text={listing.status === 'rejected' ? undefined : 'dark'} className="details-badge">
              {t(`moderation.${listing.status}`)}
            </Badge>
          )}
        </div>
        <h1 className="details-title" id="details-title">{title}</h1>
        {cityLine && (
          <p className="details-place">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {cityLine}
          </p>
        )}
      </div>
      <div className="details-price-row">
        <div className="details-price-block">
          <div className="details-price" data-testid="details-price">
            {price ? <span className="price-ltr">{price}</span> : t('priceOnRequest')}
            {price && isRent && <span className="details-price-suffix"> {t('perMonth')}</span>}
            {/* Places to break: the old price and the badge go to the next line whole, "/ month" stays whole. */}
            <wbr />
            <OldPrice listing={listing} lang={lang} />
            <wbr />
            <ReducedBadge listing={listing} className="ms-2" />
          </div>
          {/* Issue 29: the price per m² (the listing's currency) and "≈" in the visitor's, a line each. */}
          <div className="details-price-more">
            <PricePerSqm listing={listing} lang={lang} />
          </div>
          <ApproxPrice listing={listing} lang={lang} />
        </div>
        {/* Only what the public sees can be kept (issue 27) and shared (issue 28). */}
        {isPublic && <FavoriteButton listingId={listing.id} describedBy="details-title" />}
        {isPublic && <ShareButton listing={listing} lang={lang} />}
      </div>
    </header>
  );
}
