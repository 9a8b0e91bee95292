/**
 * What saved searches matched, one row per listing and matching instead of one per search and listing (issue 27).
 * A listing that becomes public matches a couple of thousand searches at 100,000 saved searches, up to six
 * thousand; writing them as rows of saved_search_matches cost 45 ms and more (heap, primary key and two indexes,
 * each row a different page of them), where one row with the searches as a sorted array costs about 2.
 *
 * - `alert_matches`: the searches a listing matched for the first time, and when. A listing matched again (public
 *   again after an edit) gets a row with only the searches none of its earlier rows holds, so a search never
 *   announces a listing twice (matching takes a lock on the listing's number for that, alerts/match.ts).
 *   "New since your last visit" finds a search's rows through the GIN over `search_ids`. Its pending list is
 *   allowed to grow (8 MB) so that adding a row appends its entries instead of merging them into the index;
 *   the alerts worker merges it after each pass (gin_clean_pending_list), as autovacuum would.
 * - `alert_unsent`: of those, the searches no mail has carried yet, by what they wait for: `new` (just matched,
 *   not yet sorted by frequency; `search_ids` null: all of its match's), `instant`, `daily`, `weekly`. Rows leave
 *   it as their mails are written, so it stays small and its rows change without touching the GIN's table.
 *
 * The matches already recorded move over, grouped by listing and time; the unmailed ones of searches still on.
 * A deleted search's number may stay in the arrays: every reader joins saved_searches, and numbers are never
 * used again. Statements keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
create table if not exists alert_matches (
  id bigserial primary key,
  listing_id integer not null,
  matched_at timestamptz not null default now(),
  search_ids integer[] not null
);
create index if not exists alert_matches_listing_idx on alert_matches (listing_id);
create index if not exists alert_matches_searches_idx on alert_matches using gin (search_ids) with (fastupdate = on, gin_pending_list_limit = 8192);
create table if not exists alert_unsent (
  match_id bigint not null references alert_matches(id) on delete cascade,
  kind text not null check (kind in ('new','instant','daily','weekly')),
  listing_id integer not null,
  matched_at timestamptz not null,
  search_ids integer[],
  primary key (match_id, kind)
);
create index if not exists alert_unsent_kind_idx on alert_unsent (kind, matched_at);
insert into alert_matches (listing_id, matched_at, search_ids)
  select listing_id, matched_at, array_agg(saved_search_id order by saved_search_id) from saved_search_matches group by listing_id, matched_at;
insert into alert_unsent (match_id, kind, listing_id, matched_at, search_ids)
  select a.id, s.frequency, m.listing_id, m.matched_at, array_agg(m.saved_search_id order by m.saved_search_id)
  from saved_search_matches m
  join saved_searches s on s.id = m.saved_search_id and s.frequency <> 'off'
  join alert_matches a on a.listing_id = m.listing_id and a.matched_at = m.matched_at
  where m.notified_at is null
  group by a.id, s.frequency, m.listing_id, m.matched_at;
drop trigger if exists saved_searches_drop_matches on saved_searches;
drop trigger if exists listings_drop_matches on listings;
drop function if exists saved_search_matches_of_searches();
drop function if exists saved_search_matches_of_listings();
drop table if exists saved_search_matches;
create or replace function alert_matches_of_listings() returns trigger language plpgsql as $$ begin delete from alert_matches m using gone g where m.listing_id = g.id; return null; end $$;
create trigger listings_drop_alert_matches after delete on listings referencing old table as gone for each statement execute function alert_matches_of_listings();
`;
