/**
 * Request-time render of the top of /search-list and /search-grid (navbar, title, number of results, view
 * switch, the page's cards), from the real components, in Arabic and English, for the answer the server got
 * for the page's own search body (searchPageBody). The filter column stays empty until the app renders it:
 * it sits beside the cards (below them on a phone, inside a closed panel), so nothing moves when it comes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Navbar } from '../layout/Navbar';
import type { SearchAnswer } from '../../features/search/api/search';
import { ResultItems, SearchHead } from '../../features/search/components/SearchResults';
import { countActive, parseFilters, viewSwitchQuery } from '../../features/search/lib/filters';
import arCommon from '../../i18n/locales/ar/common.json';
import arListings from '../../i18n/locales/ar/listings.json';
import arSearch from '../../i18n/locales/ar/search.json';
import enCommon from '../../i18n/locales/en/common.json';
import enListings from '../../i18n/locales/en/listings.json';
import enSearch from '../../i18n/locales/en/search.json';
import type { AppLanguage } from '../../i18n/config';
import { staticI18nFor } from './static-i18n';

const resources = {
  ar: { common: arCommon, search: arSearch, listings: arListings },
  en: { common: enCommon, search: enSearch, listings: enListings },
};

const i18nFor = staticI18nFor(resources, ['common', 'search', 'listings']);

export { searchPageBody } from '../../features/search/lib/filters';

/** `search` is the URL's query string ("" or "?…"). Only a page that has results gets a copy. */
export async function renderSearchTop(answer: SearchAnswer, view: 'list' | 'grid', search: string, lng: AppLanguage): Promise<string> {
  const i18n = await i18nFor(lng);
  const filters = parseFilters(new URLSearchParams(search));
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/search-${view}${search}`]}>
        <Navbar />
        <main id="main-content" tabIndex={-1}>
          <div className="container page-section search-page">
            <SearchHead view={view} data={answer} active={countActive(filters)} qs={viewSwitchQuery(search)} showFilters={false} onShowFilters={() => {}} />
            <div className="row g-4">
              <div className="col-lg-3" />
              <div className="col-lg-9">
                <ResultItems view={view} items={answer.items} refreshing={false} />
              </div>
            </div>
          </div>
        </main>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
