/**
 * Views counted leave a listing's revision alone (issue 26). Views are now written in batches by the view
 * counter (modules/listings/views.ts), and each batch would otherwise move the revision of every listing viewed,
 * so search pages (migration 009, modules/search/page-cache.ts) would read and write those listings again for a
 * number nobody searches by. An update that changes views and nothing else keeps the revision; any other update
 * moves it as before. A card's views therefore show the count of the listing's last change (or of the server's
 * first read of the page); the details page reads the row itself.
 *
 * The comparison of the whole row is only made when views changed (AND stops at its first false). Statements
 * here keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
create or replace function listings_next_rev() returns trigger language plpgsql as $$ begin if new.views <> old.views and (to_jsonb(new) - 'views' - 'rev') = (to_jsonb(old) - 'views' - 'rev') then return new; end if; new.rev := old.rev + 1; return new; end $$;
`;
