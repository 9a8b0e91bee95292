import { useEffect, useState } from 'react';
import { listOutbox, startOutbox, subscribeOutbox } from './runner';
import type { OutboxItem } from './types';

/** The device's outbox, kept current (this tab, other tabs, the service worker); null until first read. */
export function useOutbox(): OutboxItem[] | null {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void listOutbox()
        .then((all) => live && setItems(all))
        .catch(() => live && setItems([]));
    startOutbox();
    read();
    const stop = subscribeOutbox(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return items;
}
