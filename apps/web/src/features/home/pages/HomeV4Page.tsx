import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the home feature replaces this page. */
export default function HomeV4Page() {
  return <PlaceholderPage titleKey="homeV4" hero />;
}
