import type { ComponentType } from 'react';

/**
 * Every route of spec §2 "Route list", each page lazily loaded from features/<area>/pages/<Name>Page.tsx
 * (a default export). Pure data, so tests can match paths without a browser. router.tsx turns it into
 * the data router. To add a route: add a line here and the page file; nothing else.
 *
 * Paths match case-insensitively (React Router's default; `caseSensitive` is never set), so /About,
 * /about and /ABOUT are one page; routes.test.ts checks it.
 */
export type PageModule = { default: ComponentType };

export interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  /**
   * Feature locale namespaces the page renders with on its first screen. The router fetches them alongside
   * the page chunk instead of after it (each would otherwise be one more round trip before the first paint).
   * Optional: a namespace not listed still loads on first use.
   */
  ns?: string[];
}

export const HOME_PATHS = ['/', '/home-v1', '/home-v2', '/home-v3', '/home-v4'] as const;

export const pageRoutes: PageRoute[] = [
  // home
  { path: '/', load: () => import('../features/home/pages/HomePage'), ns: ['home', 'search', 'listings'] },
  { path: '/home-v1', load: () => import('../features/home/pages/HomePage'), ns: ['home', 'search', 'listings'] },
  { path: '/home-v2', load: () => import('../features/home/pages/HomeV2Page') },
  { path: '/home-v3', load: () => import('../features/home/pages/HomeV3Page') },
  { path: '/home-v4', load: () => import('../features/home/pages/HomeV4Page') },
  // listings
  { path: '/property', load: () => import('../features/listings/pages/PropertyListPage') },
  { path: '/availavbe-property', load: () => import('../features/listings/pages/PropertyListPage') },
  { path: '/properties-by-city', load: () => import('../features/listings/pages/PropertiesByCityPage') },
  { path: '/recent-properties', load: () => import('../features/listings/pages/RecentPropertiesPage') },
  // details
  { path: '/property-details', load: () => import('../features/details/pages/PropertyDetailsPage') },
  { path: '/property-details/:id', load: () => import('../features/details/pages/PropertyDetailsPage'), ns: ['details'] },
  // search and map
  { path: '/search-list', load: () => import('../features/search/pages/SearchListPage'), ns: ['search', 'listings'] },
  { path: '/search-grid', load: () => import('../features/search/pages/SearchGridPage') },
  { path: '/search-map', load: () => import('../features/map/pages/SearchMapPage') },
  { path: '/properties-by-city/:city/:listingType', load: () => import('../features/search/pages/CityRedirectPage') },
  // owner
  { path: '/my-properties', load: () => import('../features/owner/pages/MyPropertiesPage') },
  { path: '/add-property', load: () => import('../features/owner/pages/AddPropertyPage') },
  { path: '/edit-property/:id', load: () => import('../features/owner/pages/EditPropertyPage') },
  // account
  { path: '/profile', load: () => import('../features/account/pages/ProfilePage') },
  { path: '/registration', load: () => import('../features/account/pages/RegistrationPage') },
  // links of the account e-mails (password reset, address verification)
  { path: '/reset-password', load: () => import('../features/account/pages/ResetPasswordPage'), ns: ['account'] },
  { path: '/verify-email', load: () => import('../features/account/pages/VerifyEmailPage'), ns: ['account'] },
  // info and static sample pages
  { path: '/contact', load: () => import('../features/contact/pages/ContactPage') },
  { path: '/faq', load: () => import('../features/info/pages/FaqPage') },
  { path: '/about', load: () => import('../features/info/pages/AboutPage') }, // also /About: case-insensitive
  { path: '/privacy-policy', load: () => import('../features/info/pages/PrivacyPolicyPage') },
  { path: '/terms-of-service', load: () => import('../features/info/pages/TermsOfServicePage') },
  { path: '/facebook-data-deletion', load: () => import('../features/info/pages/FacebookDataDeletionPage') },
  { path: '/advisor', load: () => import('../features/info/pages/AdvisorPage') },
  { path: '/news', load: () => import('../features/info/pages/NewsPage') },
  { path: '/news-details', load: () => import('../features/info/pages/NewsDetailsPage') },
  { path: '/user-list', load: () => import('../features/info/pages/UserListPage') },
  { path: '/error', load: () => import('../features/info/pages/ErrorPage') },
  // admin
  { path: '/admin/dashboard', load: () => import('../features/admin/pages/AdminDashboardPage') },
  { path: '/admin/review', load: () => import('../features/admin/pages/AdminReviewPage') },
  { path: '/admin/listings', load: () => import('../features/admin/pages/AdminListingsPage') },
  // everything else
  { path: '*', load: () => import('./errors/NotFoundPage') },
];

export function isHomePath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return (HOME_PATHS as readonly string[]).includes(p);
}
