import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { trackRouter } from './navigation';
import { getToken } from '../api/client';
import { listingDetailsQuery, parseListingId } from '../features/details/api/listing';
import { searchQuery } from '../features/search/api/search';
import { searchPageBody } from '../features/search/lib/filters';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { RouteFallback } from './layout/RouteFallback';
import i18n, { i18nReady } from '../i18n';
import { queryClient } from './providers';
import { pageRoutes } from './routes';

/**
 * A page whose HTML carries the server's static copy of its top (apps/api/src/modules/seo/prerender.ts)
 * keeps that copy up until its data is here: the first commit replaces it with the page itself, not a
 * skeleton (which would flash and move the page). Only for the page first opened, and at most for a while.
 */
const prerendered = typeof document !== 'undefined' ? document.getElementById('root')?.getAttribute('data-prerendered') : null;
let holdFirstPage = prerendered === 'details' || prerendered === 'search-list' || prerendered === 'search-grid';
const HOLD_MAX_MS = 8000;

/** The request, held on if this is the first page and it came with a static copy. */
function early(request: Promise<unknown>): Promise<unknown> | void {
  if (!holdFirstPage) return;
  holdFirstPage = false;
  return Promise.race([request, new Promise((resolve) => setTimeout(resolve, HOLD_MAX_MS))]);
}

/**
 * While the router makes the first navigation of a page with a static first view, each page load and data
 * request starts in a task of its own instead of inside the one that creates the router (ranking the routes,
 * reading the history, starting requests: a 25-60 ms task at start on a slow phone; Lighthouse: total
 * blocking time). Later navigations, and pages on the plain shell (no static view, a spinner while the
 * router loads), start at once.
 */
let appRouter: ReturnType<typeof createBrowserRouter> | undefined;
// One channel for all of them; each message resolves the oldest waiter.
let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];
function ownTaskDuringStart(): Promise<void> | undefined {
  if (!prerendered || appRouter?.state.initialized || typeof MessageChannel === 'undefined') return undefined;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  const port = channel.port2;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

const searchRequest = (view: 'list' | 'grid') => ({ request }: LoaderFunctionArgs) =>
  early(queryClient.prefetchQuery(searchQuery(searchPageBody(new URL(request.url).searchParams, view))));

/**
 * Requests a page would make as soon as it renders, started by the router instead, so they run while the
 * page's chunk downloads. Not awaited (the page's own query picks up the request in flight, same query
 * options, same cache), except to hold a static first view as above.
 */
const earlyRequests: Record<string, (args: LoaderFunctionArgs) => Promise<unknown> | void> = {
  '/property-details/:id': ({ params }) => {
    const id = parseListingId(params.id);
    if (id === null) return;
    return early(queryClient.prefetchQuery(listingDetailsQuery(id, getToken())));
  },
  '/search-list': searchRequest('list'),
  '/search-grid': searchRequest('grid'),
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
                loader: async (args: LoaderFunctionArgs) => {
                  await ownTaskDuringStart();
                  await earlyRequests[path]!(args);
                  return null;
                },
              }
            : {}),
          lazy: async () => {
            await ownTaskDuringStart();
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
  const router = createBrowserRouter(routeObjects);
  // Read, not subscribed to: react-router keeps its first update for RouterProvider only while nobody else
  // listens (on the plain shell RouterProvider subscribes after that update; with a listener here it never saw it).
  appRouter = router;
  trackRouter(router);
  return router;
}
