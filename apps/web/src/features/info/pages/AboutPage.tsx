import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the info feature replaces this page. */
export default function AboutPage() {
  return <PlaceholderPage titleKey="about" />;
}
