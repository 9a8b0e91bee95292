import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { listingDetailsQuery, isNotFound, parseListingId, priceHistoryQuery } from '../features/details/api/listing';
import { latestListingsQuery } from '../features/home/api';
import { propertyPageQuery, recentQueryBody } from '../features/listings/api';
import { cityRedirectTarget } from '../features/search/city-redirect';
import { marketInsightsQuery } from '../features/market/api';
import { readSelection } from '../features/market/lib/selection';
import { cityStatsQuery, placesQuery, searchQuery } from '../features/search/api/search';
import { activeChips, searchPageBody } from '../features/search/lib/filters';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { ClientOnly } from './layout/ClientOnly';
import { RootLayout } from './layout/RootLayout';
import { RouteFallback } from './layout/RouteFallback';
import { governoratesQuery, publicConfigQuery } from '../api/queries';
import { pageRoutes, type PageModule, type PageRoute } from './routes';

/** Every page module, each its own chunk (Vite's glob import); routes.ts names them by path. */
const pageModules = import.meta.glob<PageModule>(['../features/*/pages/*Page.tsx', './errors/NotFoundPage.tsx']);

export function loadPage(route: Pick<PageRoute, 'page'>): Promise<PageModule> {
  const load = pageModules[route.page.startsWith('app/') ? `./${route.page.slice(4)}.tsx` : `../${route.page}.tsx`];
  if (!load) throw new Error(`routes.ts: no page module src/${route.page}.tsx`);
  return load();
}

export interface RouteOptions {
  queryClient: QueryClient;
  /**
   * True on the server: loaders wait for the page's data so it is in the HTML. In the browser they only start
   * the requests (the page's own query picks them up, same options, same cache) and the page shows its loading state.
   */
  waitForData: boolean;
  /**
   * In the browser: loads a page's locale namespaces (routes.ts `ns`) together with its chunk, so neither waits
   * for the other, and the first page has both before it is hydrated. The server has every namespace already.
   */
  loadNamespaces?: (ns: string[]) => Promise<unknown>;
}

type PageData = (args: LoaderFunctionArgs, qc: QueryClient) => Promise<unknown>;

/** The public data each server-rendered page shows on its first screen, loaded by its route's loader. */
const pageData: Record<string, PageData> = {
  '/': (_args, qc) => qc.prefetchQuery(latestListingsQuery),
  '/home-v1': (_args, qc) => qc.prefetchQuery(latestListingsQuery),
  '/home-v2': (_args, qc) => Promise.all([qc.prefetchQuery(latestListingsQuery), qc.prefetchQuery(cityStatsQuery)]).then(() => undefined),
  '/home-v3': (_args, qc) => Promise.all([qc.prefetchQuery(latestListingsQuery), qc.prefetchQuery(cityStatsQuery)]).then(() => undefined),
  '/home-v4': (_args, qc) => qc.prefetchQuery(latestListingsQuery),
  '/property': (_args, qc) => qc.prefetchInfiniteQuery(propertyPageQuery),
  '/availavbe-property': (_args, qc) => qc.prefetchInfiniteQuery(propertyPageQuery),
  '/recent-properties': (_args, qc) => qc.prefetchQuery(searchQuery(recentQueryBody)),
  '/properties-by-city': (_args, qc) => qc.prefetchQuery(cityStatsQuery),
  '/search-list': ({ request }, qc) => searchPage(new URL(request.url).searchParams, 'list', qc),
  '/search-grid': ({ request }, qc) => searchPage(new URL(request.url).searchParams, 'grid', qc),
  '/market': ({ request }, qc) =>
    Promise.all([qc.prefetchQuery(marketInsightsQuery(readSelection(new URL(request.url).searchParams))), qc.prefetchQuery(governoratesQuery)]).then(() => undefined),
  // The public view: the server never holds a visitor's session; an owner's controls come after hydration.
  '/property-details/:id': async ({ params }, qc) => {
    const id = parseListingId(params.id);
    if (id === null) return data(null, { status: 404 });
    const query = listingDetailsQuery(id, null);
    // The price history (issue 29) with it, so the server's HTML has it and nothing is added below later.
    await Promise.all([qc.prefetchQuery(query), qc.prefetchQuery(priceHistoryQuery(id, null))]);
    if (isNotFound(qc.getQueryState(query.queryKey)?.error)) return data(null, { status: 404 });
  },
};

/**
 * A search's results, and the names of the places it is filtered by: the filter chips say them (FilterChips.tsx,
 * the same queries). Without them the server's chip said "Governorate" and the browser, the names loaded meanwhile,
 * "Aden": a hydration mismatch.
 */
function searchPage(params: URLSearchParams, view: 'list' | 'grid', qc: QueryClient) {
  const chips = activeChips(params, true);
  const id = (key: string) => {
    const v = chips.find((c) => c.key === key)?.value;
    return typeof v === 'number' ? v : undefined;
  };
  const gov = id('governorate_id');
  const district = id('district_id');
  const uzlah = id('uzlah_id');
  return Promise.all([
    qc.prefetchQuery(searchQuery(searchPageBody(params, view))),
    chips.some((c) => c.key === 'governorate_id') && qc.prefetchQuery(governoratesQuery),
    gov !== undefined && qc.prefetchQuery(placesQuery('districts', gov)),
    district !== undefined && qc.prefetchQuery(placesQuery('uzaal', district)),
    uzlah !== undefined && qc.prefetchQuery(placesQuery('villages', uzlah)),
  ]).then(() => undefined);
}

function pageLoader(route: PageRoute, { queryClient, waitForData }: RouteOptions) {
  if (route.path === '*') return () => data(null, { status: 404 });
  if (route.path === '/properties-by-city/:city/:listingType') {
    return ({ params }: LoaderFunctionArgs) => redirect(cityRedirectTarget(params.city, params.listingType), 301);
  }
  const load = route.ssr === false ? undefined : pageData[route.path];
  if (!load) return undefined;
  return async (args: LoaderFunctionArgs) => {
    const result = load(args, queryClient);
    // A page's answer is its status (data(null, { status: 404 })), or nothing.
    return waitForData ? ((await result) ?? null) : null;
  };
}

/**
 * The route tree, the same on the server (entry-server.tsx) and in the browser (main.tsx): the layout (navbar,
 * footer) with the route error page for failures of the layout itself; a pathless child catches errors of
 * any page, so the navbar and footer stay around the error message. Pages load via route.lazy.
 */
export function createRoutes(options: RouteOptions): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RouteFallback,
      // Prices and rates every page formats with (GET /config), part of the first HTML.
      loader: async () => {
        const config = options.queryClient.prefetchQuery(publicConfigQuery);
        if (options.waitForData) await config;
        return null;
      },
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          children: pageRoutes.map((route) => ({
            id: route.path,
            path: route.path,
            loader: pageLoader(route, options),
            lazy: async () => {
              // The server never loads a page it does not render (the map's modules need a browser).
              if (route.ssr === false && options.waitForData) return { Component: () => <ClientOnly fallback={<RouteFallback />}>{null}</ClientOnly> };
              const [{ default: Page }] = await Promise.all([loadPage(route), route.ns && options.loadNamespaces?.(route.ns)]);
              return { Component: route.ssr === false ? () => <ClientOnly fallback={<RouteFallback />}><Page /></ClientOnly> : Page };
            },
          })),
        },
      ],
    },
  ];
}
