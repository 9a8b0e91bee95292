import { usePageTitle } from '../../../components/usePageTitle';
import { CityLinks } from '../components/CityLinks';
import { HomeHero } from '../components/HomeHero';
import { LatestSlider } from '../components/LatestSlider';
import '../home.css';

/** /home-v2: the home with the busiest cities under the latest listings (spec §2's older variant, real content). */
export default function HomeV2Page() {
  usePageTitle(null);
  return (
    <>
      <HomeHero />
      <LatestSlider />
      <CityLinks />
    </>
  );
}
