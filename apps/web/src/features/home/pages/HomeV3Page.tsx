import { usePageTitle } from '../../../components/usePageTitle';
import { CityLinks } from '../components/CityLinks';
import { HomeHero } from '../components/HomeHero';
import { LatestSlider } from '../components/LatestSlider';
import '../home.css';

/** /home-v3: cities first: a short search band, then every busy city, then the latest listings. */
export default function HomeV3Page() {
  usePageTitle(null);
  return (
    <>
      <HomeHero compact />
      <CityLinks limit={12} />
      <LatestSlider />
    </>
  );
}
