import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` in a render of their own, after the page around them has been committed: React first
 * commits the page with `fallback` in their place, then renders them as a background, interruptible update.
 * For parts every visitor gets but nobody reads first (the footer): the first commit, and the style and
 * layout after it, are smaller, so a tap during start-up waits less on a slow phone (Lighthouse: total
 * blocking time). Unlike MountWhenNear, they do not wait for a scroll: find in page, screen readers and
 * links to them work as soon as the page has settled.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
