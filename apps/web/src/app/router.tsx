import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getToken } from '../api/client';
import { listingDetailsQuery, parseListingId } from '../features/details/api/listing';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { RouteFallback } from './layout/RouteFallback';
import i18n, { i18nReady } from '../i18n';
import { queryClient } from './providers';
import { pageRoutes } from './routes';

/**
 * Requests a page would make as soon as it renders, started by the router instead, so they run while the
 * page's chunk downloads. Never awaited: the loader returns at once and the page's own query picks up the
 * request in flight (same query options, same cache).
 */
const earlyRequests: Record<string, (args: LoaderFunctionArgs) => void> = {
  '/property-details/:id': ({ params }) => {
    const id = parseListingId(params.id);
    if (id !== null) void queryClient.prefetchQuery(listingDetailsQuery(id, getToken()));
  },
};

/**
 * Root route: the layout (navbar, footer) with the route error page for failures of the layout itself.
 * A pathless child catches errors of any page, so the navbar and footer stay around the error message.
 * Pages come from routes.ts via route.lazy (the data router loads the chunk before it navigates).
 */
export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteFallback,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: pageRoutes.map(({ path, load, ns }) => ({
          path,
          ...(earlyRequests[path]
            ? {
                loader: (args: LoaderFunctionArgs) => {
                  earlyRequests[path]!(args);
                  return null;
                },
              }
            : {}),
          lazy: async () => {
            // The page's locale files download in parallel with its chunk (see PageRoute.ns). A failed
            // locale is not fatal here: the page's own useTranslation retries and reports it.
            const locales = ns ? i18nReady.then(() => i18n.loadNamespaces(ns)).catch(() => undefined) : undefined;
            const [mod] = await Promise.all([load(), locales]);
            return { Component: mod.default };
          },
        })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
