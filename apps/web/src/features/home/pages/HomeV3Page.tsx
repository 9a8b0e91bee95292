import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the home feature replaces this page. */
export default function HomeV3Page() {
  return <PlaceholderPage titleKey="homeV3" hero />;
}
