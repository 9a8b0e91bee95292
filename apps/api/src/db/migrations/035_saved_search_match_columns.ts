/**
 * The candidate searches of a listing found by plain columns instead of expressions (issue 27's matching
 * time). Migration 020 indexed saved_search_keys(filters) and saved_search_area(filters); the bitmap heap scan
 * over the GIN index then evaluated both functions again on each of the ~6,000 candidate rows (its recheck and
 * the partial index's predicate), 10 µs a row: 60–100 ms of the ~110 ms a listing's candidates cost (EXPLAIN
 * ANALYZE in the commit). Stored generated columns compute them once, when the search is saved (PostgreSQL
 * keeps them in step with `filters` on every insert and update), and the indexes are over the columns.
 * The buckets only narrow: each candidate is still decided by the search's own conditions (alerts/match.ts).
 *
 * `search_yer_per_usd(district, governorates, fallback)`: the rials per dollar a search's YER price bound
 * converts at (issue 29's zones; search/service.ts placeYerPerUsd says which), as a function instead of the
 * three subqueries written into each such bound. Search reads it once per statement all the same (an InitPlan
 * around the call); the alerts evaluate a few dozen such bounds per listing, and planning their joins and
 * aggregates each time cost 6–16 ms of a listing's matching, where PL/pgSQL keeps its plans for the session.
 * Statements keep their semicolons mid-line (see splitStatements in migrate.ts).
 */
export const up = `
alter table saved_searches add column if not exists match_keys text[] generated always as (saved_search_keys(filters)) stored;
alter table saved_searches add column if not exists match_area box generated always as (saved_search_area(filters)) stored;
drop index if exists saved_searches_keys_idx;
drop index if exists saved_searches_area_idx;
create index if not exists saved_searches_match_keys_idx on saved_searches using gin (match_keys) where match_area is null;
create index if not exists saved_searches_match_area_idx on saved_searches using gist (match_area) where match_area is not null;
create or replace function search_yer_per_usd(district integer, governorates integer[], fallback float8) returns float8 language plpgsql stable parallel safe as $$ declare r float8; begin if district is not null then select z.yer_per_usd into r from rate_zone_districts m join rate_zones z on z.id = m.zone_id where m.district_id = district; if r is not null then return r; end if; end if; if cardinality(governorates) > 0 then select case when count(*) = cardinality(governorates) and min(z.yer_per_usd) = max(z.yer_per_usd) then min(z.yer_per_usd) end into r from rate_zone_governorates m join rate_zones z on z.id = m.zone_id where m.governorate_id = any(governorates); else select case when count(*) = 1 and min(z.yer_per_usd) = max(z.yer_per_usd) then min(z.yer_per_usd) end into r from rate_zone_governorates m join rate_zones z on z.id = m.zone_id where m.governorate_id = (select d.governorate_id from districts d where d.id = district); end if; return coalesce(r, fallback); end $$;
`;
