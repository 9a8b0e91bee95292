import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { TIMINGS, WINDOW_EVENTS } from '@manzil/shared';
import { useWideLayout } from '../../components/useMediaQuery';
import { useScrollLock } from '../../components/useScrollLock';
import { AuthWidget } from '../../features/account/components/AuthWidget';
import { useAuth } from '../../features/account/auth-context';
import { isHomePath } from '../routes';
import { CurrencySwitcher } from './CurrencySwitcher';
import { YerZoneChoice } from '../../components/currency/YerZoneChoice';
import { DataSaverSwitch } from './DataSaverSwitch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

const NAV_LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/property', key: 'nav.properties' },
  { to: '/search-list', key: 'nav.search' },
  { to: '/search-map', key: 'nav.map' },
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
] as const;

/** True once the page has scrolled past 50 px (debounced 10 ms); only listens when `enabled`. */
function useScrolledPast(enabled: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const check = () => setScrolled(window.scrollY > TIMINGS.navbarScrollPx);
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, TIMINGS.navbarScrollDebounceMs);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  return enabled && scrolled;
}

function AddPropertyButton({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const tooltip = user ? t('nav.addPropertyTooltip') : t('nav.addPropertyLoginTooltip');
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!user) {
      event.preventDefault();
      window.dispatchEvent(new Event(WINDOW_EVENTS.openLoginModal));
    }
  };
  return (
    <Link to="/add-property" className={`btn btn-brand btn-sm nav-action ${className}`} title={tooltip} onClick={onClick}>
      <i className="bi bi-plus-lg" aria-hidden="true" />
      <span>{t('nav.addProperty')}</span>
    </Link>
  );
}

function AdminButton({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Link to="/admin/dashboard" className="btn btn-outline-brand btn-sm nav-action nav-action-admin" title={t('nav.admin')} onClick={onNavigate}>
      <i className="bi bi-shield-lock" aria-hidden="true" />
      <span className="nav-action-label">{t('nav.admin')}</span>
    </Link>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onHome = isHomePath(pathname);
  const scrolled = useScrolledPast(onHome);
  // The menu is open for the path it was opened on, so any route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = useCallback(
    (value: boolean | ((current: boolean) => boolean)) =>
      setOpenAt((at) => {
        const next = typeof value === 'function' ? value(at === pathname) : value;
        return next ? pathname : null;
      }),
    [pathname],
  );
  const togglerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), [setOpen]);

  // Close when the window reaches the desktop breakpoint (992 px).
  const wide = useWideLayout();
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide, setOpen]);

  // While open: lock body scroll, close on Escape, move focus in and back out (components/modalTabTrap keeps Tab inside).
  useScrollLock(open);
  useEffect(() => {
    if (!open) return;
    const body = document.body;
    body.classList.add('menu-open');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    closeRef.current?.focus();
    const toggler = togglerRef.current;
    return () => {
      body.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
      toggler?.focus({ preventScroll: true });
    };
  }, [open, setOpen]);

  const headerClass = ['site-header', onHome ? 'site-header-home' : 'site-header-solid', onHome && scrolled ? 'is-fixed' : '']
    .filter(Boolean)
    .join(' ');

  const links = (onNavigate?: () => void) =>
    NAV_LINKS.map((link) => (
      <li key={link.to}>
        <NavLink to={link.to} end={'end' in link} className="nav-link-item" onClick={onNavigate}>
          {t(link.key)}
        </NavLink>
      </li>
    ));

  // The overlay and the drawer are siblings of <header>, not children: the header's backdrop-filter and
  // slide-in transform would otherwise become their containing block and break position: fixed.
  return (
    <>
      <header className={headerClass}>
        <nav className="container site-nav" aria-label={t('nav.mainNavigation')}>
          {/* Full page load on purpose (spec §2). */}
          <a href="/" className="brand" aria-label={t('nav.logoLabel')}>
            <Logo />
            <span className="brand-name">{t('appName')}</span>
          </a>

          <ul className="nav-links d-none d-lg-flex">{links()}</ul>

          <div className="nav-actions d-none d-lg-flex">
            <LanguageSwitcher />
            <CurrencySwitcher compact />
            <DataSaverSwitch compact />
            <AdminButton />
            <AddPropertyButton />
            <AuthWidget />
          </div>

          <button
            ref={togglerRef}
            type="button"
            className="nav-toggler d-lg-none"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            <i className="bi bi-list" aria-hidden="true" />
          </button>
        </nav>
      </header>

      <div className={`mobile-overlay${open ? ' open' : ''}`} onClick={close} aria-hidden="true" />
      <div
        id="mobile-menu"
        className={`mobile-menu${open ? ' open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        inert={!open}
      >
        <div className="mobile-menu-head">
          <span className="brand">
            <Logo />
            <span className="brand-name">{t('appName')}</span>
          </span>
          <button ref={closeRef} type="button" className="btn-close" aria-label={t('nav.closeMenu')} onClick={close} />
        </div>
        <ul className="mobile-links">{links(close)}</ul>
        <div className="mobile-actions">
          <AddPropertyButton onNavigate={close} className="w-100" />
          <AdminButton onNavigate={close} />
          <AuthWidget onAction={close} />
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-2">
            <LanguageSwitcher />
            <CurrencySwitcher />
            <DataSaverSwitch />
          </div>
          <YerZoneChoice id="menu-yer-zone" className="mt-2 text-start" />
        </div>
      </div>
    </>
  );
}
