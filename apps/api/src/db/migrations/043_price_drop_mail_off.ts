/**
 * Price-drop mails can be turned off (issue 27: every alert mail carries List-Unsubscribe): `off_at` is when their
 * keeper turned them off, from the mail's one-click link or the switch on /favorites; null while they are on.
 * A user who never kept a favourite has no row; turning the mails off makes one.
 */
export const up = `
alter table price_drop_mail add column if not exists off_at timestamptz;
`;
