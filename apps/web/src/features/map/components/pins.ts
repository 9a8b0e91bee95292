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

/** A cluster's diameter in px: larger for more listings (36 px for a few, 64 px from ten thousand). */
export function clusterSize(count: number): number {
  return count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 50 : count < 10_000 ? 58 : 64;
}

/** The number on a cluster: in full up to 9,999, then in thousands ("12k"); its accessible name has it in full. */
export function clusterCountText(count: number): string {
  return count < 10_000 ? count.toLocaleString('en-US') : `${Math.round(count / 1000)}k`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A cluster's icon, the same for the server's clusters and the few the map groups itself among pins: red when
 * all its listings are for sale, blue when all are for rent (the pins' colours), else neutral with a ring that
 * shows the share of each.
 */
export function clusterIcon(count: number, forSale: number, label: string, extraClass = ''): L.DivIcon {
  const size = clusterSize(count);
  const tone = forSale >= count ? 'sale' : forSale <= 0 ? 'rent' : 'mixed';
  const ring = tone === 'mixed' ? `<span class="manzil-cluster-ring" style="--sale:${Math.round((100 * forSale) / count)}%"></span>` : '';
  return L.divIcon({
    html: `${ring}<span class="manzil-cluster-count" aria-hidden="true">${clusterCountText(count)}</span><span class="visually-hidden">${escapeHtml(label)}</span>`,
    className: `manzil-cluster manzil-cluster--${tone}${extraClass ? ` ${extraClass}` : ''}`,
    iconSize: [size, size],
  });
}
