/**
 * The one place that prepares Leaflet for the app: its stylesheet, the default marker icon (Leaflet guesses
 * the image path from its CSS, which breaks under a bundler), and the global `L` that plugins such as
 * leaflet.markercluster and leaflet-geoman expect. Import Leaflet through this module, and only from lazily
 * loaded code, so maps never weigh on pages without one.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './leaflet-a11y.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

(globalThis as unknown as { L: typeof L }).L = L;

export default L;
export { L };
