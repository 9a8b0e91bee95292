/**
 * Alerts of saved searches (issue 27): the jobs that match a listing when it becomes public, what picks the
 * candidate searches cheaply, the language an alert is written in, and headers on outbox mail.
 *
 * - `alert_jobs`: one row each time a listing becomes public (approved and active, and it was not before). A
 *   trigger writes it, so every path that publishes a listing (an approval, a re-approval after an edit, an
 *   owner showing an approved listing again, and any added later) records it in its own transaction. Servers
 *   claim jobs with `for update skip locked`; a claim lapses (claimed_until) so a crashed server's job is done
 *   again, which is safe: matches are keyed search × listing. A job is deleted in the transaction that
 *   records its matches.
 * - `saved_search_keys(filters)`: the buckets a search falls in, "listing_type:property_type:governorate", `*`
 *   where the search sets no such filter (one key per governorate of a list). A listing can only match searches
 *   in its 8 buckets (its values or `*` in each place), found through the GIN index; each candidate is then
 *   tested with the search's own conditions (modules/alerts/match.ts), so this only narrows, never decides.
 * - `saved_search_area(filters)`: the box around a search's map bounds or drawn polygon (null without either).
 *   Such searches are found through a GiST index by the listing's point instead (a box on a map rarely holds
 *   a given listing), and the keys only filter them; the others through the GIN index, partial on no area.
 * - `saved_searches.lang`: the language the search was saved in, which its alerts are written in.
 * - `mail_outbox.headers`: extra headers of a mail (List-Unsubscribe of alerts), passed to the mailer as is.
 * Statements keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
create table if not exists alert_jobs (
  id bigserial primary key,
  listing_id integer not null references listings(id) on delete cascade,
  made_public_at timestamptz not null default now(),
  claimed_until timestamptz
);
create or replace function listings_alert_job() returns trigger language plpgsql as $$ begin insert into alert_jobs (listing_id) values (new.id); return null; end $$;
create trigger listings_alert_job after update of status, is_active on listings for each row
  when (new.status = 'approved' and new.is_active and not (old.status = 'approved' and old.is_active))
  execute function listings_alert_job();
create or replace function saved_search_keys(f jsonb) returns text[] language sql immutable parallel safe as $$ select array(select coalesce(f->>'listing_type', '*') || ':' || coalesce(f->>'property_type', '*') || ':' || g from unnest(case jsonb_typeof(f->'governorate_id') when 'array' then array(select jsonb_array_elements_text(f->'governorate_id')) when 'number' then array[f->>'governorate_id'] else array['*'] end) g) $$;
create or replace function saved_search_area(f jsonb) returns box language sql immutable parallel safe as $$ select case when jsonb_typeof(f->'polygon_coordinates') = 'array' then (select box(point(min(x), min(y)), point(max(x), max(y))) from (select case jsonb_typeof(p) when 'array' then (p->>1)::float8 else (p->>'lng')::float8 end as x, case jsonb_typeof(p) when 'array' then (p->>0)::float8 else (p->>'lat')::float8 end as y from jsonb_array_elements(f->'polygon_coordinates') p) c) when f ?| array['min_lat','max_lat','min_lon','max_lon'] then box(point(coalesce((f->>'min_lon')::float8, -180), coalesce((f->>'min_lat')::float8, -90)), point(coalesce((f->>'max_lon')::float8, 180), coalesce((f->>'max_lat')::float8, 90))) end $$;
create index if not exists saved_searches_keys_idx on saved_searches using gin (saved_search_keys(filters)) where saved_search_area(filters) is null;
create index if not exists saved_searches_area_idx on saved_searches using gist (saved_search_area(filters)) where saved_search_area(filters) is not null;
alter table saved_searches add column if not exists lang text not null default 'ar' check (lang in ('ar','en'));
alter table mail_outbox add column if not exists headers jsonb;
`;
