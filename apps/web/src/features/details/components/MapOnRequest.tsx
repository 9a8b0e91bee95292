import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../components/data-saver/store';

/**
 * With the data saver on (issue 30), the details page's map (Leaflet and its tiles) loads only when the visitor asks:
 * a "Show map" button in the map's box. Off, `children` as always.
 */
export function MapOnRequest({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const saver = useDataSaver();
  const [opened, setOpened] = useState(false);
  if (!saver || opened) return <>{children}</>;
  return (
    <div className="details-map details-map-placeholder details-map-saver">
      <p className="mb-2 text-body-secondary">{t('dataSaver.mapSaved')}</p>
      <button type="button" className="btn btn-outline-brand btn-sm" onClick={() => setOpened(true)} data-testid="show-map">
        <i className="bi bi-map me-1" aria-hidden="true" />
        {t('dataSaver.showMap')}
      </button>
    </div>
  );
}
