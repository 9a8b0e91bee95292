/**
 * Registers /sw.js (Workbox, built from src/sw/sw.ts; production builds only: the dev server has no hashed files to cache) and hands it the
 * list of app files this page loaded before the worker took control, so the first visit is enough for
 * the app to open offline.
 */
import { whenIdle } from '../../lib/when-idle';

function appFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`) || u.startsWith(`${location.origin}/vendor/`));
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const start = () => {
    sw.register('/sw.js', { scope: '/' })
      .then(() => sw.ready)
      .then((reg) => {
        const warm = () => (sw.controller ?? reg.active)?.postMessage({ type: 'manzil:warm', urls: appFiles() });
        warm();
        // Files requested between this snapshot and the worker taking control would be missed: say it again
        // once it controls the page, and once more when the first screen has settled.
        sw.addEventListener('controllerchange', warm, { once: true });
        window.setTimeout(warm, 5000);
      })
      .catch(() => {
        /* no service worker (private mode, old browser): the app works online as before */
      });
  };
  // After the page has loaded, when idle: the worker's own downloads never compete with the first render, and
  // registering is not part of the task that hydrates the page.
  if (document.readyState === 'complete') whenIdle(start);
  else window.addEventListener('load', () => whenIdle(start), { once: true });
}
