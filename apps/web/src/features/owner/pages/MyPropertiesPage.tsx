import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the owner feature replaces this page. */
export default function MyPropertiesPage() {
  return <PlaceholderPage titleKey="myProperties" />;
}
