/**
 * A favourite outlives its listing (issue 27: what changed since saving is "shown, not silently dropped"). Until
 * now deleting a listing, by its owner, an administrator or with its owner's account, deleted its favourites
 * (016's cascade), and the keeper's /favorites lost the home without a word.
 *
 * - The foreign key from favorites.listing_id to listings goes: the row stays, and a listing_id with no listing
 *   is a deleted listing (listed as `deleted`, its keeper removes it). Ids come from a sequence and are never
 *   given again, so such a row never points at another home. Deleting the keeper's account still deletes their
 *   favourites (the users foreign key stays).
 * - `title_en`, `title_ar`, `listing_type`: the listing as it was kept, with 016's saved price and currency, so a
 *   deleted one is still named (and its saved price read per month for a rental). Favourites kept before this
 *   migration take them from their listing now (each had one: the cascade saw to it). The titles default to '' and
 *   the type may be null, so a server still running the previous code keeps listings during an upgrade; such a
 *   favourite is named by its listing while it exists.
 * The constraint is found by what it references rather than by name; statements keep their semicolons mid-line
 * (see migrate.ts).
 */
export const up = `
do $$ declare c record; begin for c in select conname from pg_constraint where conrelid = 'favorites'::regclass and contype = 'f' and confrelid = 'listings'::regclass loop execute format('alter table favorites drop constraint %I', c.conname); end loop; end $$;
alter table favorites add column if not exists title_en text not null default '';
alter table favorites add column if not exists title_ar text not null default '';
alter table favorites add column if not exists listing_type text check (listing_type in ('FOR_SALE','FOR_RENT'));
update favorites f set title_en = l.title_en, title_ar = l.title_ar, listing_type = l.listing_type from listings l where l.id = f.listing_id;
`;
