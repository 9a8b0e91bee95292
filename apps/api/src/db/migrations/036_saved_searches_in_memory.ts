/**
 * The alerts worker keeps every saved search's buckets and map area in memory (alerts/match.ts MatchCache):
 * a listing's ~6,000 candidates read through migration 035's GIN index were a bitmap heap scan of as many rows
 * per listing, most of the time finding them took. The worker now reads the searches saved since it last
 * looked, by `created_at` (a search's filters never change once saved), so that gets the index, and the two
 * indexes nothing reads any more go. The generated columns stay: PostgreSQL still computes each search's
 * buckets and area, one definition, and the worker reads them.
 */
export const up = `
create index if not exists saved_searches_created_idx on saved_searches (created_at);
drop index if exists saved_searches_match_keys_idx;
drop index if exists saved_searches_match_area_idx;
`;
