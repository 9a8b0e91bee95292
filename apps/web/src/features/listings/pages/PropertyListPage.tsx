import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the listings feature replaces this page. */
export default function PropertyListPage() {
  return <PlaceholderPage titleKey="property" />;
}
