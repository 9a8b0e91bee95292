import { lazy, Suspense, useEffect, useState } from 'react';

const OutboxBar = lazy(() => import('./OutboxBar'));

/**
 * Starts the outbox on every page (a message queued before the tab was closed goes out on the next visit) and
 * shows the bar while something waits. IndexedDB code and the bar load only after the page is up.
 */
export function OutboxSlot() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void import('../outbox/runner')
      .then((m) => {
        if (!live) return;
        m.startOutbox();
        const read = () =>
          void m
            .listOutbox()
            .then((items) => live && setCount(items.length))
            .catch(() => undefined);
        read();
        stop = m.subscribeOutbox(read);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <OutboxBar />
    </Suspense>
  );
}
