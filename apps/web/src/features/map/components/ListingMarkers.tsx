import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Lang, ListingPin } from '@manzil/shared';
import L from '../../../components/map/leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { hasCoordinates, listingTitle } from '../lib/display';
import { clusterIcon, listingPinIcon } from './pins';

interface Props {
  listings: ListingPin[];
  lang: Lang;
  /** `byKeyboard`: opened with Enter or Space on the focused pin. */
  onSelect: (listing: ListingPin, byKeyboard?: boolean) => void;
  /** Label of a cluster for screen readers, e.g. "12 properties". */
  clusterLabel: (count: number) => string;
  /** This listing's marker, or the cluster that holds it, is highlighted. */
  highlightId?: number | null;
}

function groupIcon(cluster: L.MarkerCluster, label: (n: number) => string): L.DivIcon {
  const count = cluster.getChildCount();
  const forSale = cluster.getAllChildMarkers().filter((m) => (m.options as { kind?: string }).kind !== 'FOR_RENT').length;
  return clusterIcon(count, forSale, label(count));
}

/**
 * Listing pins in a cluster group: dense areas collapse into counted circles, which zoom in on click.
 * Markers are managed imperatively and diffed by id, so a reload after panning only adds and removes
 * what changed (a thousand React components would be slow on a phone, and a full redraw flickers).
 */
export function ListingMarkers({ listings, lang, onSelect, clusterLabel, highlightId = null }: Props) {
  const map = useMap();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<number, { marker: L.Marker; key: string }>());
  const onSelectRef = useRef(onSelect);
  const labelRef = useRef(clusterLabel);
  onSelectRef.current = onSelect;
  labelRef.current = clusterLabel;

  useEffect(() => {
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      maxClusterRadius: 48,
      disableClusteringAtZoom: 18,
      iconCreateFunction: (cluster) => groupIcon(cluster, (n) => labelRef.current(n)),
    });
    map.addLayer(group);
    groupRef.current = group;
    const markers = markersRef.current;
    return () => {
      map.removeLayer(group);
      groupRef.current = null;
      markers.clear();
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const markers = markersRef.current;
    const wanted = new Map<number, ListingPin>();
    for (const l of listings) if (hasCoordinates(l)) wanted.set(l.id, l);

    const stale: L.Marker[] = [];
    for (const [id, entry] of markers) {
      const l = wanted.get(id);
      // A listing whose place, type or title changed gets a fresh marker.
      if (!l || entry.key !== markerKey(l, lang)) {
        stale.push(entry.marker);
        markers.delete(id);
      }
    }
    if (stale.length) group.removeLayers(stale);

    const fresh: L.Marker[] = [];
    for (const [id, l] of wanted) {
      if (markers.has(id)) continue;
      const title = listingTitle(l, lang);
      const marker = L.marker([l.property.latitude!, l.property.longitude!], {
        icon: listingPinIcon(l.listing_type),
        title,
        alt: title,
        keyboard: true,
        riseOnHover: true,
        kind: l.listing_type,
      } as L.MarkerOptions);
      marker.on('click', () => onSelectRef.current(l));
      // Leaflet marks keyboard-focusable icons role=button; Enter and Space open the popup like a click.
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ') onSelectRef.current(l, true);
      });
      markers.set(id, { marker, key: markerKey(l, lang) });
      fresh.push(marker);
    }
    if (fresh.length) group.addLayers(fresh);
  }, [listings, lang]);

  // The marker as shown now: itself, or the cluster it is folded into at this zoom (null when out of view).
  useEffect(() => {
    const group = groupRef.current;
    const entry = highlightId === null ? undefined : markersRef.current.get(highlightId);
    if (!group || !entry) return;
    const shown = group.getVisibleParent(entry.marker) as L.Marker | null;
    const el = shown?.getElement();
    if (!shown || !el) return;
    el.classList.add('is-highlighted');
    shown.setZIndexOffset(1000);
    return () => {
      el.classList.remove('is-highlighted');
      shown.setZIndexOffset(0);
    };
  }, [highlightId, listings, lang]);

  return null;
}

const markerKey = (l: ListingPin, lang: Lang) =>
  `${l.property.latitude},${l.property.longitude},${l.listing_type},${listingTitle(l, lang)},${l.updated_at}`;
