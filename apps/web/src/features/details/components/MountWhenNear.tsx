import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the placeholder comes within `rootMargin` of the viewport. Keeps heavy widgets
 * below the fold (the Leaflet map and its tiles) off the first render and off the wire for a visitor who never
 * scrolls to them: on a paid mobile connection that is ~50 KB of script and a few hundred KB of tiles. The
 * margin starts the load early enough that a reader scrolling down usually finds it ready.
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
    return () => io.disconnect();
  }, [show, rootMargin]);

  return show ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
