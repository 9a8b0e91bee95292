import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupDigits, type ListingRead, type Lang } from '@manzil/shared';
import { countClick, ownerReach } from '../contact/reach';
import { WhatsAppLink } from '../contact/WhatsAppLink';
import { FavoriteButton } from '../favorites/FavoriteButton';
import { PhotoPlaceholder, saverVariant, usePhotoGate } from '../data-saver/PhotoGate';
import { plain } from '../currency/convert';
import { ApproxPrice, OldPrice, PricePerSqm, ReducedBadge } from '../currency/PriceExtras';
import { mediaUrl } from '../../api/client';
import { CARD_MAX_VARIANT_WIDTH, cityName, imageSrc, listingTitle, ownerName, phoneHref, priceText, propertyTypeLabel, srcSet } from './display';
import './listing-card.css';

export interface ListingCardProps {
  listing: ListingRead;
  /** grid: picture on top; list: picture beside the text (search list). */
  layout?: 'grid' | 'list';
  /** The first cards of a page are above the fold: load them at once. */
  eager?: boolean;
  /** The heart (issue 27); false where keeping makes no sense (an owner's own list). */
  favorite?: boolean;
  /** How wide the photo is drawn (the img's `sizes`), where the page lays cards out otherwise than a search page. */
  sizes?: string;
}

/**
 * How wide a search page draws a card's photo. Said as drawn (the page's padding taken off) rather than "100vw":
 * a phone picks the 720 px copy only when it knows the photo is under 360 device pixels wide at ratio 2.
 */
const CARD_SIZES = {
  grid: '(min-width: 1200px) 360px, (min-width: 768px) 45vw, calc(100vw - 26px)',
  list: '(min-width: 768px) 320px, calc(100vw - 26px)',
};

/**
 * The listing card of spec §2 "Listing page": picture (placeholder when missing or broken), owner, title,
 * price with the per-month suffix for rent, rooms, area, city, a call link (disabled without a phone) and
 * the details link, and the heart that keeps it (issue 27). Issue 29: a lowered price's old figure and badge, the
 * price per m², and "≈" the price in the visitor's currency. Pictures come as WebP variants with srcset and load lazily.
 */
const mediaUrlOf = (v: { url: string } | undefined) => (v ? mediaUrl(v.url) : null);

export function ListingCard({ listing: l, layout = 'grid', eager = false, favorite = true, sizes = CARD_SIZES[layout] }: ListingCardProps) {
  const { t, i18n } = useTranslation('listings');
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const [broken, setBroken] = useState(false);
  const media = l.media?.[0];
  // Data saver (issue 30): a placeholder until tapped, then the 400 px variant only (its size is what was said).
  const gate = usePhotoGate(media);
  const src = broken ? null : gate.saver ? (mediaUrlOf(saverVariant(media, 400)) ?? imageSrc(media)) : imageSrc(media);
  const title = listingTitle(l, lang);
  const price = priceText(l, lang);
  const rent = l.listing_type === 'FOR_RENT';
  // The owner's chosen ways (issue 28): Call only when chosen, WhatsApp when chosen and given.
  const reach = ownerReach(l);
  const phone = phoneHref(l);
  const tel = reach.call ? phone : null;
  // A phone the owner chose not to take calls on is said so, rather than "no phone".
  const noCall = t(phone ? 'callOff' : 'noPhone');
  const city = cityName(l, lang);
  const p = l.property;
  const details = `/property-details/${l.id}`;
  // Sold or rented: said on the picture, so nobody calls about a deal that is closed (issue 24).
  const gone = l.availability === 'sold' || l.availability === 'rented';
  const badges = (
    <>
      <span className={`listing-card-badge ${rent ? 'is-rent' : 'is-sale'}`}>{t(rent ? 'forRent' : 'forSale')}</span>
      {gone && <span className="listing-card-badge listing-card-gone">{t(`availability.${l.availability}`)}</span>}
    </>
  );
  return (
    <article className={`listing-card listing-card-${layout}${gone ? ' is-gone' : ''}`} aria-labelledby={`listing-${l.id}-title`}>
      {gate.gated ? (
        <div className="listing-card-media">
          <PhotoPlaceholder media={media} minWidth={400} onShow={gate.show} label={t('showPhotoOf', { title })} />
          {badges}
        </div>
      ) : (
        <Link to={details} className="listing-card-media" tabIndex={-1} aria-hidden="true">
          {src ? (
            <img
              src={src}
              srcSet={gate.saver ? undefined : srcSet(media, CARD_MAX_VARIANT_WIDTH)}
              sizes={gate.saver ? undefined : sizes}
              alt=""
              loading={eager || gate.saver ? 'eager' : 'lazy'}
              // The first cards are the page's largest paint: fetch their photos ahead of other requests.
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
              width={media?.width || 1600}
              height={media?.height || 1067}
              onError={() => setBroken(true)}
            />
          ) : (
            <span className="listing-card-placeholder">
              <i className="bi bi-house-door" aria-hidden="true" />
            </span>
          )}
          {badges}
        </Link>
      )}
      {favorite && <FavoriteButton listingId={l.id} describedBy={`listing-${l.id}-title`} className="listing-card-favorite" />}
      <div className="listing-card-body">
        <div className="listing-card-price">
          {price ? (
            <>
              {/* Left-to-right so "US$" and the digits keep their order in Arabic pages. */}
              <bdi dir="ltr">{plain(price)}</bdi>
              {rent && <span className="listing-card-per"> {t('perMonth')}</span>}
              {/* Places to break: in a narrow card the old price and the badge go under the price, whole. */}
              <wbr />
              <OldPrice listing={l} lang={lang} />
              <wbr />
              <ReducedBadge listing={l} className="ms-2" />
            </>
          ) : (
            t('priceOnRequest')
          )}
        </div>
        {/* The price in the visitor's currency (issue 29), on a line of its own that is there from the start. */}
        <ApproxPrice listing={l} lang={lang} className="listing-card-approx" />
        <h3 className="listing-card-title" id={`listing-${l.id}-title`}>
          <Link to={details}>{title}</Link>
        </h3>
        <p className="listing-card-meta">
          <span>
            <i className="bi bi-geo-alt" aria-hidden="true" /> {city || t('unknownCity')}
          </span>
          <span className="listing-card-type">{propertyTypeLabel(p.property_type, lang)}</span>
        </p>
        <ul className="listing-card-facts" aria-label={t('facts')}>
          {/* Nothing to say about 0 rooms (offices, land) or rooms not given. */}
          {!!p.bedrooms && (
            <li title={t('bedrooms')}>
              <i className="bi bi-door-closed" aria-hidden="true" /> {t('bedroomsCount', { count: p.bedrooms })}
            </li>
          )}
          {!!p.bathrooms && (
            <li title={t('bathrooms')}>
              <i className="bi bi-droplet" aria-hidden="true" /> {t('bathroomsCount', { count: p.bathrooms })}
            </li>
          )}
          {p.area_sqm != null && (
            <li title={t('area')}>
              <i className="bi bi-bounding-box" aria-hidden="true" /> <bdi>{t('areaValue', { value: groupDigits(p.area_sqm) })}</bdi>
            </li>
          )}
          {p.area_sqm != null && l.price != null && (
            <li title={t('pricePerSqm')}>
              <i className="bi bi-tag" aria-hidden="true" /> <PricePerSqm listing={l} lang={lang} />
            </li>
          )}
        </ul>
        <div className="listing-card-footer">
          <span className="listing-card-owner" title={t('owner')}>
            <i className="bi bi-person-circle" aria-hidden="true" /> {ownerName(l)}
          </span>
          <span className="listing-card-actions">
            {tel ? (
              <a className="btn btn-sm btn-outline-brand" href={tel} aria-label={t('callOwner', { title })} onClick={() => countClick(l.id, 'call')}>
                <i className="bi bi-telephone" aria-hidden="true" /> {t('call')}
              </a>
            ) : (
              <button type="button" className="btn btn-sm btn-outline-secondary listing-card-nophone" disabled title={noCall}>
                <i className="bi bi-telephone-x" aria-hidden="true" /> {t('call')}
                <span className="visually-hidden"> ({noCall})</span>
              </button>
            )}
            {reach.whatsapp && (
              <WhatsAppLink listing={l} digits={reach.whatsapp} className="btn btn-sm btn-whatsapp" label={t('whatsappOwner', { title })}>
                <i className="bi bi-whatsapp" aria-hidden="true" />
              </WhatsAppLink>
            )}
            <Link className="btn btn-sm btn-brand" to={details} aria-label={t('viewDetailsOf', { title })}>
              {t('viewDetails')}
            </Link>
          </span>
        </div>
      </div>
    </article>
  );
}
