import { TIMINGS } from '@manzil/shared';

/** Remove index.html's #preloader (fades out). Safe to call more than once. */
export function removePreloader(): void {
  const el = document.getElementById('preloader');
  if (!el || el.dataset.removing) return;
  el.dataset.removing = 'true';
  el.classList.add('preloader-hide');
  window.setTimeout(() => el.remove(), 300);
}

/** Spec §2 Start-up safeguards: the preloader never stays longer than 3 s. */
export function schedulePreloaderFallback(): void {
  window.setTimeout(removePreloader, TIMINGS.preloaderFallbackMs);
}

/**
 * Called once the page has rendered (RootLayout's PageRendered, inside the page's Suspense boundary): removes the
 * preloader and marks <html data-app-rendered="true">, which the start-up watchdog (built separately) can check.
 */
export function markAppRendered(): void {
  document.documentElement.dataset.appRendered = 'true';
  window.dispatchEvent(new Event('manzil:rendered'));
  removePreloader();
}
