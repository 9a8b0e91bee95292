import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, TIMINGS } from '@manzil/shared';
import { useHydrated } from '../../../app/layout/ClientOnly';

/**
 * The success message a saved listing leaves for /my-properties (spec §2 showed it on /property, where a pending
 * listing is not; issue 25): stored in session storage
 * under `propertyListingSuccess` as {message, type: 'success', timestamp}, valid 5 minutes, shown 5 s;
 * when session storage is unavailable, passed in the navigation state under the same key.
 */
export interface ListingSuccess {
  message: string;
  type: 'success';
  timestamp: number;
}

export const LISTING_SUCCESS_KEY = STORAGE_KEYS.listingSuccess;

/** Writes the message; returns the navigation state to pass along as the fallback. */
export function storeListingSuccess(message: string): { [LISTING_SUCCESS_KEY]: ListingSuccess } {
  const entry: ListingSuccess = { message, type: 'success', timestamp: Date.now() };
  try {
    sessionStorage.setItem(LISTING_SUCCESS_KEY, JSON.stringify(entry));
  } catch {
    /* storage full or disabled: the navigation state carries it */
  }
  return { [LISTING_SUCCESS_KEY]: entry };
}

function isEntry(v: unknown): v is ListingSuccess {
  return Boolean(v) && typeof (v as ListingSuccess).message === 'string' && typeof (v as ListingSuccess).timestamp === 'number';
}

/** Takes the stored message once (removing it), if it is younger than 5 minutes; else the navigation state's. */
export function takeListingSuccess(navState: unknown, now = Date.now()): ListingSuccess | null {
  let stored: unknown = null;
  try {
    const raw = sessionStorage.getItem(LISTING_SUCCESS_KEY);
    if (raw) {
      sessionStorage.removeItem(LISTING_SUCCESS_KEY);
      stored = JSON.parse(raw);
    }
  } catch {
    stored = null;
  }
  const fromState = navState && typeof navState === 'object' ? (navState as Record<string, unknown>)[LISTING_SUCCESS_KEY] : null;
  for (const candidate of [stored, fromState]) {
    if (isEntry(candidate) && now - candidate.timestamp >= 0 && now - candidate.timestamp <= TIMINGS.storedSuccessValidMs) {
      return { message: candidate.message, type: 'success', timestamp: candidate.timestamp };
    }
  }
  return null;
}

/**
 * For /my-properties: the banner to show (or null) and a dismiss function. It hides itself after 5 s.
 * Render it as a success alert; `message` is already in the language the owner used.
 */
export function useListingSuccessBanner(): { banner: ListingSuccess | null; dismiss: () => void } {
  const location = useLocation();
  // Read from the device: not while hydrating a page the server rendered without it (then just after).
  const hydrated = useHydrated();
  const [banner, setBanner] = useState<ListingSuccess | null>(() => (hydrated ? takeListingSuccess(location.state) : null));
  const [checked, setChecked] = useState(hydrated);
  useEffect(() => {
    if (checked) return;
    setChecked(true);
    setBanner(takeListingSuccess(location.state));
  }, [checked, location.state]);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), TIMINGS.messageLongMs);
    return () => window.clearTimeout(timer);
  }, [banner]);

  return { banner, dismiss: () => setBanner(null) };
}
