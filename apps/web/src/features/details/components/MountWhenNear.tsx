import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the placeholder comes within `rootMargin` of the viewport, or, failing that,
 * once the page has loaded and the main thread is idle. Keeps heavy widgets below the fold (the Leaflet map)
 * off the first render, so the photos and the text come first, while the map is still ready by the time
 * most readers scroll to it.
 */
export function MountWhenNear({ children, placeholder, rootMargin = '300px' }: { children: ReactNode; placeholder: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (show) return;
    const el = ref.current;
    const reveal = () => setShow(true);
    if (!el || typeof IntersectionObserver === 'undefined') return reveal();
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin });
    io.observe(el);
    // Not scrolled to: load it anyway when the browser has nothing better to do.
    // Safari before 18 has no requestIdleCallback.
    const hasIdleCallback = typeof window.requestIdleCallback === 'function';
    let idle = 0;
    let timer = 0;
    const whenIdle = () => {
      timer = window.setTimeout(() => {
        idle = hasIdleCallback ? window.requestIdleCallback(reveal, { timeout: 2000 }) : window.setTimeout(reveal, 0);
      }, 1500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      io.disconnect();
      window.removeEventListener('load', whenIdle);
      window.clearTimeout(timer);
      if (hasIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [show, rootMargin]);

  return show ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
