/** Split vendors so the home route stays small; map code only ever loads with a map page. */
export function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet|leaflet\.markercluster|@geoman-io)[\\/]/.test(id)) {
    return undefined; // left to the lazy map chunks that import them, never the entry
  }
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/.test(id)) {
    return 'react';
  }
  if (/[\\/]node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements)[\\/]/.test(id)) {
    return 'i18n';
  }
  if (/[\\/]node_modules[\\/]@tanstack[\\/]/.test(id)) return 'query';
  return undefined;
}
