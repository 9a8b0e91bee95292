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
