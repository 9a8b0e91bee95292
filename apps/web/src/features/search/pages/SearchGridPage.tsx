import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the search feature replaces this page. */
export default function SearchGridPage() {
  return <PlaceholderPage titleKey="searchGrid" />;
}
