/**
 * An owner's e-mail is shown on their listings only when they chose to be reached by e-mail (issue 25): it was
 * shown on every listing, to anyone and to crawlers' scrapers. Off for everyone, old accounts included: a visitor's
 * message still reaches the owner by e-mail through the contact form, which never shows the address.
 */
export const up = `
alter table users add column if not exists show_email boolean not null default false;
`;
