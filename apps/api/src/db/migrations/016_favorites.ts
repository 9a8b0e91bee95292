/**
 * Favourites (issue 27 "Keep and follow homes"): a user keeps listings, with the price and currency they had
 * when kept, so the list can say what changed since (price down or up, sold, rented, no longer public).
 *
 * - The primary key (user_id, listing_id) makes keeping a listing twice a no-op (PUT is idempotent).
 * - One user's list, newest kept first (GET /favorites): walks favorites_user_saved_idx in order.
 * - Deleting the user (account deletion) or the listing removes the rows (cascade); the listing's foreign key
 *   looks rows up by listing_id through favorites_listing_idx.
 */
export const up = `
create table if not exists favorites (
  user_id integer not null references users(id) on delete cascade,
  listing_id integer not null references listings(id) on delete cascade,
  saved_at timestamptz not null default now(),
  saved_price double precision,
  saved_currency text not null default 'YER' check (saved_currency in ('YER','USD','SAR')),
  primary key (user_id, listing_id)
);
create index if not exists favorites_user_saved_idx on favorites (user_id, saved_at desc, listing_id desc);
create index if not exists favorites_listing_idx on favorites (listing_id);
`;
