/**
 * Listings that expire (issue 28): a public listing leaves public view 90 days after it was last published or
 * renewed (withheld 'expired'), its owner is reminded once 7 days before, and a home marked sold or rented
 * leaves search 14 days later (withheld 'off_market'). The job is modules/listings/expiry.ts.
 *
 * - `expiry_reminded_at`: when the reminder of the current period went; cleared whenever expires_at moves
 *   (approval, renewal), so each period sends one reminder, and the job claims a row by setting it.
 * - `availability_changed_at`: when the owner last marked the listing sold, rented or available.
 * - `owner_lang`: the language the owner last used on the listing (create, edit, renew), for the reminder:
 *   as alerts use the language a search was saved in and price drops the one a favourite was kept in.
 *
 * Backfill: approved listings get 90 days from when they were published, but never less than 14 days from
 * now. Existing owners were never told listings expire; without the floor every listing older than 90 days
 * would vanish on deploy with no reminder, and the floor leaves time for the 7-day reminder to reach them.
 * Listings already sold or rented likewise count their 14 days from now.
 */
export const up = `
alter table listings add column if not exists expiry_reminded_at timestamptz;
alter table listings add column if not exists availability_changed_at timestamptz;
alter table listings add column if not exists owner_lang text not null default 'ar';
alter table listings add constraint listings_owner_lang_known check (owner_lang in ('ar', 'en'));
update listings set expires_at = greatest(coalesce(posted_at, created_at) + interval '90 days', now() + interval '14 days') where status = 'approved' and expires_at is null;
update listings set availability_changed_at = now() where availability <> 'available' and availability_changed_at is null;
create index if not exists listings_expiry_due_idx on listings (expires_at) where status = 'approved' and not ('expired' = any(withheld));
create index if not exists listings_off_market_due_idx on listings (availability_changed_at) where availability <> 'available' and not ('off_market' = any(withheld));
`;
