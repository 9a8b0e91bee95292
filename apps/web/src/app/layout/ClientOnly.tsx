import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * True once the page is React's in the browser: false on the server and while hydrating (React uses the server
 * snapshot then), true on every render after. What reads the device (the stored session, the screen) renders
 * after hydration, so the first render in the browser is the server's, node for node.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** `children` only in the browser; `fallback` in the server's HTML and until hydration is done. */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? children : <div data-client-only="">{fallback}</div>;
}

/**
 * `children` once hydrated, `fallback` before (no wrapper). Kept small on purpose: the re-render that follows
 * hydration is synchronous (useSyncExternalStore), so it should cover only what differs, not a whole page.
 */
export function WhenHydrated({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
