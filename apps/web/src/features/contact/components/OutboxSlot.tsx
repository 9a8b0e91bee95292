import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../../../lib/when-idle';

/**
 * Starts the outbox on every page (a message queued before the tab was closed goes out on the next visit) and
 * shows the bar while something waits. The IndexedDB code and the bar load after the page is up, both at once
 * and at start, once the page is idle: the bar must be able to appear later, when the link may be gone.
 */
export function OutboxSlot() {
  const [Bar, setBar] = useState<ComponentType | null>(null);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    const begin = () =>
      void Promise.all([import('../outbox/runner'), import('./OutboxBar')])
        .then(([runner, bar]) => {
          if (!live) return;
          setBar(() => bar.default);
          runner.startOutbox();
          const read = () =>
            void runner
              .listOutbox()
              .then((items) => live && setCount(items.length))
              .catch(() => undefined);
          read();
          stop = runner.subscribeOutbox(read);
        })
        .catch(() => undefined);
    const cancel = whenIdle(begin);
    return () => {
      live = false;
      cancel();
      stop();
    };
  }, []);
  return count && Bar ? <Bar /> : null;
}
