import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the home feature replaces this page. */
export default function HomeV2Page() {
  return <PlaceholderPage titleKey="homeV2" hero />;
}
