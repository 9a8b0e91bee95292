import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the search feature replaces this page. */
export default function SearchListPage() {
  return <PlaceholderPage titleKey="searchList" />;
}
