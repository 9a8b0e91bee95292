import { useTranslation } from 'react-i18next';
import { HeroSearch } from '../../search/components/HeroSearch';

/**
 * The top of the home page: heading, lead and the search box. Also rendered at build time into the HTML of
 * `/` (app/prerender/home.tsx), so it paints before the JavaScript runs; keep it free of effects that
 * change its size after the first render.
 */
export function HomeHero() {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero">
      <div className="container">
        <h1 className="home-hero-title">{t('heroTitle')}</h1>
        <p className="home-hero-lead">{t('heroLead')}</p>
        <HeroSearch />
      </div>
    </section>
  );
}
