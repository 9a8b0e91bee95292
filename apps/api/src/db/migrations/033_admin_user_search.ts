/**
 * The admin's list of users (issue 28) finds a user by any part of their e-mail or name: a trigram index answers
 * the `like '%…%'` on the same expression, and a partial index lists the blocked ones.
 */
export const up = `
create index if not exists users_admin_search_trgm on users using gin ((lower(email) || ' ' || lower(full_name)) gin_trgm_ops);
create index if not exists users_blocked_idx on users (blocked_at) where blocked_at is not null;
`;
