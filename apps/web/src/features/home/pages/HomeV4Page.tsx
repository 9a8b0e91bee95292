import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { HomeHero } from '../components/HomeHero';
import { LatestSlider } from '../components/LatestSlider';
import '../home.css';

/** /home-v4: the lightest: a short search band, the latest listings and the ways to browse, no city block. */
export default function HomeV4Page() {
  const { t } = useTranslation('home');
  usePageTitle(null);
  return (
    <>
      <HomeHero compact />
      <LatestSlider />
      <nav className="container home-browse" aria-label={t('browseLabel')}>
        <Link to="/search-list" className="btn btn-outline-brand"><i className="bi bi-list-ul me-1" aria-hidden="true" />{t('browseList')}</Link>
        <Link to="/properties-by-city" className="btn btn-outline-brand"><i className="bi bi-geo-alt me-1" aria-hidden="true" />{t('byCity')}</Link>
        <Link to="/search-map" className="btn btn-outline-brand"><i className="bi bi-map me-1" aria-hidden="true" />{t('onMap')}</Link>
      </nav>
    </>
  );
}
