import L from '../../../components/map/leaflet';
import type { ListingType } from '@manzil/shared';

/** Spec §9: red for sale, blue for rent (Bootstrap's danger and primary), 32 px. */
export const PIN_COLORS: Record<ListingType, string> = { FOR_SALE: '#dc3545', FOR_RENT: '#0d6efd' };
export const PIN_SIZE = 32;

function pinSvg(color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIN_SIZE}" height="${PIN_SIZE}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">` +
    `<path d="M16 1.5c-6.1 0-11 4.8-11 10.8 0 8.1 9.6 17.3 10.1 17.7a1.3 1.3 0 0 0 1.8 0c.4-.4 10.1-9.6 10.1-17.7 0-6-4.9-10.8-11-10.8z" fill="${color}" stroke="#fff" stroke-width="1.6"/>` +
    `<circle cx="16" cy="12.3" r="4.2" fill="#fff"/></svg>`
  );
}

const cache = new Map<ListingType, L.DivIcon>();

/** One shared divIcon per listing type (a thousand markers share two icons). */
export function listingPinIcon(type: ListingType): L.DivIcon {
  let icon = cache.get(type);
  if (!icon) {
    icon = L.divIcon({
      html: pinSvg(PIN_COLORS[type] ?? PIN_COLORS.FOR_SALE),
      className: `manzil-pin manzil-pin--${type === 'FOR_RENT' ? 'rent' : 'sale'}`,
      iconSize: [PIN_SIZE, PIN_SIZE],
      iconAnchor: [PIN_SIZE / 2, PIN_SIZE - 2],
      popupAnchor: [0, -PIN_SIZE + 4],
    });
    cache.set(type, icon);
  }
  return icon;
}
