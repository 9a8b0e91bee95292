import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapCluster } from '@manzil/shared';
import L from '../../../components/map/leaflet';
import { clusterIcon } from './pins';

interface Props {
  clusters: MapCluster[];
  /** The accessible name of a cluster, in the visitor's language ("12 properties, USD 300 to 1,200, zoom in"). */
  label: (c: MapCluster) => string;
  /** The listing whose cluster stands out (its card in the list beside the map is hovered or focused). */
  highlight?: { lat: number; lng: number } | null;
}

const inside = (c: MapCluster, p: { lat: number; lng: number }) =>
  p.lat >= c.bounds[0] && p.lat <= c.bounds[2] && p.lng >= c.bounds[1] && p.lng <= c.bounds[3];

/**
 * The server's clusters (POST /listings/search/map at a low zoom): a counted circle per grid cell, at the mean
 * of its listings' positions. A click, or Enter or Space on a focused cluster, zooms the map to the box around
 * its listings (at least one level in); the next answer then splits it. Markers are kept imperatively and
 * replaced as a whole on each answer: a few hundred at most.
 */
export function ClusterMarkers({ clusters, label, highlight = null }: Props) {
  const map = useMap();
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef<{ cluster: MapCluster; marker: L.Marker }[]>([]);

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    layerRef.current = layer;
    return () => {
      layer.remove();
      layerRef.current = null;
      markersRef.current = [];
    };
  }, [map]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    markersRef.current = clusters.map((c) => {
      const name = label(c);
      const marker = L.marker([c.lat, c.lng], { icon: clusterIcon(c.count, c.for_sale, name, 'manzil-cluster-cell'), title: name, keyboard: true, riseOnHover: true });
      const zoomIn = () => {
        const box = L.latLngBounds([c.bounds[0], c.bounds[1]], [c.bounds[2], c.bounds[3]]);
        // The box around its listings, and at least one level in (all at one spot: three levels).
        const fit = box.getNorth() === box.getSouth() && box.getEast() === box.getWest() ? map.getZoom() + 3 : map.getBoundsZoom(box.pad(0.15));
        map.setView(box.getCenter(), Math.min(map.getMaxZoom(), Math.max(map.getZoom() + 1, fit)));
      };
      marker.on('click', zoomIn);
      marker.on('keypress', (ev: L.LeafletKeyboardEvent) => {
        if (ev.originalEvent.key === 'Enter' || ev.originalEvent.key === ' ') zoomIn();
      });
      layer.addLayer(marker);
      return { cluster: c, marker };
    });
  }, [clusters, label, map]);

  useEffect(() => {
    if (!highlight) return;
    const entry = markersRef.current.find((m) => inside(m.cluster, highlight));
    const el = entry?.marker.getElement();
    if (!entry || !el) return;
    el.classList.add('is-highlighted');
    entry.marker.setZIndexOffset(1000);
    return () => {
      el.classList.remove('is-highlighted');
      entry.marker.setZIndexOffset(0);
    };
  }, [highlight, clusters]);

  return null;
}
