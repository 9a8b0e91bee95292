/**
 * Request-time render of the top of a listing's page (navbar, badges, title, place, price, photos), from
 * the real components, in Arabic and English. The server (apps/api/src/modules/seo/prerender.ts) puts it
 * into the HTML of /property-details/{id}, so the cover photo, the page's largest paint, shows before the
 * JavaScript has run; React replaces it on its first render (main.tsx waits for the listing's data first).
 * Only public fields are used: the owner's contact details stay out of the HTML (crawlers read it).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { ListingRead } from '@manzil/shared';
import { Navbar } from '../layout/Navbar';
import { DetailsHeader } from '../../features/details/components/DetailsHeader';
import { ImageCarousel } from '../../features/details/components/ImageCarousel';
import { listingTitle } from '../../features/map/lib/display';
import arCommon from '../../i18n/locales/ar/common.json';
import arDetails from '../../i18n/locales/ar/details.json';
import enCommon from '../../i18n/locales/en/common.json';
import enDetails from '../../i18n/locales/en/details.json';
import type { AppLanguage } from '../../i18n/config';
import { staticI18nFor } from './static-i18n';

const resources = {
  ar: { common: arCommon, details: arDetails },
  en: { common: enCommon, details: enDetails },
};

const i18nFor = staticI18nFor(resources, ['common', 'details']);

export async function renderDetailsTop(listing: ListingRead, lng: AppLanguage): Promise<string> {
  const i18n = await i18nFor(lng);
  const path = `/property-details/${listing.id}`;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Navbar />
        <main id="main-content" tabIndex={-1}>
          <article className="container page-section details-page">
            <DetailsHeader listing={listing} lang={lng} isOwner={false} />
            <div className="row g-4">
              <div className="col-lg-8">
                <ImageCarousel media={listing.media} title={listingTitle(listing, lng)} />
              </div>
            </div>
          </article>
        </main>
      </MemoryRouter>
    </I18nextProvider>,
  );
  // Buttons of the copy do nothing until React replaces it (the carousel's arrows, the menu); inert keeps
  // them out of reach meanwhile. Links stay plain links.
  return html.replace('<div class="details-gallery">', '<div class="details-gallery" inert="">');
}
