/**
 * Registers /sw.js (production builds only: the dev server has no hashed files to cache) and hands it the
 * list of app files this page loaded before the worker took control, so the first visit is enough for
 * the app to open offline.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(`${location.origin}/assets/`) || u.startsWith(`${location.origin}/vendor/`));
        reg.active?.postMessage({ type: 'manzil:warm', urls });
      })
      .catch(() => {
        /* no service worker (private mode, old browser): the app works online as before */
      });
  };
  // After the page has loaded: the worker's own downloads never compete with the first render.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
