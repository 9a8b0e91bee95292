import { useTranslation } from 'react-i18next';
import { HeroSearch } from '../../search/components/HeroSearch';

/**
 * The top of the home page: heading, lead and the search box. It is the first paint of the server's HTML:
 * keep it free of effects that change its size after hydration.
 */
export function HomeHero({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('home');
  return (
    <section className={compact ? 'home-hero home-hero--compact' : 'home-hero'}>
      <div className="container">
        <h1 className="home-hero-title">{t('heroTitle')}</h1>
        {!compact && <p className="home-hero-lead">{t('heroLead')}</p>}
        <HeroSearch />
      </div>
    </section>
  );
}
