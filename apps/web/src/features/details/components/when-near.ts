import { createElement, lazy, useEffect, useRef, type ComponentType, type HTMLAttributes, type RefObject } from 'react';

/**
 * Calls `onNear` once, when the element comes within `rootMargin` of the viewport, or is focused or touched
 * first (a keyboard user tabbing into it, a tap before the scroll settled). The focus and touch listeners are the
 * DOM's own: inside a part React has not hydrated yet, its handlers do not run.
 */
export function useWhenNear(ref: RefObject<Element | null>, onNear: () => void, rootMargin = '300px', active = true) {
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    if (!active) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return latest.current();
    let done = false;
    const near = () => {
      if (done) return;
      done = true;
      stop();
      latest.current();
    };
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near(), { rootMargin });
    io.observe(el);
    el.addEventListener('focusin', near);
    el.addEventListener('pointerdown', near);
    function stop() {
      io.disconnect();
      el!.removeEventListener('focusin', near);
      el!.removeEventListener('pointerdown', near);
    }
    return stop;
  }, [ref, rootMargin, active]);
}

/**
 * A lazy component whose code is fetched only once `load()` is called (on the server, at once). A part the server
 * rendered stays as the server sent it, readable and typed into, until then: React hydrates a Suspense boundary
 * when its code arrives, not before. So a visitor who never scrolls to it never downloads it.
 */
export function lazyOnDemand<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>) {
  let open = () => {};
  const asked = typeof window === 'undefined' ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve));
  return { Component: lazy(() => asked.then(importer)), load: () => open() };
}

/**
 * A `<div>` that calls `onNear` once it comes near the viewport, or is focused or touched (useWhenNear). Marked
 * `data-when-near`: a form inside may still be the server's, waiting for its code (the journeys' waitForApp).
 */
export function NearPart({ onNear, rootMargin, ...props }: HTMLAttributes<HTMLDivElement> & { onNear: () => void; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useWhenNear(ref, onNear, rootMargin);
  return createElement('div', { ...props, 'data-when-near': '', ref });
}
