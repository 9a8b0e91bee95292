/**
 * Price-drop e-mails for favourites (issue 27): at most one a day per user, all their drops together.
 *
 * - `favorites.notified_price`, `notified_currency`, `notified_price_usd`: the price the keeper last heard of
 *   (when keeping it, then each price-drop mail). A drop is a current price in US dollars below
 *   `notified_price_usd`, so a change of currency compares correctly; the mail shows the old price as they saw it.
 * - `favorites.price_drop_at`: set by the owner's edit that lowered the price below it (listings/service.ts),
 *   cleared by the mail job; the partial index is the job's list of users with news, so it never scans every
 *   favourite.
 * - `price_drop_mail`: one row per user who keeps favourites: the language of their last keeping request (the
 *   mail's language) and when the last price-drop mail went. The job claims these rows with
 *   `for update skip locked`, so two servers never mail the same user twice.
 * Favourites kept before this migration start from the listing's price now.
 */
export const up = `
alter table favorites add column if not exists notified_price double precision;
alter table favorites add column if not exists notified_currency text check (notified_currency in ('YER','USD','SAR'));
alter table favorites add column if not exists notified_price_usd double precision;
alter table favorites add column if not exists price_drop_at timestamptz;
update favorites f set notified_price = l.price, notified_currency = l.currency, notified_price_usd = l.price_usd from listings l where l.id = f.listing_id and f.notified_currency is null;
create index if not exists favorites_price_drop_idx on favorites (user_id) where price_drop_at is not null;
create table if not exists price_drop_mail (
  user_id integer primary key references users(id) on delete cascade,
  lang text not null default 'ar' check (lang in ('ar','en')),
  mailed_at timestamptz
);
insert into price_drop_mail (user_id) select distinct user_id from favorites on conflict (user_id) do nothing;
`;
