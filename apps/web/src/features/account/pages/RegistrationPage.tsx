import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: the account feature replaces this page. */
export default function RegistrationPage() {
  return <PlaceholderPage titleKey="registration" />;
}
