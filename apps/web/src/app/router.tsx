import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { RouteFallback } from './layout/RouteFallback';
import { pageRoutes } from './routes';

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
        children: pageRoutes.map(({ path, load }) => ({
          path,
          lazy: async () => ({ Component: (await load()).default }),
        })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
