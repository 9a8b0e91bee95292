/**
 * Contact and admin: indexes for the admin's all-listings view (newest first without a status filter) and
 * for the foreign keys that account deletion follows (without them each deletion scans these tables).
 */
export const up = `
create index if not exists listings_created_idx on listings (created_at desc, id desc);
create index if not exists contact_messages_sender_idx on contact_messages (sender_user_id) where sender_user_id is not null;
create index if not exists mail_outbox_recipient_idx on mail_outbox (recipient_user_id) where recipient_user_id is not null;
create index if not exists mail_outbox_contact_idx on mail_outbox (contact_message_id) where contact_message_id is not null;
create index if not exists moderation_events_admin_idx on moderation_events (admin_id) where admin_id is not null;
`;
