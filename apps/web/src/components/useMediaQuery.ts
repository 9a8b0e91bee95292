import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { TIMINGS } from '@manzil/shared';

/** Whether a CSS media query matches now, kept up to date (false where there is no window: server rendering). */
export function useMediaQuery(query: string): boolean {
  // One MediaQueryList per query, not one per render.
  const list = useMemo(() => (typeof window === 'undefined' ? null : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}

/** At least the desktop breakpoint (992 px): the navbar's links and the search filters are on screen, not behind a button. */
export const useWideLayout = () => useMediaQuery(`(min-width: ${TIMINGS.mobileBreakpointPx}px)`);
