import { useTranslation } from 'react-i18next';
import type { Lang, ListingRead } from '@manzil/shared';
import { listingAmenities } from '../../../components/amenities/amenities';
import './amenity-list.css';

/**
 * The listing's amenities (issue 24) with their icons: only those it has, nothing when it has none. Server-rendered
 * like the rest of the page (the labels depend only on the listing and the page's language).
 */
export function AmenityList({ property, lang }: { property: ListingRead['property']; lang: Lang }) {
  const { t } = useTranslation('details');
  const items = listingAmenities(property, lang);
  if (items.length === 0) return null;
  return (
    <section className="details-section" aria-labelledby="details-amenities">
      <h2 id="details-amenities" className="details-section-title">
        {t('amenities')}
      </h2>
      <ul className="details-amenities" data-testid="amenity-list">
        {items.map((a) => (
          <li key={a.key} data-amenity={a.key}>
            <i className={`bi ${a.icon}`} aria-hidden="true" />
            <span>{a.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
