/**
 * saved_search_matches without its two foreign keys (issue 27's matching time). A listing that becomes public
 * matches a couple of thousand searches at 100,000 saved searches; the foreign keys checked each inserted row
 * against saved_searches and listings, taking a row lock on every one of those searches (a write on each search's
 * page, shared between servers matching at once): more than half of the insert's time (EXPLAIN ANALYZE in the
 * commit). Statement-level triggers remove a deleted search's or listing's matches instead, as `on delete
 * cascade` did, in the same transaction. A match written for a search deleted at that very moment is left
 * behind; every reader joins saved_searches, so it is never mailed or counted, only stored.
 * Statements keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
alter table saved_search_matches drop constraint if exists saved_search_matches_saved_search_id_fkey;
alter table saved_search_matches drop constraint if exists saved_search_matches_listing_id_fkey;
create or replace function saved_search_matches_of_searches() returns trigger language plpgsql as $$ begin delete from saved_search_matches m using gone g where m.saved_search_id = g.id; return null; end $$;
create trigger saved_searches_drop_matches after delete on saved_searches referencing old table as gone for each statement execute function saved_search_matches_of_searches();
create or replace function saved_search_matches_of_listings() returns trigger language plpgsql as $$ begin delete from saved_search_matches m using gone g where m.listing_id = g.id; return null; end $$;
create trigger listings_drop_matches after delete on listings referencing old table as gone for each statement execute function saved_search_matches_of_listings();
`;
