/**
 * listings.rev: a listing's revision, which moves whenever anything a reader sees of it may have changed: its
 * own row (any update, a view counted included), its photos, or its owner's name, phone or e-mail. Search
 * keeps the pages it has written and asks the database on every request which listings are on the page and at
 * which revision (modules/search/page-cache.ts): a listing whose revision has not moved is not read or written
 * again, and it is never served stale, whichever server changed it.
 *
 * A listing created in the same transaction as its photos (the synthetic data) has been read by no one, so its
 * photos leave the revision alone: otherwise every such listing would be written twice. The photo triggers are
 * per statement (one update for a whole upload or delete), one per event because a trigger with transition
 * tables takes one event.
 *
 * search_page(page, seen_ids, seen_revs): the listings of a page of search results (their ids in order) with
 * their revisions, and the rows (listing_rows) of those not seen at that revision. A function for the reason
 * listing_rows is one (migration 007): its statements have one right plan whatever the ids, made once per
 * connection, while the search statement around it is planned on every call for its filters' values.
 * Statements here keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
alter table listings add column if not exists rev bigint not null default 0;
create or replace function listings_next_rev() returns trigger language plpgsql as $$ begin new.rev := old.rev + 1; return new; end $$;
create trigger listings_rev before update on listings for each row execute function listings_next_rev();
create or replace function listings_rev_from_media() returns trigger language plpgsql as $$ begin update listings l set rev = l.rev + 1 where l.id in (select listing_id from changed) and l.xmin <> pg_current_xact_id()::xid; return null; end $$;
create trigger listing_media_rev_insert after insert on listing_media referencing new table as changed for each statement execute function listings_rev_from_media();
create trigger listing_media_rev_update after update on listing_media referencing new table as changed for each statement execute function listings_rev_from_media();
create trigger listing_media_rev_delete after delete on listing_media referencing old table as changed for each statement execute function listings_rev_from_media();
create or replace function listings_rev_from_owner() returns trigger language plpgsql as $$ begin update listings set rev = rev + 1 where owner_id = new.id; return null; end $$;
create trigger users_listings_rev after update of email, first_name, last_name, full_name, phone_number on users for each row
  when ((old.email, old.first_name, old.last_name, old.full_name, old.phone_number) is distinct from (new.email, new.first_name, new.last_name, new.full_name, new.phone_number))
  execute function listings_rev_from_owner();
create or replace function search_page(page integer[], seen_ids integer[], seen_revs text[], out page_ids integer[], out page_revs text[], out page_rows json)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  select coalesce(array_agg(l.id order by p.o), '{}'), coalesce(array_agg(l.rev::text order by p.o), '{}') into page_ids, page_revs
    from unnest(page) with ordinality p(id, o) join listings l on l.id = p.id; page_rows := listing_rows(array(
    select u.id from unnest(page_ids, page_revs) u(id, rev)
    where not exists (select from unnest(seen_ids, seen_revs) s(id, rev) where s.id = u.id and s.rev = u.rev)), false); end
$$;
`;
