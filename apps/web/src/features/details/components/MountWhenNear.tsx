import { useRef, useState, type ReactNode } from 'react';
import { useWhenNear } from './when-near';

/**
 * Renders `children` only once the placeholder comes within `rootMargin` of the viewport. Keeps heavy widgets
 * below the fold (the Leaflet map and its tiles) off the first render and off the wire for a visitor who never
 * scrolls to them: on a paid mobile connection that is ~50 KB of script and a few hundred KB of tiles. The
 * margin starts the load early enough that a reader scrolling down usually finds it ready.
 */
export function MountWhenNear({ children, placeholder, rootMargin = '300px' }: { children: ReactNode; placeholder: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useWhenNear(ref, () => setShow(true), rootMargin, !show);
  return show ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
