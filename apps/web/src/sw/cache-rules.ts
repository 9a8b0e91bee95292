/**
 * What the service worker keeps, and for how long (issue 30). Pure, so the page and the worker share the names
 * and a unit test reads the rules.
 */
export const CACHES = {
  /** GET /api/v1/listings/{id} answers: listings opened and favourites, readable offline. */
  listings: 'manzil-listings-v2',
  /** Listing photos under /uploads/listings/ (the small variant of each favourite, and any photo seen). */
  photos: 'manzil-photos-v2',
  /**
   * Favourites, apart so that opening many other listings never pushes them out: each one's answer and first
   * photo at the small variant, fetched when it is favourited.
   */
  favorites: 'manzil-favorites-v2',
  /** Hashed app files not in the precache: route chunks, locale chunks, Bootstrap, fonts. */
  appFiles: 'manzil-app-files-v2',
} as const;

export const LIMITS = {
  /** "At least the last 40" opened, plus room for favourites. */
  listings: { maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 60 },
  photos: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 },
  /** 500 favourites at most (the device's list has the same bound), an answer and a photo each. */
  favorites: { maxEntries: 1000, maxAgeSeconds: 60 * 60 * 24 * 365 },
  appFiles: { maxEntries: 250, maxAgeSeconds: 60 * 60 * 24 * 90 },
} as const;

/** The caches of the hand-written worker before Workbox: deleted when this one activates. */
export const OLD_CACHES = ['manzil-shell-v1', 'manzil-listings-v1', 'manzil-images-v1'];

/** The page each offline navigation falls back to: the app rendered in the browser. */
export const SHELL_URL = '/app-shell';

const LISTING_ANSWER = /^\/api\/v1\/listings\/(\d{1,10})\/?$/;

/** The listing id of a details answer's path (`/api/v1/listings/12`), else null. */
export function listingIdOf(pathname: string): number | null {
  const m = LISTING_ANSWER.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** Where the details answer of a listing is kept (the URL the details page asks for). */
export const listingAnswerUrl = (id: number) => `/api/v1/listings/${id}`;

export const isListingAnswer = (url: URL) => listingIdOf(url.pathname) !== null && !url.search;
export const isListingPhoto = (url: URL) => url.pathname.startsWith('/uploads/listings/');
/** A listing photo's path without its width (`…/abc-960.webp` → `…/abc`): every size of one photo has the same. */
export const photoOf = (path: string) => /^(\/uploads\/listings\/.+)-\d+\.webp$/.exec(path)?.[1] ?? null;
export const isAppFile = (url: URL) => /^\/(assets|vendor|icons)\//.test(url.pathname) || /^\/(favicon\.svg|manifest\.webmanifest)$/.test(url.pathname);

/**
 * Whether an answer may be kept on the device: a 200 read without a token (the public's: the server answers 404 to
 * the public for a listing it may not see), that the server does not forbid storing. An answer read with a token
 * may be an owner's or an admin's view of a listing nobody else may read; the page hands over public ones itself.
 */
export function mayKeep(status: number, cacheControl: string | null, withToken = false): boolean {
  return status === 200 && !withToken && !/\b(no-store|private)\b/i.test(cacheControl ?? '');
}

/**
 * The first photo of a listing answer at its smallest variant (what a card shows on a phone), as a same-origin
 * path, else null. Read defensively: it comes from a cached answer.
 */
export function firstPhotoSmall(listing: unknown): string | null {
  const media = (listing as { media?: unknown } | null)?.media;
  if (!Array.isArray(media) || media.length === 0) return null;
  type Item = { position?: number; file_url?: string; variants?: { width: number; url: string }[] };
  const first = [...(media as Item[])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[0]!;
  const smallest = [...(first.variants ?? [])].sort((a, b) => a.width - b.width)[0];
  const url = smallest?.url ?? first.file_url;
  if (!url || /^([a-z]+:)?\/\//i.test(url)) return null;
  return url.startsWith('/') ? url : `/${url}`;
}
