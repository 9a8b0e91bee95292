import { useTranslation } from 'react-i18next';
import { WINDOW_EVENTS } from '@manzil/shared';

/**
 * The navbar's sign-in slot. PLACEHOLDER: the accounts feature replaces this file (user menu when signed
 * in: My Properties, Add Property, Account Settings, Logout). The login modal listens for openLoginModal.
 */
export function AuthWidget({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-outline-brand btn-sm nav-action"
      onClick={() => {
        onAction?.();
        window.dispatchEvent(new Event(WINDOW_EVENTS.openLoginModal));
      }}
    >
      <i className="bi bi-person-circle" aria-hidden="true" />
      <span>{t('nav.signIn')}</span>
    </button>
  );
}

export default AuthWidget;
