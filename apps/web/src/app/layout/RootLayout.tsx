import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Deferred } from '../../components/Deferred';
import { EmailBannerSlot } from '../../features/account/components/EmailBannerSlot';
import { OfflineNotice } from '../offline/OfflineNotice';
import { markAppRendered } from '../preloader';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RouteFallback } from './RouteFallback';

/** Navbar, the page, the verify-your-e-mail banner (signed-in, unverified), footer. The Suspense boundary covers lazy locale namespaces of the pages. */
export function RootLayout() {
  const { t } = useTranslation();
  useEffect(() => {
    markAppRendered();
  }, []);
  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <Navbar />
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <EmailBannerSlot />
      <Deferred>
        <Footer />
      </Deferred>
      <OfflineNotice />
      <ScrollRestoration />
    </>
  );
}
