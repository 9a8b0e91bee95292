import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the info feature replaces this page. */
export default function NewsDetailsPage() {
  return <PlaceholderPage titleKey="newsDetails" />;
}
