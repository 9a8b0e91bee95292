/**
 * The listing form's map (spec §9): 300 px high, satellite (the spec's hybrid) or street tiles, default
 * centre 15.37, 44.19 at zoom 6. A click or a marker drag reports the point rounded to 6 decimals.
 * Loaded lazily by the form, so Leaflet stays out of every other chunk.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LayersControl, MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { MAP } from '@manzil/shared';
// A value import, not a type-only one: it brings Leaflet's CSS and the default marker icon fix.
import L from '../../../components/map/leaflet';
import { MapTileLayer } from '../../../components/map/MapTileLayer';
import { roundCoordinate } from '../form';

export interface MapPickerProps {
  /** The chosen point, if any. */
  point: { lat: number; lng: number } | null;
  /** Where to look: changes when the owner picks a location level (zoom per level) or types coordinates. */
  focus: { center: [number, number]; zoom: number; key: string };
  onPick: (lat: number, lng: number) => void;
}

function ClickToPick({ onPick }: { onPick: MapPickerProps['onPick'] }) {
  useMapEvents({
    click(e) {
      onPick(roundCoordinate(e.latlng.lat), roundCoordinate(e.latlng.lng));
    },
  });
  return null;
}

/** Moves the view when the focus changes (not on every render, so the owner can pan freely). */
function FollowFocus({ focus }: { focus: MapPickerProps['focus'] }) {
  const map = useMap();
  const last = useRef(focus.key);
  useEffect(() => {
    if (last.current === focus.key) return;
    last.current = focus.key;
    map.setView(focus.center, focus.zoom, { animate: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches });
  }, [map, focus]);
  return null;
}

/** Leaflet measures its box once; the form's layout may still be settling when the map mounts. */
function SizeFix() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  return null;
}

/** Leaflet's button for the layers is named "Layers" in English whatever the page's language: ours, translated. */
function LayersName({ name }: { name: string }) {
  const map = useMap();
  useEffect(() => {
    const toggle = map.getContainer().querySelector<HTMLElement>('.leaflet-control-layers-toggle');
    toggle?.setAttribute('aria-label', name);
    toggle?.setAttribute('title', name);
  }, [map, name]);
  return null;
}

export default function MapPicker({ point, focus, onPick }: MapPickerProps) {
  void L; // keep the setup module's side effects in this chunk
  const { t } = useTranslation('owner');
  const markerRef = useRef<L.Marker | null>(null);
  const handlers = useMemo(
    () => ({
      dragend() {
        const m = markerRef.current;
        if (!m) return;
        const p = m.getLatLng();
        onPick(roundCoordinate(p.lat), roundCoordinate(p.lng));
      },
    }),
    [onPick],
  );

  return (
    <div className="owner-map" style={{ height: MAP.pickerHeightPx }} data-testid="map-picker">
      <MapContainer center={focus.center} zoom={focus.zoom} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false} attributionControl>
        <LayersControl position="topright">
          <LayersControl.BaseLayer checked name={t('addProperty.map.satellite')}>
            <MapTileLayer variant="satellite" />
          </LayersControl.BaseLayer>
          <LayersControl.BaseLayer name={t('addProperty.map.street')}>
            <MapTileLayer variant="street" />
          </LayersControl.BaseLayer>
        </LayersControl>
        <ClickToPick onPick={onPick} />
        <FollowFocus focus={focus} />
        <LayersName name={t('addProperty.map.layers')} />
        <SizeFix />
        {point && (
          <Marker
            position={[point.lat, point.lng]}
            draggable
            eventHandlers={handlers}
            ref={markerRef}
            title={t('addProperty.map.markerTitle')}
            alt={t('addProperty.map.markerTitle')}
            keyboard
          />
        )}
      </MapContainer>
    </div>
  );
}
