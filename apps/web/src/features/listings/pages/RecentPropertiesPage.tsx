import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the listings feature replaces this page. */
export default function RecentPropertiesPage() {
  return <PlaceholderPage titleKey="recentProperties" />;
}
