import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the owner feature replaces this page. */
export default function EditPropertyPage() {
  return <PlaceholderPage titleKey="editProperty" />;
}
