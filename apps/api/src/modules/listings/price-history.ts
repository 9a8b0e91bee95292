/**
 * Price history (issue 29, migration 027): every change of a listing's price or currency is kept, in the
 * owner's edit's transaction, and a lowering sets `old_price`, which cards and the details page strike through
 * beside a "price reduced" badge. The same edit flags the favourites' price-drop mail (favorites/price-drop.ts).
 */
import { sql, type Transaction } from 'kysely';
import type { PriceHistory } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isPublicL } from './read.js';

type Currency = 'YER' | 'USD' | 'SAR';
interface Priced {
  price: number | null;
  old_price: number | null;
  currency: Currency;
}

/** How many changes the history answers with: far more than a listing sees; a bound on the answer all the same. */
export const PRICE_HISTORY_LIMIT = 50;

export const priceMoved = (before: Priced, after: Priced) => before.price !== after.price || before.currency !== after.currency;

/**
 * `old_price` after an edit (spec §3 keeps it as an owner-entered field). An old price the owner typed in this
 * edit stands. Otherwise, when the price moved: a lowering in the same currency makes the previous price the old
 * one, so the reduction shows; a raise, a new currency or a price taken away or first given clears it, since a
 * struck-through figure that is lower than the price, or in another currency, would mislead. An edit that leaves
 * the price alone leaves `old_price` alone.
 *
 * `wasPublic`: the listing has been published (approved) before, listings.posted_at. A listing the public has never
 * seen has no price that was reduced: its lowering clears `old_price` too, so it does not go public "reduced".
 */
export function oldPriceAfter(before: Priced, after: Priced, typed: number | null | undefined, wasPublic: boolean): number | null {
  if (typed !== undefined && typed !== before.old_price) return typed;
  if (!priceMoved(before, after)) return after.old_price;
  const lowered = before.currency === after.currency && before.price != null && after.price != null && after.price < before.price;
  return lowered && wasPublic ? before.price : null;
}

/** Called by the owner's edit, in its transaction, when the price or currency moved. */
export async function recordPriceChange(trx: Transaction<DB>, listingId: number, before: Priced, after: Priced): Promise<void> {
  await trx
    .insertInto('listing_price_changes')
    .values({ listing_id: listingId, old_price: before.price, old_currency: before.currency, new_price: after.price, currency: after.currency })
    .execute();
}

/**
 * GET /listings/{id}/price-history: newest first. As GET /listings/{id}: the public reads public listings' only;
 * the owner and admins also their own hidden one's; anything else is 404. One statement. The public reads only
 * the changes made since the listing was first published (posted_at): a price changed while it was first in
 * review is no change anyone else saw; its owner and admins read every change.
 */
export async function priceHistoryFor(db: Database, user: AuthUser | null, id: number): Promise<PriceHistory> {
  const everyChange = user?.role === 'ADMIN' ? sql<boolean>`true` : sql<boolean>`l.owner_id = ${user?.id ?? 0}`;
  const res = await sql<{ owner_id: number; public: boolean; items: PriceHistory['items'] | null }>`
    select l.owner_id, ${isPublicL} as public,
           (select json_agg(json_build_object(
                     'old_price', c.old_price, 'old_currency', c.old_currency, 'new_price', c.new_price,
                     'currency', c.currency,
                     'changed_at', to_char(c.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                   order by c.changed_at desc, c.id desc)
              from (select * from listing_price_changes where listing_id = l.id
                       and (${everyChange} or l.posted_at is null or changed_at >= l.posted_at)
                     order by changed_at desc, id desc limit ${PRICE_HISTORY_LIMIT}) c) as items
      from listings l where l.id = ${id}`.execute(db);
  const me = res.rows[0];
  if (!me) throw notFound();
  if (!me.public && !(user && (user.id === me.owner_id || user.role === 'ADMIN'))) throw notFound();
  return { items: me.items ?? [] };
}
