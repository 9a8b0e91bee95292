import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the admin feature replaces this page. */
export default function AdminListingsPage() {
  return <PlaceholderPage titleKey="adminListings" />;
}
