/**
 * The visitor's currency (issue 29), kept on the device under STORAGE_KEYS.currency. Read through
 * useSyncExternalStore with a server snapshot of null: the server does not know the visitor's choice, so its HTML
 * and the first render in the browser show no "≈" price and the price steps in US dollars, and the device's
 * choice comes right after hydration (nothing is reserved for it but an empty line, so nothing moves).
 * Hence no cookie: the server never renders anything in the visitor's currency.
 */
import { useQuery, queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { CURRENCIES, STORAGE_KEYS, type Currency } from '@manzil/shared';
import { apiFetch } from '../../api/client';
import type { Rates } from './convert';

/** What a visitor who never chose sees beside the listing's own price: dollars, the search's unit (spec §2). */
export const DEFAULT_CURRENCY: Currency = 'USD';

const listeners = new Set<() => void>();
let memory: Currency | null = null;

export function readCurrency(): Currency {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.currency);
  } catch {
    /* storage unavailable (private mode): this page's choice only */
  }
  const chosen = memory ?? stored;
  return (CURRENCIES as readonly string[]).includes(chosen ?? '') ? (chosen as Currency) : DEFAULT_CURRENCY;
}

export function chooseCurrency(next: Currency) {
  memory = next;
  try {
    localStorage.setItem(STORAGE_KEYS.currency, next);
  } catch {
    /* kept for this page only */
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.currency) {
      memory = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's currency, or null on the server and while hydrating. */
export function useVisitorCurrency(): Currency | null {
  return useSyncExternalStore(subscribe, readCurrency, () => null);
}

/** GET /api/v1/rates: zones change when an administrator changes them, rarely; an hour is fresh enough for "≈". */
export const ratesQuery = queryOptions({
  queryKey: ['rates'] as const,
  queryFn: ({ signal }) => apiFetch<Rates>('/rates', { signal }),
  staleTime: 60 * 60 * 1000,
  gcTime: 24 * 60 * 60 * 1000,
  retry: 1,
});

/** The rates, asked for once the visitor's currency is known (after hydration), so the server never waits for them. */
export function useRates(enabled = true): Rates | undefined {
  const currency = useVisitorCurrency();
  return useQuery({ ...ratesQuery, enabled: enabled && currency !== null }).data;
}
