import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { HomeHero } from '../components/HomeHero';
import { LatestSlider } from '../components/LatestSlider';
import '../home.css';

/** / and /home-v1: hero search with Buy and Rent tabs, and the latest listings (spec §2 "Home page"). */
export default function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(null);
  return (
    <>
      <HomeHero />
      <LatestSlider />
      <section className="container home-cta">
        <div className="home-cta-box">
          <div>
            <h2 className="h4 mb-1">{t('ctaTitle')}</h2>
            <p className="mb-0">{t('ctaText')}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Link to="/properties-by-city" className="btn btn-light">{t('byCity')}</Link>
            <Link to="/search-map" className="btn btn-outline-light">{t('onMap')}</Link>
          </div>
        </div>
      </section>
    </>
  );
}
