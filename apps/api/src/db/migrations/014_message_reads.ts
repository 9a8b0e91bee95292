/**
 * Enquiries in the app (issue 25): an owner reads the messages sent to a listing, newest first, and each one is
 * unread until the owner opens it (`read_at`, set by POST /listings/{id}/messages/read, never by a read).
 * Messages stored before this migration start unread: they were e-mailed, but never opened in the app.
 *
 * - One listing's messages, newest first (GET /listings/{id}/messages): walks the new index in order. It also
 *   serves the listings foreign key (ON DELETE SET NULL looks messages up by listing_id), so the plain index of
 *   migration 001 goes.
 * - Unread counts of a page of listings (my-listings) count only the unread rows, from a small partial index.
 */
export const up = `
alter table contact_messages add column if not exists read_at timestamptz;
create index if not exists contact_messages_listing_newest_idx on contact_messages (listing_id, created_at desc, id desc)
  where listing_id is not null;
drop index if exists contact_messages_listing_idx;
create index if not exists contact_messages_listing_unread_idx on contact_messages (listing_id)
  where listing_id is not null and read_at is null;
`;
