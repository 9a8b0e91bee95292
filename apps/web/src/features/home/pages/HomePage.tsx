import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the home feature replaces this page. */
export default function HomePage() {
  return <PlaceholderPage titleKey="home" hero />;
}
