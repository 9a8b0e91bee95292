/**
 * Price history (issue 29): one row per change of a listing's price or currency, written by the owner's edit
 * in its transaction (listings/service.ts recordPriceChange). A table of its own, so the history never moves
 * the listing's revision beyond the edit itself, and the listing's row stays narrow for search.
 * `old_price` is null when the listing had no price ("price on request"), `new_price` when it has none now.
 * The index serves the details page's read (newest first, one listing).
 */
export const up = `
create table if not exists listing_price_changes (
  id bigserial primary key,
  listing_id integer not null references listings(id) on delete cascade,
  old_price double precision,
  old_currency text not null check (old_currency in ('YER','USD','SAR')),
  new_price double precision,
  currency text not null check (currency in ('YER','USD','SAR')),
  changed_at timestamptz not null default now()
);
create index if not exists listing_price_changes_listing_idx on listing_price_changes (listing_id, changed_at desc, id desc);
`;
