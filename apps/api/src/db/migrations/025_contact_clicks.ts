/**
 * Clicks on a listing's Call and WhatsApp links (issue 28), one counter per listing and channel: what an owner sees
 * in /my-properties beside views, messages and favourites. Nothing about the visitor is kept. A table of its own
 * so a click never updates the listing's row, which would move its revision and make search write its page again
 * (migration 009).
 */
export const up = `
create table if not exists listing_contact_clicks (
  listing_id integer not null references listings(id) on delete cascade,
  channel text not null check (channel in ('call','whatsapp')),
  clicks integer not null default 0,
  primary key (listing_id, channel)
);
`;
