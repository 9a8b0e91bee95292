import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the admin feature replaces this page. */
export default function AdminReviewPage() {
  return <PlaceholderPage titleKey="adminReview" />;
}
