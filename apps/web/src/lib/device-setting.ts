/**
 * A visitor's choice kept on this device (localStorage under `key`), read through useSyncExternalStore: a change
 * here reaches every subscriber at once, another tab's through the `storage` event. Where storage is refused
 * (private mode) the choice holds for this page. Shared by the currency, the rials' zone and the data saver.
 */
export interface DeviceSetting {
  /** The stored value, or null when the visitor never chose. */
  read(): string | null;
  /** Keeps `value` (null forgets it) and tells the subscribers. */
  write(value: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function deviceSetting(key: string): DeviceSetting {
  const listeners = new Set<() => void>();
  // This page's own choice, which holds even where storage refuses it; undefined: ask storage.
  let memory: string | null | undefined;
  return {
    read() {
      if (memory !== undefined) return memory;
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write(value) {
      memory = value;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        /* kept for this page only */
      }
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key !== key && e.key !== null) return;
        memory = undefined;
        listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
