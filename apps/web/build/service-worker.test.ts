import { describe, expect, it } from 'vitest';
import { offlinePageFiles, OFFLINE_PAGE_REVISION, shellOnly } from './service-worker';

const entry = (url: string, revision: string | null = null) => ({ url, revision, size: 1 });

describe('the service worker precache', () => {
  const html =
    '<link rel="stylesheet" crossorigin href="/assets/index-A.css"><link rel="preload" href="/assets/icons-B.woff2" as="font">' +
    '<script>var f=["/assets/react-C.js","/assets/index-D.js"]</script>';
  const vite = {
    'index.html': { file: 'assets/index-D.js' },
    'src/features/details/pages/PropertyDetailsPage.tsx': { file: 'assets/Details-E.js', css: ['assets/Details-F.css'], imports: ['index.html', '_price-G.js'] },
    '_price-G.js': { file: 'assets/price-G.js' },
    'src/features/favorites/pages/FavoritesPage.tsx': { file: 'assets/Favorites-H.js', imports: ['_price-G.js'] },
    'src/i18n/locales/ar/favorites.json': { file: 'assets/favorites-I.js' },
    'src/features/market/pages/MarketPage.tsx': { file: 'assets/Market-J.js' },
  };
  const all = ['index.html', 'assets/index-A.css', 'assets/icons-B.woff2', 'assets/react-C.js', 'assets/index-D.js', 'assets/Details-E.js', 'assets/Details-F.css', 'assets/price-G.js', 'assets/Favorites-H.js', 'assets/favorites-I.js', 'assets/Market-J.js', 'assets/noto-arabic-K.woff2'].map((u) => entry(u, u === 'index.html' ? 'rev1' : null));

  it('holds the shell: what index.html links, and index.html as /app-shell with its revision', () => {
    const out = shellOnly(all, html, offlinePageFiles(vite));
    const precached = out.filter((e) => e.revision !== OFFLINE_PAGE_REVISION).map((e) => e.url);
    expect(precached.sort()).toEqual(['app-shell', 'assets/icons-B.woff2', 'assets/index-A.css', 'assets/index-D.js', 'assets/react-C.js']);
    expect(out.find((e) => e.url === 'app-shell')?.revision).toBe('rev1');
  });

  it('marks the offline pages\' files for later, and leaves every other page out', () => {
    const out = shellOnly(all, html, offlinePageFiles(vite));
    const later = out.filter((e) => e.revision === OFFLINE_PAGE_REVISION).map((e) => e.url);
    expect(later.sort()).toEqual(['assets/Details-E.js', 'assets/Details-F.css', 'assets/Favorites-H.js', 'assets/favorites-I.js', 'assets/price-G.js']);
    expect(out.map((e) => e.url)).not.toContain('assets/Market-J.js');
    expect(out.map((e) => e.url)).not.toContain('assets/noto-arabic-K.woff2');
  });
});
