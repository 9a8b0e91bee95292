import { z } from 'zod';
import { CURRENCIES, LISTING_TYPES } from '../enums.js';
import { listingRead } from './listings.js';

/**
 * Favourites (issue 27): listings a user keeps, and what changed since they kept each one.
 *
 * `change` compares the listing now with the moment it was kept, the strongest news first:
 * - `deleted`: the listing was deleted (by its owner, an administrator, or with its owner's account) and will not
 *   come back; the favourite stays until its keeper removes it. `listing` is then null; `listing_id`, the titles
 *   and `listing_type` are the listing's when it was kept, `saved_price` its price then.
 * - `unavailable`: the public cannot see it at the moment (hidden by its owner, expired, rejected, back in
 *   moderation after an edit), and may see it again; `listing` is then null and only `listing_id`, the titles
 *   and `listing_type` are given.
 * - `sold` / `rented`: its owner marked it so.
 * - `price_down` / `price_up`: its price moved since it was kept (`saved_price` in `saved_currency` is the old
 *   price; a change of currency compares the two in US dollars at the configured rates).
 * - `none`: nothing to tell.
 */
export const FAVORITE_CHANGES = ['none', 'deleted', 'unavailable', 'sold', 'rented', 'price_down', 'price_up'] as const;
export type FavoriteChange = (typeof FAVORITE_CHANGES)[number];

export const favoriteItem = z.object({
  listing_id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  /** For sale or for rent (a rental's prices are per month); null when not known (see migration 042). */
  listing_type: z.enum(LISTING_TYPES).nullable(),
  /** The listing as search results give it; null when the public cannot see it (`change` is `unavailable` or `deleted`). */
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

/**
 * Whether a favourite's price drop e-mails its keeper (at most one mail a day, all drops together). On until turned
 * off, here or from the mail's unsubscribe link (`/price-drops/unsubscribe?token=…`, also its List-Unsubscribe).
 */
export const priceDropMailSetting = z.object({ enabled: z.boolean().describe('Price-drop e-mails are sent') }).strict();
export type PriceDropMailSetting = z.infer<typeof priceDropMailSetting>;
