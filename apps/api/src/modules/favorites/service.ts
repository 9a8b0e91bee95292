/**
 * Favourites (issue 27): a user keeps listings the public can see, with the price, titles and type they had then,
 * and reads them back newest first with what changed since. A favourite outlives its listing (migration 042): a
 * deleted listing stays on the list as `deleted`, named by what was kept, until its keeper removes it. A page is
 * one statement: the page's rows with the listing's state now (if it still exists), their full rows
 * (listing_rows, as search reads them) for those still public, and the total.
 */
import { sql } from 'kysely';
import { toUsd, type FavoriteChange, type FavoriteItem, type FavoriteList, type Lang } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { notFound } from '../../lib/errors.js';
import { asCards, iso, isPublic, listingRowsSql, type ListingRow } from '../listings/read.js';
import { placeNames } from '../locations/names.js';

/**
 * Keep a listing the public can see (404 otherwise), with its price, titles and type now: what names it once it
 * is deleted. Keeping it again changes nothing: the first price stays.
 * The request's language is the one its price-drop mails will be written in (price-drop.ts).
 */
export async function addFavorite(db: Database, userId: number, listingId: number, lang: Lang = 'ar'): Promise<void> {
  const res = await sql<{ listing_id: number }>`
    with l as (select id, price, currency, price_usd, title_en, title_ar, listing_type from listings where id = ${listingId} and ${isPublic}),
    ins as (
      insert into favorites (user_id, listing_id, saved_price, saved_currency, notified_price, notified_currency, notified_price_usd,
        title_en, title_ar, listing_type)
      select ${userId}, id, price, currency, price, currency, price_usd, title_en, title_ar, listing_type from l
      on conflict (user_id, listing_id) do nothing
    ),
    mail as (
      insert into price_drop_mail (user_id, lang) select ${userId}, ${lang} from l
      on conflict (user_id) do update set lang = excluded.lang
    )
    select id as listing_id from l`.execute(db);
  if (res.rows.length === 0) throw notFound();
}

/** Forget a favourite, its listing deleted or not; nothing to forget is fine too. */
export async function removeFavorite(db: Database, userId: number, listingId: number): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('listing_id', '=', listingId).execute();
}

interface PageRow {
  listing_id: number;
  title_en: string;
  title_ar: string;
  listing_type: 'FOR_SALE' | 'FOR_RENT' | null;
  saved_at: string;
  saved_price: number | null;
  saved_currency: 'YER' | 'USD' | 'SAR';
  price: number | null;
  currency: 'YER' | 'USD' | 'SAR';
  availability: 'available' | 'sold' | 'rented' | null;
  /** The listing was deleted: only the favourite's row is left. */
  deleted: boolean;
  public: boolean;
}

/** What changed since the listing was kept, the strongest news first (see favoriteItem in the shared schema). */
export function changeOf(
  r: Pick<PageRow, 'public' | 'availability' | 'price' | 'currency' | 'saved_price' | 'saved_currency'> & { deleted?: boolean },
  rates: Record<string, number>,
): FavoriteChange {
  if (r.deleted) return 'deleted';
  if (!r.public) return 'unavailable';
  if (r.availability != null && r.availability !== 'available') return r.availability;
  if (r.price == null || r.saved_price == null) return 'none';
  const [now, then] =
    r.currency === r.saved_currency ? [r.price, r.saved_price] : [toUsd(r.price, r.currency, rates), toUsd(r.saved_price, r.saved_currency, rates)];
  // Converted prices may differ in the last digits without any change: a cent of a dollar is no news.
  if (Math.abs(now - then) < (r.currency === r.saved_currency ? 1e-9 : 0.01)) return 'none';
  return now < then ? 'price_down' : 'price_up';
}

export async function listFavorites(
  db: Database,
  storage: Storage,
  rates: Record<string, number>,
  userId: number,
  skip: number,
  limit: number,
): Promise<FavoriteList> {
  const [res, names] = await Promise.all([
    sql<{ page: PageRow[]; rows: ListingRow[]; total: number }>`
      with page as (
        -- A deleted listing (no row): the titles and type as kept; the titles now otherwise, the type now always.
        select f.listing_id, coalesce(l.title_en, f.title_en) as title_en, coalesce(l.title_ar, f.title_ar) as title_ar,
          coalesce(l.listing_type, f.listing_type) as listing_type, f.saved_at, f.saved_price, f.saved_currency,
          l.price, coalesce(l.currency, f.saved_currency) as currency, l.availability,
          l.id is null as deleted, coalesce(${isPublic}, false) as public
        from favorites f left join listings l on l.id = f.listing_id
        where f.user_id = ${userId}
        order by f.saved_at desc, f.listing_id desc
        limit ${limit} offset ${skip}
      )
      select
        (select coalesce(json_agg(page order by page.saved_at desc, page.listing_id desc), '[]'::json) from page) as page,
        ${listingRowsSql(sql<number[]>`array(select listing_id from page where public)`)} as rows,
        (select count(*)::int from favorites where user_id = ${userId}) as total`.execute(db),
    placeNames(db),
  ]);
  const { page, rows, total } = res.rows[0]!;
  const listings = new Map(asCards(rows, names, storage).map((l) => [l.id, l]));
  const items: FavoriteItem[] = page.map((r) => {
    const listing = r.public ? (listings.get(r.listing_id) ?? null) : null;
    const visible = r.public && listing != null;
    return {
      listing_id: r.listing_id,
      title_en: r.title_en,
      title_ar: r.title_ar,
      listing_type: r.listing_type,
      listing,
      saved_at: iso(r.saved_at)!,
      saved_price: r.saved_price,
      saved_currency: r.saved_currency,
      change: changeOf({ ...r, public: visible }, rates),
    };
  });
  return { items, total: Number(total) };
}
