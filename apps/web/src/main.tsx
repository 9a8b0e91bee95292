// First: zod must not probe for eval under the CSP (see the file).
import './zod-jitless';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
// Only the icons the app uses (vite.config.ts); the full set on the dev server.
import 'virtual:bootstrap-icons.css';
import './styles/app.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/errors/AppErrorBoundary';
import { RouteFallback } from './app/layout/RouteFallback';
import { schedulePreloaderFallback } from './app/preloader';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { i18nReady } from './i18n';

// Bootstrap's own stylesheet is not imported here: index.html links the LTR or RTL build (see vite.config.ts).
// The start-up watchdog (spec §2) is built separately; it can watch <html data-app-rendered> or the
// 'manzil:rendered' window event fired by the layout (app/preloader.ts).

schedulePreloaderFallback();

const container = document.getElementById('root')!;

function start(router: ReturnType<typeof createAppRouter>) {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds instead of one long task,
  // so a tap or keystroke during start-up is not held up on a slow phone (Lighthouse: total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders>
            <Suspense fallback={<RouteFallback />}>
              <RouterProvider router={router} />
            </Suspense>
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  );
}

/**
 * The server may have put a static copy of the top of the page into #root (apps/api/src/modules/seo/prerender.ts).
 * React's first commit replaces it, so that commit must be the page itself, not a loading spinner: wait for
 * the language and for the router to have loaded the page's chunk and locale files. Whatever fails, start.
 */
function boot() {
  const router = createAppRouter();
  if (!container.hasAttribute('data-prerendered')) return start(router);
  const routerReady = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const go = () => start(router);
  Promise.all([i18nReady, routerReady]).then(go, go);
}

// Evaluating the modules is one long task on a slow phone; matching the URL and starting the page's chunk is
// another. Apart, neither holds up a tap for as long (Lighthouse: total blocking time).
setTimeout(boot, 0);
