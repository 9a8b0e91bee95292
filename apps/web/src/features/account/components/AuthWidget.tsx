import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserMe } from '@manzil/shared';
import { useAuth } from '../auth-context';
import { Avatar } from './Avatar';
import '../account.css';

/**
 * The navbar's account slot (spec §2): a Sign in button that opens the modal, or the user menu (My
 * Properties, Add Property, Account Settings: Edit Profile and Delete Account, Logout, and Sign out
 * everywhere, which asks for confirmation first). The menu is a
 * disclosure: a button with aria-expanded, closed by Escape, a click outside, or choosing an item.
 * `onAction` lets the mobile menu close itself.
 */
export function AuthWidget({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation();
  const { user, isLoading, sessionRead, openLogin } = useAuth();

  // Before the stored session is read (the server's page, hydration) this is the signed-out "Sign in", which CSS
  // hides while a session is stored (styles/app.css).
  if (isLoading && sessionRead) {
    return (
      <button type="button" className="btn btn-outline-brand btn-sm nav-action" disabled aria-busy="true">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        <span className="visually-hidden">{t('nav.signIn')}</span>
      </button>
    );
  }

  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-outline-brand btn-sm nav-action"
        data-testid="nav-sign-in"
        onClick={() => {
          onAction?.();
          openLogin('login');
        }}
      >
        <i className="bi bi-person-circle" aria-hidden="true" />
        <span>{t('nav.signIn')}</span>
      </button>
    );
  }
  return <UserMenu user={user} onAction={onAction} />;
}

/** The signed-in menu; its texts (account namespace) load without suspending the navbar. */
function UserMenu({ user, onAction }: { user: UserMe; onAction?: () => void }) {
  const { t: ta, ready } = useTranslation('account', { useSuspense: false });
  const { logout, openDeleteAccount, openSignOutEverywhere } = useAuth();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    root.current?.addEventListener('keydown', onKey);
    const el = root.current;
    // Move focus to the first item, so keyboard users land in the menu.
    el?.querySelector<HTMLElement>('.account-menu a, .account-menu button')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      el?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (fn?: () => void) => () => {
    setOpen(false);
    // A dialog opened from the menu gives focus back to the toggle (the item itself goes with the menu).
    button.current?.focus();
    onAction?.();
    fn?.();
  };
  const label = (key: string, fallback: string) => (ready ? ta(key) : fallback);

  return (
    <div className="account-widget" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-sm account-widget-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} size={30} />
        <span className="account-widget-name">{user.first_name || user.username}</span>
        {/* The name read first, then what the button is: an aria-label would hide the visible name (axe). */}
        <span className="visually-hidden">{label('menu.label', 'Account menu')}</span>
        <i className={`bi bi-chevron-${open ? 'up' : 'down'} small`} aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} className="account-menu shadow" role="group" aria-label={label('menu.label', user.full_name)}>
          <div className="account-menu-head">
            <div className="fw-semibold text-truncate">{user.full_name || user.username}</div>
            <div className="small text-body-secondary text-truncate" dir="ltr">
              {user.email}
            </div>
          </div>
          <ul className="list-unstyled mb-0">
            <li>
              <Link to="/my-properties" onClick={choose()}>
                <i className="bi bi-house-door" aria-hidden="true" />
                {label('menu.myProperties', 'My Properties')}
              </Link>
            </li>
            <li>
              <Link to="/favorites" onClick={choose()}>
                <i className="bi bi-heart" aria-hidden="true" />
                {label('menu.favorites', 'Favourites')}
              </Link>
            </li>
            <li>
              <Link to="/saved-searches" onClick={choose()}>
                <i className="bi bi-bell" aria-hidden="true" />
                {label('menu.savedSearches', 'Saved searches')}
              </Link>
            </li>
            <li>
              <Link to="/add-property" onClick={choose()}>
                <i className="bi bi-plus-square" aria-hidden="true" />
                {label('menu.addProperty', 'Add Property')}
              </Link>
            </li>
          </ul>
          <div className="account-menu-section" id={`${menuId}-settings`}>
            {label('menu.accountSettings', 'Account Settings')}
          </div>
          <ul className="list-unstyled mb-0" aria-labelledby={`${menuId}-settings`}>
            <li>
              <Link to="/profile" onClick={choose()}>
                <i className="bi bi-person-gear" aria-hidden="true" />
                {label('menu.editProfile', 'Edit Profile')}
              </Link>
            </li>
            <li>
              <button type="button" className="text-danger" onClick={choose(openDeleteAccount)}>
                <i className="bi bi-trash3" aria-hidden="true" />
                {label('menu.deleteAccount', 'Delete Account')}
              </button>
            </li>
          </ul>
          <hr className="my-1" />
          <button type="button" onClick={choose(() => logout())} data-testid="logout">
            <i className="bi bi-box-arrow-right" aria-hidden="true" />
            {label('menu.logout', 'Logout')}
          </button>
          <button type="button" onClick={choose(openSignOutEverywhere)} data-testid="logout-all">
            <i className="bi bi-laptop" aria-hidden="true" />
            {label('menu.logoutAll', 'Sign out everywhere')}
          </button>
        </div>
      )}
    </div>
  );
}

export default AuthWidget;
