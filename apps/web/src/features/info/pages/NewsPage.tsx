import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the info feature replaces this page. */
export default function NewsPage() {
  return <PlaceholderPage titleKey="news" />;
}
