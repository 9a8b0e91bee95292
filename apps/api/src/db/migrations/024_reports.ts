/**
 * Reports of listings and the record of admin actions (issue 28).
 *
 * - `listing_report_cases`: the reports of one listing until an administrator decides (dismissed or hidden);
 *   at most one open case per listing, and a report after a decision opens a new one.
 * - `listing_reports`: one report. `reporter_key` tells reporters apart without keeping who they are: `u:<id>`
 *   for a signed-in user, `a:<HMAC of the address under the server's secret>` for an anonymous visitor (the
 *   address itself is never stored). A signed-in user reports a listing once, whatever the case.
 * - `admin_actions`: who did what and when (approve, reject, hide, dismiss, block, unblock), shown on the
 *   listing in the admin's views. The admin's row may go (account deleted); the record stays.
 * - `users.blocked_at`: set while an administrator has blocked the user: they cannot sign in, their sessions
 *   were ended, and their listings carry 'blocked' in withheld.
 */
export const up = `
create table if not exists listing_report_cases (
  id serial primary key,
  listing_id integer not null references listings(id) on delete cascade,
  status text not null default 'open' check (status in ('open','dismissed','hidden')),
  opened_at timestamptz not null default now(),
  decided_by integer references users(id) on delete set null,
  decided_at timestamptz,
  decision_reason text
);
create unique index if not exists listing_report_cases_one_open on listing_report_cases (listing_id) where status = 'open';
create index if not exists listing_report_cases_status on listing_report_cases (status, opened_at);

create table if not exists listing_reports (
  id serial primary key,
  case_id integer not null references listing_report_cases(id) on delete cascade,
  listing_id integer not null references listings(id) on delete cascade,
  reporter_user_id integer references users(id) on delete set null,
  reporter_key text not null,
  reason text not null check (reason in ('scam','wrong_details','unavailable','duplicate','offensive','other')),
  details text,
  created_at timestamptz not null default now()
);
create unique index if not exists listing_reports_user_once on listing_reports (listing_id, reporter_user_id) where reporter_user_id is not null;
create index if not exists listing_reports_case on listing_reports (case_id, reporter_key);

create table if not exists admin_actions (
  id serial primary key,
  admin_id integer references users(id) on delete set null,
  action text not null check (action in ('approve','reject','hide','dismiss','block','unblock')),
  listing_id integer references listings(id) on delete cascade,
  user_id integer references users(id) on delete cascade,
  reason text,
  created_at timestamptz not null default now()
);
create index if not exists admin_actions_listing on admin_actions (listing_id, created_at) where listing_id is not null;
create index if not exists admin_actions_user on admin_actions (user_id, created_at) where user_id is not null;

alter table users add column if not exists blocked_at timestamptz;
`;
