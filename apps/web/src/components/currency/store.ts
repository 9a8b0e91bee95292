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
import { deviceSetting } from '../../lib/device-setting';
import type { Rates } from './convert';

/** What a visitor who never chose sees beside the listing's own price: dollars, the search's unit (spec §2). */
export const DEFAULT_CURRENCY: Currency = 'USD';

const currencySetting = deviceSetting(STORAGE_KEYS.currency);
const zoneSetting = deviceSetting(STORAGE_KEYS.currencyZone);

export function readCurrency(): Currency {
  const chosen = currencySetting.read();
  return (CURRENCIES as readonly string[]).includes(chosen ?? '') ? (chosen as Currency) : DEFAULT_CURRENCY;
}

export function chooseCurrency(next: Currency) {
  currencySetting.write(next);
}

/**
 * The rials the visitor counts in when comparing (issue 29): a rate zone's id, or null for "each listing's own
 * place". Someone in Aden holds new notes: a Sana'a flat at 50,000,000 old-note rials is, to them, about three
 * times that, and a price limit they type in rials is in theirs, whichever governorate they search.
 */
export function readYerZone(): number | null {
  const n = Number(zoneSetting.read());
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function chooseYerZone(zoneId: number | null) {
  zoneSetting.write(zoneId === null ? null : String(zoneId));
}

/** The zone chosen, null when none (or on the server and while hydrating). Only means something with YER. */
export function useYerZone(): number | null {
  return useSyncExternalStore(zoneSetting.subscribe, readYerZone, () => null);
}

/** The visitor's currency, or null on the server and while hydrating. */
export function useVisitorCurrency(): Currency | null {
  return useSyncExternalStore(currencySetting.subscribe, readCurrency, () => null);
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
