import { z } from 'zod';
import { CURRENCIES } from '../enums.js';
import { listingRead } from './listings.js';

/**
 * Favourites (issue 27): listings a user keeps, and what changed since they kept each one.
 *
 * `change` compares the listing now with the moment it was kept, the strongest news first:
 * - `unavailable`: the public cannot see it any more (hidden by its owner, rejected, back in moderation);
 *   `listing` is then null and only `listing_id` and the titles are given.
 * - `sold` / `rented`: its owner marked it so.
 * - `price_down` / `price_up`: its price moved since it was kept (`saved_price` in `saved_currency` is the old
 *   price; a change of currency compares the two in US dollars at the configured rates).
 * - `none`: nothing to tell.
 */
export const FAVORITE_CHANGES = ['none', 'unavailable', 'sold', 'rented', 'price_down', 'price_up'] as const;
export type FavoriteChange = (typeof FAVORITE_CHANGES)[number];

export const favoriteItem = z.object({
  listing_id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  /** The listing as search results give it; null when it is no longer public (`change` is then `unavailable`). */
  listing: listingRead.nullable(),
  saved_at: z.string(),
  saved_price: z.number().nullable(),
  saved_currency: z.enum(CURRENCIES),
  change: z.enum(FAVORITE_CHANGES),
});
export type FavoriteItem = z.infer<typeof favoriteItem>;

export const favoriteList = z.object({ items: z.array(favoriteItem), total: z.number().int() });
export type FavoriteList = z.infer<typeof favoriteList>;

export const favoritesQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const favoriteParam = z.object({ listingId: z.coerce.number().int().positive().max(2_147_483_647) });
