// Any map with tiles needs Leaflet's stylesheet and default icon: import them here so no page forgets.
import './leaflet';
import { TileLayer } from 'react-leaflet';
import { usePublicConfig } from '../../api/queries';
import { ZoomLabels } from './ZoomLabels';

const ATTRIBUTION = {
  street: '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>',
  satellite: 'Imagery &copy; Esri, Maxar, Earthstar Geographics',
} as const;

/**
 * Base map tiles from the server's configuration (GET /config: map_tile_url, satellite_tile_url), so
 * deployments and tests choose the tile source (tests use a local stub, never live tiles).
 * Renders no tiles until /config answers, so a stub-configured page never asks the default tile host.
 * Also names the map's zoom buttons in the visitor's language (ZoomLabels).
 */
export function MapTileLayer({ variant = 'street' }: { variant?: 'street' | 'satellite' }) {
  const { config, isPending } = usePublicConfig();
  if (isPending) return <ZoomLabels />;
  const url = variant === 'satellite' ? config.satellite_tile_url : config.map_tile_url;
  return (
    <>
      <ZoomLabels />
      <TileLayer key={url} url={url} attribution={ATTRIBUTION[variant]} maxZoom={19} />
    </>
  );
}
