import { useEffect } from 'react';

/** While `locked`, the page behind an overlay (the mobile menu, the phone's filters panel) does not scroll. */
export function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [locked]);
}
