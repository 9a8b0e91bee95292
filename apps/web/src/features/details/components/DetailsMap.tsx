import { useTranslation } from 'react-i18next';
import { MapContainer, Marker } from 'react-leaflet';
import { MAP, type ListingType } from '@manzil/shared';
import '../../../components/map/leaflet';
import { MapTileLayer } from '../../../components/map/MapTileLayer';
import { ContainerLabel, SizeWatcher } from '../../map/components/MapHelpers';
import { listingPinIcon } from '../../map/components/pins';

/** The listing's place at zoom 15, 350 px high (spec §2); lazily loaded with Leaflet. */
export default function DetailsMap({ lat, lng, listingType, title }: { lat: number; lng: number; listingType: ListingType; title: string }) {
  const { t } = useTranslation('details');
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={MAP.detailsZoom}
      minZoom={4}
      maxZoom={19}
      className="details-map"
      // The page scrolls over the map; zoom with the buttons or a pinch.
      scrollWheelZoom={false}
    >
      <MapTileLayer />
      <ContainerLabel label={t('location.mapLabel', { title })} />
      <SizeWatcher />
      <Marker position={[lat, lng]} icon={listingPinIcon(listingType)} title={title} alt={title} keyboard={false} />
    </MapContainer>
  );
}
