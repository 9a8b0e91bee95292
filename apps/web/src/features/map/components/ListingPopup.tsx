import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupDigits, type ListingPin, type Lang } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { PhotoPlaceholder, saverVariant, usePhotoGate } from '../../../components/data-saver/PhotoGate';
import { CARD_MAX_VARIANT_WIDTH, imageSrc, srcSet } from '../../../components/listing-card/display';
import { listingTitle, placeName, priceText } from '../lib/display';
import { ApproxPrice } from '../../../components/currency/PriceExtras';
import { FavoriteButton } from '../../../components/favorites/FavoriteButton';

/** A pin carries the place as objects and no old price: what the currency line needs of it. */
const priced = (l: ListingPin) => ({
  price: l.price,
  old_price: null,
  currency: l.currency,
  listing_type: l.listing_type,
  property: { governorate_id: l.property.governorate?.id ?? null, district_id: l.property.district?.id ?? null, area_sqm: l.property.area_sqm },
});

/**
 * The info window of a marker (spec §2): image, title with the heart (issue 27), price, beds, baths, area and a
 * details link. The heart follows the title, so from the keyboard (focus lands on the title) Tab reaches it next;
 * a click on it stays in the popup: Leaflet keeps clicks inside a popup from the map, and it is no link.
 */
export function ListingPopupContent({ listing, lang }: { listing: ListingPin; lang: Lang }) {
  const { t } = useTranslation('map');
  const title = listingTitle(listing, lang);
  const cover = listing.media[0];
  // Data saver (issue 30): a placeholder with the 400 px photo's size until tapped.
  const gate = usePhotoGate(cover);
  const src = gate.saver ? mediaUrl(saverVariant(cover, 400)?.url) : imageSrc(cover, 400);
  const price = priceText(listing, lang);
  const p = listing.property;
  // District, governorate ("Azal, Amanat Al-Asimah"); a listing placed only in a governorate shows that.
  const place = [...new Set([placeName(p.district, lang), placeName(p.governorate, lang)].filter(Boolean))].join(lang === 'ar' ? '، ' : ', ');
  const href = `/property-details/${listing.id}`;
  const titleId = `map-popup-${listing.id}-title`;
  return (
    <article className="map-popup" aria-label={title}>
      {gate.gated && (
        <div className="map-popup-media">
          <PhotoPlaceholder media={cover} minWidth={400} onShow={gate.show} />
        </div>
      )}
      <Link to={href} className="map-popup-media" tabIndex={-1} aria-hidden="true" hidden={gate.gated}>
        {src && !gate.gated ? (
          <img src={src} srcSet={gate.saver ? undefined : srcSet(cover, CARD_MAX_VARIANT_WIDTH)} sizes="260px" alt="" width={260} height={150} loading="lazy" decoding="async" />
        ) : (
          <span className="map-popup-noimage">
            <i className="bi bi-house-door" aria-hidden="true" />
          </span>
        )}
        <span className={`map-popup-badge map-popup-badge--${listing.listing_type === 'FOR_RENT' ? 'rent' : 'sale'}`}>
          {t(`listingTypes.${listing.listing_type}`)}
        </span>
        {listing.availability !== 'available' && <span className="map-popup-badge map-popup-badge--gone">{t(`availability.${listing.availability}`)}</span>}
      </Link>
      <div className="map-popup-body">
        <div className="map-popup-head">
          <h3 className="map-popup-title" id={titleId}>
            <Link to={href}>{title}</Link>
          </h3>
          <FavoriteButton listingId={listing.id} describedBy={titleId} className="map-popup-favorite" />
        </div>
        <p className="map-popup-price">
          {price ? <span className="price-ltr">{price}</span> : t('priceOnRequest')}
          {price && listing.listing_type === 'FOR_RENT' ? <span className="map-popup-suffix"> {t('perMonth')}</span> : null}
        </p>
        {/* "≈" in the visitor's currency (issue 29), rials at the zone of the listing's place. */}
        <ApproxPrice listing={priced(listing)} lang={lang} className="map-popup-approx d-block small" />
        <ul className="map-popup-facts">
          {/* No "0 beds" on land and offices: a count shows only when there is something to count. */}
          {!!p.bedrooms && (
            <li>
              <i className="bi bi-door-closed" aria-hidden="true" /> {t('facts.beds', { count: p.bedrooms })}
            </li>
          )}
          {!!p.bathrooms && (
            <li>
              <i className="bi bi-droplet" aria-hidden="true" /> {t('facts.baths', { count: p.bathrooms })}
            </li>
          )}
          {p.area_sqm != null && (
            <li>
              <i className="bi bi-aspect-ratio" aria-hidden="true" /> {t('facts.area', { value: groupDigits(p.area_sqm) })}
            </li>
          )}
        </ul>
        {place && <p className="map-popup-place">{place}</p>}
        <Link to={href} className="btn btn-brand btn-sm w-100 map-popup-link">
          {t('viewDetails')}
        </Link>
      </div>
    </article>
  );
}
