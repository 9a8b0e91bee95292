import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Polygon, Popup, useMap, useMapEvents } from 'react-leaflet';
import { formatPrice, TIMINGS, type Lang, type ListingPin, type MapCluster } from '@manzil/shared';
import L from '../../../components/map/leaflet';
import { MapTileLayer } from '../../../components/map/MapTileLayer';
import type { Bounds, LatLngPoint } from '../lib/geo';
import { roundCoord } from '../lib/geo';
import { ClusterMarkers } from './ClusterMarkers';
import { ListingMarkers } from './ListingMarkers';
import { ContainerLabel, FitTo, SizeWatcher } from './MapHelpers';
import { ListingPopupContent } from './ListingPopup';
import '../map.css';

export interface SearchMapProps {
  center: [number, number];
  zoom: number;
  /** Fit the view to this box (the URL's bounds on load, or a newly drawn area). */
  fitTo: Bounds | null;
  /** Bumped to fit the same box again (the same area drawn twice). */
  fitVersion?: number;
  polygon: LatLngPoint[] | null;
  listings: ListingPin[];
  /** The server's clusters, when the view holds too many listings for pins (the listings are empty then). */
  clusters?: MapCluster[];
  lang: Lang;
  /** Called with the visible box and the zoom on load and 500 ms after the map stops moving. */
  onBoundsChange: (bounds: Bounds, zoom: number) => void;
  /** A listing whose marker stands out (its card in the list beside the map is hovered or focused). */
  highlightId?: number | null;
  /** Where that listing is, for the cluster that holds it when the map shows clusters. */
  highlightAt?: { lat: number; lng: number } | null;
}

const NO_CLUSTERS: MapCluster[] = [];

/** Box of the current view, rounded inward so re-fitting it never needs a lower zoom. */
function viewBounds(map: L.Map): Bounds {
  const b = map.getBounds();
  const up = (v: number) => Math.ceil(v * 1e6) / 1e6;
  const down = (v: number) => Math.floor(v * 1e6) / 1e6;
  return {
    min_lat: roundCoord(up(b.getSouth())),
    max_lat: roundCoord(down(b.getNorth())),
    min_lon: roundCoord(up(Math.max(-180, b.getWest()))),
    max_lon: roundCoord(down(Math.min(180, b.getEast()))),
  };
}

function BoundsWatcher({ onBoundsChange }: { onBoundsChange: (b: Bounds, zoom: number) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callback = useRef(onBoundsChange);
  callback.current = onBoundsChange;
  const map = useMapEvents({
    movestart: () => clearTimeout(timer.current),
    moveend: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => callback.current(viewBounds(map), map.getZoom()), TIMINGS.mapDebounceMs);
    },
  });
  useEffect(() => {
    // The first box goes out at once: nothing to debounce before the first results.
    map.whenReady(() => callback.current(viewBounds(map), map.getZoom()));
    return () => clearTimeout(timer.current);
  }, [map]);
  return null;
}

/**
 * A popup opened from the keyboard takes the focus (its title link), and Escape inside it closes it: Leaflet
 * handles Escape only while the map itself has focus. Focus then goes back to the pin that opened it.
 */
function PopupKeyboard({ opener }: { opener: RefObject<HTMLElement | null> }) {
  const map = useMap();
  useEffect(() => {
    const open = ({ popup }: L.PopupEvent) => {
      const el = popup.getElement();
      if (!el) return;
      el.addEventListener('keydown', (k) => {
        if (k.key !== 'Escape') return;
        k.stopPropagation();
        map.closePopup(popup);
      });
      if (!opener.current) return;
      // The content is React's portal: focus it once drawn (a frame or two).
      let frames = 10;
      const focus = () => {
        const link = el.querySelector<HTMLElement>('.map-popup a:not([tabindex="-1"])');
        if (link) link.focus();
        else if ((frames -= 1) > 0) requestAnimationFrame(focus);
      };
      focus();
    };
    const close = ({ popup }: L.PopupEvent) => {
      const active = document.activeElement;
      if (opener.current?.isConnected && (!active || active === document.body || popup.getElement()?.contains(active))) opener.current.focus();
      opener.current = null;
    };
    map.on('popupopen', open);
    map.on('popupclose', close);
    return () => {
      map.off('popupopen', open);
      map.off('popupclose', close);
    };
  }, [map, opener]);
  return null;
}

/** The Leaflet part of /search-map; lazily loaded so Leaflet never lands outside map pages. */
export default function SearchMap({ center, zoom, fitTo, fitVersion = 0, polygon, listings, clusters = NO_CLUSTERS, lang, onBoundsChange, highlightId = null, highlightAt = null }: SearchMapProps) {
  const { t } = useTranslation('map');
  const [selected, setSelected] = useState<ListingPin | null>(null);
  /** The pin that opened the popup from the keyboard: focus goes into the popup, and back to it on close. */
  const opener = useRef<HTMLElement | null>(null);
  const onSelect = useCallback((l: ListingPin, byKeyboard = false) => {
    opener.current = byKeyboard && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(l);
  }, []);
  const clusterLabel = useCallback((n: number) => t('clusterLabel', { count: n }), [t]);
  // A server cluster's accessible name: how many (and "zoom in"), of which type, at what prices.
  const clusterName = useCallback(
    (c: MapCluster) => {
      const lo = formatPrice(c.min_price_usd, 'USD', lang);
      const hi = formatPrice(c.max_price_usd, 'USD', lang);
      const prices = lo && hi ? (lo === hi ? lo : t('clusterPrices', { min: lo, max: hi })) : null;
      return [t('clusterLabel', { count: c.count }), t('clusterMix', { sale: c.for_sale, rent: c.for_rent }), prices].filter(Boolean).join(lang === 'ar' ? '؛ ' : '; ');
    },
    [t, lang],
  );

  // One position per popup: react-leaflet closes and reopens a popup whose position is a new array, which on any
  // render of the map (a heart pressed in it, the map moved by the popup itself) took the focus out of it.
  const popupAt = useMemo<[number, number] | null>(() => (selected ? [selected.property.latitude!, selected.property.longitude!] : null), [selected]);

  // A listing that left the results (filters or area changed) closes its popup.
  useEffect(() => {
    if (selected && !listings.some((l) => l.id === selected.id)) setSelected(null);
  }, [listings, selected]);

  return (
    <MapContainer
      center={center}
      zoom={zoom}
      className="search-map"
      minZoom={4}
      maxZoom={19}
      scrollWheelZoom
    >
      <MapTileLayer />
      <ContainerLabel label={t('mapLabel')} />
      <SizeWatcher />
      <FitTo bounds={fitTo} version={fitVersion} />
      <BoundsWatcher onBoundsChange={onBoundsChange} />
      {polygon && (
        <Polygon
          positions={polygon.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: '#0b5d56', weight: 2, fillOpacity: 0.08, dashArray: '6 4' }}
          interactive={false}
        />
      )}
      <ListingMarkers listings={listings} lang={lang} onSelect={onSelect} clusterLabel={clusterLabel} highlightId={highlightId} />
      <PopupKeyboard opener={opener} />
      <ClusterMarkers clusters={clusters} label={clusterName} highlight={highlightAt} />
      {selected && popupAt && (
        <Popup
          key={selected.id}
          position={popupAt}
          offset={[0, -26]}
          minWidth={240}
          maxWidth={280}
          autoPanPadding={[24, 24]}
          eventHandlers={{ remove: () => setSelected((s) => (s?.id === selected.id ? null : s)) }}
        >
          <ListingPopupContent listing={selected} lang={lang} />
        </Popup>
      )}
    </MapContainer>
  );
}
