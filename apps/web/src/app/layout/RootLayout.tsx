import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { installModalTabTrap } from '../../components/modalTabTrap';
import { EmailBannerSlot } from '../../features/account/components/EmailBannerSlot';
import { OutboxSlot } from '../../features/contact/components/OutboxSlot';
import { OfflineNotice } from '../offline/OfflineNotice';
import { markAppRendered } from '../preloader';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RouteFallback } from './RouteFallback';

/**
 * Marks the app rendered once the page itself is: React hydrates a Suspense boundary after the layout around it,
 * so an effect of the layout would run while the page (its forms among them) is still the server's inert HTML.
 */
function PageRendered() {
  useEffect(() => markAppRendered(), []);
  return null;
}

/** Navbar, the page, the verify-your-e-mail banner (signed-in, unverified), footer. The Suspense boundary covers lazy locale namespaces of the pages. */
export function RootLayout() {
  const { t } = useTranslation();
  // Tab stays inside whichever modal dialog is open.
  useEffect(() => installModalTabTrap(), []);
  // A new page whose link went with the old one: focus starts at the page's content, so the next Tab is there
  // (not wherever the browser's starting point was left, often the footer). Focus kept elsewhere stays.
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    // The page the router has put on screen, as <html data-app-rendered> says the first one is: a test moving
    // through the app by its links knows from it that the next page is up.
    document.documentElement.dataset.appPath = pathname;
    if (previous === null || previous === pathname) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <Navbar />
      <OutboxSlot />
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
          <PageRendered />
        </Suspense>
      </main>
      <EmailBannerSlot />
      <Footer />
      <OfflineNotice />
      <ScrollRestoration />
    </>
  );
}
