import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupDigits, type ListingPin, type Lang } from '@manzil/shared';
import { useDataSaver } from '../../../components/data-saver/store';
import { FavoriteButton } from '../../../components/favorites/FavoriteButton';
import { imageSrc } from '../../../components/listing-card/display';
import { listingTitle, placeName, priceText } from '../lib/display';

/** Cards listed beside the map: enough to scan, few enough for the DOM; the count says when zooming in shows the rest. */
export const LIST_MAX = 60;

interface Props {
  listings: ListingPin[];
  /** How many listings the view holds (more than `listings` when the answer was capped). */
  total: number;
  lang: Lang;
  /** Nothing has answered yet (the column is there from the start, so the map's width never changes under it). */
  loading: boolean;
  /** The listings are those of a drawn area, wherever the map looks, rather than of the view. */
  drawnArea?: boolean;
  /** A card hovered or focused (its marker is highlighted), or null when it is left. */
  onHighlight: (id: number | null) => void;
}

/**
 * The listings in the map's view as compact cards, beside the map on wide screens (≥ 992 px). They are the
 * pins the map already has, in the same order: no second request (under clusters, or with a drawn area, the
 * page asks for them). Hovering or focusing a card highlights its marker (or the cluster holding it); each
 * card has its heart (issue 27).
 */
export function MapResultsList({ listings, total, lang, loading, drawnArea = false, onHighlight }: Props) {
  const { t } = useTranslation('map');
  const shown = listings.slice(0, LIST_MAX);
  return (
    <section className="map-results" aria-labelledby="map-results-title" data-testid="map-results">
      <h2 id="map-results-title" className="map-results-title">
        {t(drawnArea ? 'list.titleArea' : 'list.title')}
      </h2>
      {loading ? (
        <p className="map-results-empty">{t('counting')}</p>
      ) : shown.length === 0 ? (
        <p className="map-results-empty">{t(drawnArea ? 'emptyArea' : 'list.empty')}</p>
      ) : (
        <ul className="map-results-list" onMouseLeave={() => onHighlight(null)}>
          {shown.map((l) => (
            <ResultCard key={l.id} listing={l} lang={lang} onHighlight={onHighlight} />
          ))}
        </ul>
      )}
      {Math.max(total, listings.length) > shown.length && (
        <p className="map-results-more">{t(drawnArea ? 'list.moreArea' : 'list.more', { shown: shown.length, count: Math.max(total, listings.length) })}</p>
      )}
    </section>
  );
}

const ResultCard = memo(function ResultCard({ listing, lang, onHighlight }: { listing: ListingPin; lang: Lang; onHighlight: Props['onHighlight'] }) {
  const { t } = useTranslation('map');
  const p = listing.property;
  const title = listingTitle(listing, lang);
  const price = priceText(listing, lang);
  // Data saver (issue 30): no thumbnails in the list beside the map; the popup shows a photo on a tap.
  const saver = useDataSaver();
  const src = saver ? null : imageSrc(listing.media[0], 400);
  const place = [...new Set([placeName(p.district, lang), placeName(p.governorate, lang)].filter(Boolean))].join(lang === 'ar' ? '، ' : ', ');
  const isRent = listing.listing_type === 'FOR_RENT';
  const titleId = `map-result-${listing.id}-title`;
  return (
    <li
      className="map-result"
      data-listing-id={listing.id}
      onMouseEnter={() => onHighlight(listing.id)}
      onFocus={() => onHighlight(listing.id)}
      onBlur={() => onHighlight(null)}
    >
      <Link to={`/property-details/${listing.id}`} className="map-result-link">
        <span className="map-result-media">
          {src ? (
            <img src={src} alt="" width={112} height={84} loading="lazy" decoding="async" />
          ) : (
            <i className="bi bi-house-door" aria-hidden="true" />
          )}
        </span>
        <span className="map-result-body">
          <span className="map-result-title" id={titleId}>
            {title}
          </span>
          <span className="map-result-price">
            {price ? <span className="price-ltr">{price}</span> : t('priceOnRequest')}
            {price && isRent ? <span className="map-popup-suffix"> {t('perMonth')}</span> : null}
          </span>
          <span className="map-result-facts">
            <span className={`map-result-type map-result-type--${isRent ? 'rent' : 'sale'}`}>{t(`listingTypes.${listing.listing_type}`)}</span>
            {!!p.bedrooms && <span>{t('facts.beds', { count: p.bedrooms })}</span>}
            {!!p.bathrooms && <span>{t('facts.baths', { count: p.bathrooms })}</span>}
            {p.area_sqm != null && <span>{t('facts.area', { value: groupDigits(p.area_sqm) })}</span>}
          </span>
          {place && <span className="map-result-place">{place}</span>}
        </span>
      </Link>
      {/* Beside the card's link, not in it: a button inside a link is neither valid nor reachable on its own. */}
      <FavoriteButton listingId={listing.id} describedBy={titleId} className="map-result-favorite" />
    </li>
  );
});
