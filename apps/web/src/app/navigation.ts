/**
 * Whether the app is on its way to another page, read from the router at the moment of asking. A render-time
 * value (useNavigation) can lag: the router starts a navigation at once, but React renders it in a transition,
 * which a busy phone may put off for hundreds of milliseconds, and a page that writes to its URL meanwhile
 * (the map saving its bounds after a pan) would replace the navigation and keep the visitor where they were.
 */
import type { createBrowserRouter } from 'react-router';

type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | undefined;

/** Called once with the app's router (app/router.tsx). */
export function trackRouter(r: AppRouter) {
  router = r;
}

/** A navigation to another path has started and not yet finished. */
export function leavingPage(): boolean {
  const s = router?.state;
  return !!s && s.navigation.state !== 'idle' && s.navigation.location?.pathname !== s.location.pathname;
}

/**
 * The query of the address the app is at, or on its way to, at the moment of asking. A page that rewrites part of
 * its own query (the map its bounds) builds on this: the query it rendered with may be a navigation behind (a
 * filter removed a moment ago), and writing over that would bring the filter back.
 */
export function latestSearch(fallback: URLSearchParams): URLSearchParams {
  const s = router?.state;
  if (!s) return fallback;
  const pending = s.navigation.state !== 'idle' ? s.navigation.location : undefined;
  return new URLSearchParams((pending ?? s.location).search);
}
