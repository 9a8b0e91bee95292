import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';

/**
 * Leaflet names its zoom buttons "Zoom in" / "Zoom out" in English whatever the page's language (their title and
 * aria-label): name them in the visitor's language, again when it changes. Rendered by MapTileLayer, so every
 * map of the app has it.
 */
export function ZoomLabels() {
  const map = useMap();
  const { t, i18n } = useTranslation('common');
  const lang = i18n.resolvedLanguage;
  useEffect(() => {
    const container = map.getContainer();
    const name = (selector: string, label: string) => {
      const button = container.querySelector(selector);
      button?.setAttribute('title', label);
      button?.setAttribute('aria-label', label);
    };
    name('.leaflet-control-zoom-in', t('mapControls.zoomIn'));
    name('.leaflet-control-zoom-out', t('mapControls.zoomOut'));
  }, [map, t, lang]);
  return null;
}
