import type { ComponentType } from 'react';

/**
 * Every route of spec §2 "Route list", each page a default export of src/<page>.tsx, loaded lazily.
 * Pure data, so tests can match paths without a browser; router.tsx turns it into the data router (the same
 * tree on the server and in the browser). To add a route: add a line here and the page file; nothing else.
 *
 * Paths match case-insensitively (React Router's default; `caseSensitive` is never set), so /About,
 * /about and /ABOUT are one page; routes.test.ts checks it.
 */
export type PageModule = { default: ComponentType };

export interface PageRoute {
  path: string;
  /** The page module under src/, without extension: features/<area>/pages/<Name>Page. */
  page: string;
  /**
   * Feature locale namespaces the page renders with on its first screen. The browser loads them before it
   * hydrates a page the server rendered: one that arrives later suspends that part, and the first update (the
   * stored session being read) then makes React render it anew instead of hydrating it (e2e/hydration.test.ts
   * guard 3). Elsewhere a namespace not listed still loads on first use.
   */
  ns?: string[];
  /**
   * false: the server sends the layout with a loading state in the page's place, and the browser renders the
   * page (pages behind sign-in, forms that read the device's session, the map).
   */
  ssr?: false;
}

export const HOME_PATHS = ['/', '/home-v1', '/home-v2', '/home-v3', '/home-v4'] as const;

export const pageRoutes: PageRoute[] = [
  // home
  { path: '/', page: 'features/home/pages/HomePage', ns: ['home', 'search', 'listings'] },
  { path: '/home-v1', page: 'features/home/pages/HomePage', ns: ['home', 'search', 'listings'] },
  { path: '/home-v2', page: 'features/home/pages/HomeV2Page', ns: ['home', 'search', 'listings'] },
  { path: '/home-v3', page: 'features/home/pages/HomeV3Page', ns: ['home', 'search', 'listings'] },
  { path: '/home-v4', page: 'features/home/pages/HomeV4Page', ns: ['home', 'search', 'listings'] },
  // listings
  { path: '/property', page: 'features/listings/pages/PropertyListPage', ns: ['listings'] },
  { path: '/availavbe-property', page: 'features/listings/pages/PropertyListPage', ns: ['listings'] },
  { path: '/properties-by-city', page: 'features/listings/pages/PropertiesByCityPage', ns: ['listings'] },
  { path: '/recent-properties', page: 'features/listings/pages/RecentPropertiesPage', ns: ['listings'] },
  // details
  { path: '/property-details', page: 'features/details/pages/PropertyDetailsPage', ns: ['details'] },
  { path: '/property-details/:id', page: 'features/details/pages/PropertyDetailsPage', ns: ['details'] },
  // district medians of price per m² (issue 29)
  { path: '/market', page: 'features/market/pages/MarketPage', ns: ['market'] },
  // search and map
  { path: '/search-list', page: 'features/search/pages/SearchListPage', ns: ['search', 'listings'] },
  { path: '/search-grid', page: 'features/search/pages/SearchGridPage', ns: ['search', 'listings'] },
  { path: '/search-map', page: 'features/map/pages/SearchMapPage', ssr: false },
  { path: '/properties-by-city/:city/:listingType', page: 'features/search/pages/CityRedirectPage' },
  // owner
  { path: '/my-properties', page: 'features/owner/pages/MyPropertiesPage', ssr: false },
  { path: '/add-property', page: 'features/owner/pages/AddPropertyPage', ssr: false },
  { path: '/edit-property/:id', page: 'features/owner/pages/EditPropertyPage', ssr: false },
  // account
  { path: '/profile', page: 'features/account/pages/ProfilePage', ssr: false },
  { path: '/favorites', page: 'features/favorites/pages/FavoritesPage', ssr: false },
  { path: '/saved-searches', page: 'features/saved-searches/pages/SavedSearchesPage', ns: ['savedSearches', 'search'], ssr: false },
  { path: '/registration', page: 'features/account/pages/RegistrationPage', ssr: false },
  // links of the account e-mails (password reset, address verification)
  { path: '/reset-password', page: 'features/account/pages/ResetPasswordPage', ns: ['account'], ssr: false },
  { path: '/verify-email', page: 'features/account/pages/VerifyEmailPage', ns: ['account'], ssr: false },
  // the link of every alert e-mail (issue 27): public, turns that saved search's alerts off
  { path: '/alerts/unsubscribe', page: 'features/saved-searches/pages/UnsubscribePage', ns: ['savedSearches'], ssr: false },
  // the link of every price-drop e-mail of favourites: public, turns that account's price-drop e-mails off
  { path: '/price-drops/unsubscribe', page: 'features/favorites/pages/PriceDropsUnsubscribePage', ns: ['favorites'], ssr: false },
  // info and static sample pages
  { path: '/contact', page: 'features/contact/pages/ContactPage', ssr: false },
  { path: '/faq', page: 'features/info/pages/FaqPage', ns: ['info'] },
  { path: '/about', page: 'features/info/pages/AboutPage', ns: ['info'] }, // also /About: case-insensitive
  { path: '/privacy-policy', page: 'features/info/pages/PrivacyPolicyPage', ns: ['info'] },
  { path: '/terms-of-service', page: 'features/info/pages/TermsOfServicePage', ns: ['info'] },
  { path: '/facebook-data-deletion', page: 'features/info/pages/FacebookDataDeletionPage', ns: ['info'] },
  { path: '/advisor', page: 'features/info/pages/AdvisorPage', ns: ['info'] },
  { path: '/news', page: 'features/info/pages/NewsPage', ns: ['info'] },
  { path: '/news-details', page: 'features/info/pages/NewsDetailsPage', ns: ['info'] },
  { path: '/user-list', page: 'features/info/pages/UserListPage', ns: ['info'] },
  { path: '/error', page: 'features/info/pages/ErrorPage', ns: ['info'] },
  // admin
  { path: '/admin/dashboard', page: 'features/admin/pages/AdminDashboardPage', ssr: false },
  { path: '/admin/review', page: 'features/admin/pages/AdminReviewPage', ssr: false },
  { path: '/admin/listings', page: 'features/admin/pages/AdminListingsPage', ssr: false },
  { path: '/admin/reports', page: 'features/admin/pages/AdminReportsPage', ssr: false },
  { path: '/admin/rates', page: 'features/admin/pages/AdminRatesPage', ssr: false },
  { path: '/admin/users', page: 'features/admin/pages/AdminUsersPage', ssr: false },
  // everything else
  { path: '*', page: 'app/errors/NotFoundPage' },
];

export function isHomePath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return (HOME_PATHS as readonly string[]).includes(p);
}
