/**
 * Idempotency-Key (issue 30, IETF httpapi draft): the answer to a first request with a key, kept so that the same
 * request sent again (a message written offline and replayed by the web app's outbox, on any API server) answers the
 * same without acting twice. Scoped by endpoint (method, route, listing id) and by caller (the signed-in user; none
 * for anonymous callers, whose random key is their secret). A row is written in the same transaction as what the
 * request did, so it exists exactly when that happened. Kept at least 24 hours, then swept (lib/idempotency.ts).
 */
export const up = `
create table if not exists idempotency_keys (
  id bigserial primary key,
  endpoint text not null,
  user_id integer references users(id) on delete cascade,
  key text not null,
  request_hash text not null,
  response_status smallint not null,
  response_body jsonb not null,
  created_at timestamptz not null default now()
);
create unique index if not exists idempotency_keys_lookup on idempotency_keys (endpoint, coalesce(user_id, 0), key);
create index if not exists idempotency_keys_created on idempotency_keys (created_at);
`;
