/**
 * Build-time render of the top of the home page (navbar + hero with its search box), from the real
 * components, in both languages. vite.config.ts (prerenderHome) loads this module in Node after the build
 * and writes the markup to dist/prerender/home.json; the server puts it into the HTML of `/` so the page
 * paints before the JavaScript runs, and React replaces it on its first render (main.tsx).
 * Runs in Node only: no browser globals at module level, no i18n detector, no network.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Navbar } from '../layout/Navbar';
import { HomeHero } from '../../features/home/components/HomeHero';
import arCommon from '../../i18n/locales/ar/common.json';
import arHome from '../../i18n/locales/ar/home.json';
import arSearch from '../../i18n/locales/ar/search.json';
import enCommon from '../../i18n/locales/en/common.json';
import enHome from '../../i18n/locales/en/home.json';
import enSearch from '../../i18n/locales/en/search.json';
import type { AppLanguage } from '../../i18n/config';
import { staticI18n } from './static-i18n';

const resources = {
  ar: { common: arCommon, home: arHome, search: arSearch },
  en: { common: enCommon, home: enHome, search: enSearch },
};

/** The navbar (signed out, as a first visit sees it) and the hero of `/`, as static HTML. */
export async function renderHomeTop(lng: AppLanguage): Promise<string> {
  const i18n = await staticI18n(lng, resources, ['common', 'home', 'search']);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <Navbar />
        <main id="main-content" tabIndex={-1}>
          <HomeHero />
        </main>
      </MemoryRouter>
    </I18nextProvider>,
  );
  // Typing into the copy would be lost when React replaces it: the search box waits for the app (inert
  // looks the same). Links work as plain links meanwhile.
  const box = '<div class="hero-search">';
  if (html.split(box).length !== 2) throw new Error('prerender home: the search box was not found once');
  return html.replace(box, '<div class="hero-search" inert="">');
}
