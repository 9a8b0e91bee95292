import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the map feature replaces this page. */
export default function SearchMapPage() {
  return <PlaceholderPage titleKey="searchMap" />;
}
