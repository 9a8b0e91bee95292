/**
 * Saved searches and what they matched (issue 27 "Keep and follow homes").
 *
 * - `filters` is a POST /listings/search body as the shared schema parsed it, without skip, limit and view:
 *   opening the search and matching a new listing both read it through that one schema and the search's own
 *   conditions, so "matches" has one definition.
 * - `saved_search_matches` holds every listing a search matched when it became public. Its primary key
 *   (search × listing) is what stops a search from announcing the same listing twice, whichever server matched
 *   it and whether or not it crashed between matching and sending. `notified_at` is set when the alert mail
 *   that carries it is in the outbox; searches whose alerts are off keep their matches too, which is what
 *   "new since your last visit" counts (matched_at after last_seen_at).
 * - A user's list, newest first, walks saved_searches_user_idx; the 50-per-user cap counts the same index.
 */
export const up = `
create table if not exists saved_searches (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  name text not null,
  filters jsonb not null,
  frequency text not null default 'daily' check (frequency in ('instant','daily','weekly','off')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index if not exists saved_searches_user_idx on saved_searches (user_id, created_at desc, id desc);
create table if not exists saved_search_matches (
  saved_search_id integer not null references saved_searches(id) on delete cascade,
  listing_id integer not null references listings(id) on delete cascade,
  matched_at timestamptz not null default now(),
  notified_at timestamptz,
  primary key (saved_search_id, listing_id)
);
create index if not exists saved_search_matches_listing_idx on saved_search_matches (listing_id);
create index if not exists saved_search_matches_due_idx on saved_search_matches (saved_search_id, matched_at) where notified_at is null;
`;
