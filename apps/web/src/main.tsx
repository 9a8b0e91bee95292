// First: zod must not probe for eval under the CSP (see the file).
import './zod-jitless';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
// Only the icons the app uses (build/bootstrap-icons.ts); the full set on the dev server.
import 'virtual:bootstrap-icons.css';
import './styles/app.css';
// The public pages' first-view styles (home, the search bar, result cards) go with the app's own stylesheet: a
// server-rendered page waits for each stylesheet it links, and on a slow link five small ones cost more than their
// bytes (side by side, Lighthouse mobile: see docs/benchmarks.md, 1 December 2026).
import './features/home/home.css';
import './features/search/components/search.css';
import './features/search/components/filter-chips.css';
import './components/listing-card/listing-card.css';
import './components/favorites/favorites.css';
import './components/data-saver/data-saver.css';
import './components/currency/price-extras.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router';
import { ApiError } from './api/client';
import { trackRouter } from './app/navigation';
import { schedulePreloaderFallback } from './app/preloader';
import { AppProviders, createQueryClient } from './app/providers';
import { createRoutes } from './app/router';
import { APP_STATE_ID } from './app/state';
import i18n, { startI18n } from './i18n';
import { toAppLanguage } from './i18n/config';

// Bootstrap's own stylesheet is not imported here: the page links the LTR or RTL build (build/bootstrap-stylesheets.ts).

/**
 * The browser's entry. A page the server rendered (apps/api/src/plugins/web.ts) is hydrated: React takes over
 * the server's DOM as it is, with the server's query data and router state, in the server's language. The
 * offline shell (an empty #root) is rendered here instead, behind the start-up preloader of spec §2.
 */
async function start() {
  // The browser has just evaluated every module of the start in one task; what follows gets a task of its own, so
  // that neither is long enough to keep a first tap waiting on a slow phone.
  await yieldToBrowser();
  const container = document.getElementById('root')!;
  const serverRendered = container.firstElementChild !== null;
  if (!serverRendered) schedulePreloaderFallback();

  const queryClient = createQueryClient();
  const state = document.getElementById(APP_STATE_ID)?.textContent;
  if (state) {
    const dehydrated = JSON.parse(state) as DehydratedState;
    for (const q of dehydrated.queries) q.state.error = ApiError.revive(q.state.error) as typeof q.state.error;
    hydrate(queryClient, dehydrated);
  }

  const i18nReady = startI18n(toAppLanguage(document.documentElement.lang));
  const routes = createRoutes({
    queryClient,
    waitForData: false,
    // A locale file that failed to load is not fatal here: the page's useTranslation retries and reports it.
    loadNamespaces: (ns) => i18nReady.then(() => i18n.loadNamespaces(ns)).catch(() => undefined),
  });
  // The first page's lazy module and locale files are loaded before React starts (React Router's way for
  // lazy routes and hydration), so the first render in the browser is the server's.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all([
    i18nReady,
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      } catch {
        // Offline without this page's code (issue 30): the router asks again and shows its error page, which says
        // the page was not saved on this device, instead of no app at all.
      }
    }),
  ]);

  const router = createBrowserRouter(routes, {
    hydrationData: (window as { __staticRouterHydrationData?: HydrationState }).__staticRouterHydrationData,
  });
  trackRouter(router);
  const app = (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield every few milliseconds (as Next.js does): a whole page's
  // hydration is otherwise one long task that blocks taps on a slow phone.
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

void start();
