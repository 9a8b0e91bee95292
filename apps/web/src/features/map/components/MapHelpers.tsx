import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { Bounds } from '../lib/geo';

/** Small react-leaflet helpers shared by the search map, the draw modal and the details map. */

/** Fit the view to a box each time a different box is given (no animation: tests and slow phones). */
export function FitTo({ bounds, version = 0 }: { bounds: Bounds | null; version?: number }) {
  const map = useMap();
  const key = bounds ? `${bounds.min_lat},${bounds.max_lat},${bounds.min_lon},${bounds.max_lon},${version}` : '';
  useEffect(() => {
    if (!bounds) return;
    map.fitBounds(
      [
        [bounds.min_lat, bounds.min_lon],
        [bounds.max_lat, bounds.max_lon],
      ],
      { animate: false },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** MapContainer passes no ARIA props to its element; name the map region for screen readers. */
export function ContainerLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Keeps Leaflet's size right when the container changes height (mobile address bar, rotation). */
export function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

