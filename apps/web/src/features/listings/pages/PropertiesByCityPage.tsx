import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the listings feature replaces this page. */
export default function PropertiesByCityPage() {
  return <PlaceholderPage titleKey="propertiesByCity" />;
}
