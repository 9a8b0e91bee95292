import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the details feature replaces this page. */
export default function PropertyDetailsPage() {
  return <PlaceholderPage titleKey="propertyDetails" />;
}
