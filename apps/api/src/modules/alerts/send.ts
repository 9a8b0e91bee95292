/**
 * Sending alerts (issue 27): the matches no mail has carried yet (notified_at null) become mails in the outbox,
 * one per saved search: at once for `instant` searches, at the digest hour for `daily` and `weekly` ones.
 *
 * One mail per search, not per user: each search has its own name, schedule and List-Unsubscribe link, and a
 * one-click unsubscribe must turn off exactly the search the mail was about.
 *
 * The matches are locked (`for update skip locked`) in the transaction that writes their mail to the outbox and
 * sets their notified_at, so two servers never mail the same match and a crash before the commit leaves them
 * to be mailed again. Only listings the public can still see go out; a match of a listing hidden meanwhile
 * waits (it goes out if the listing comes back). Only verified addresses get alerts: an account registered
 * with someone else's address must not be a way to mail them; matches wait until the address is verified.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { readListings } from '../listings/read.js';
import { enqueueMails, type OutboxMail } from '../mail/outbox.js';
import { alertMail, type AlertKind, type Lang } from './templates.js';
import { unsubscribeUrl } from './token.js';

/** At most this many listings in one mail; the rest are counted ("and 12 more"). */
export const MAX_LISTINGS_PER_MAIL = 20;

export interface SendContext {
  db: Database;
  storage: Storage;
  secret: string;
  publicUrl: () => string;
}

interface DueRow {
  saved_search_id: number;
  listing_id: number;
  name: string;
  lang: Lang;
  user_id: number;
  email: string;
}

/**
 * Mails the due matches of `kind` searches (matched at or before `before`, for a digest; of `searchIds` only,
 * when given), up to `batch` matches per call; returns the number of mails written.
 */
export async function sendDue(ctx: SendContext, kind: AlertKind, opts: { before?: Date; batch?: number; searchIds?: number[] } = {}): Promise<number> {
  const batch = opts.batch ?? 500;
  return ctx.db.transaction().execute(async (trx) => {
    const due = await sql<DueRow>`
      select m.saved_search_id, m.listing_id, s.name, s.lang, s.user_id, u.email
      from saved_search_matches m
      join saved_searches s on s.id = m.saved_search_id
      join users u on u.id = s.user_id
      join listings l on l.id = m.listing_id
      where m.notified_at is null and s.frequency = ${kind} and u.email_verified
        and l.status = 'approved' and l.is_active and l.withheld = '{}'
        ${opts.before ? sql`and m.matched_at <= ${opts.before}` : sql``}
        ${opts.searchIds ? sql`and m.saved_search_id = any(${opts.searchIds}::int[])` : sql``}
      -- The order of saved_search_matches_due_idx, so a batch can be read off it without sorting every due match.
      order by m.saved_search_id, m.matched_at
      limit ${batch}
      for update of m skip locked`.execute(trx);
    if (due.rows.length === 0) return 0;
    const bySearch = new Map<number, DueRow[]>();
    for (const r of due.rows) {
      const list = bySearch.get(r.saved_search_id);
      if (list) list.push(r);
      else bySearch.set(r.saved_search_id, [r]);
    }
    const shown = [...bySearch.values()].flatMap((rows) => rows.slice(0, MAX_LISTINGS_PER_MAIL).map((r) => r.listing_id));
    const listings = new Map((await readListings(trx, ctx.storage, [...new Set(shown)])).map((l) => [l.id, l]));
    const baseUrl = ctx.publicUrl();
    const mails: OutboxMail[] = [];
    for (const [searchId, rows] of bySearch) {
      const first = rows[0]!;
      const unsubscribe = unsubscribeUrl(baseUrl, ctx.secret, searchId);
      const content = alertMail({
        lang: first.lang,
        kind,
        searchName: first.name,
        listings: rows.slice(0, MAX_LISTINGS_PER_MAIL).map((r) => listings.get(r.listing_id)!).filter(Boolean),
        more: Math.max(0, rows.length - MAX_LISTINGS_PER_MAIL),
        baseUrl,
        unsubscribeUrl: unsubscribe,
      });
      mails.push({
        to: first.email,
        recipientUserId: first.user_id,
        ...content,
        // RFC 2369 and RFC 8058: mail clients offer "unsubscribe" and POST to the URL without opening it.
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    await enqueueMails(trx, mails);
    await sql`
      update saved_search_matches m set notified_at = now()
      from unnest(${due.rows.map((r) => r.saved_search_id)}::int[], ${due.rows.map((r) => r.listing_id)}::int[]) as d(s, l)
      where m.saved_search_id = d.s and m.listing_id = d.l`.execute(trx);
    return bySearch.size;
  });
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Asia/Aden is UTC+3 all year: Yemen keeps no daylight saving time. */
export const ADEN_OFFSET_MS = 3 * 3600_000;

/**
 * The latest digest time at or before `now`: today's (Asia/Aden) `hour`, or yesterday's if that is still to
 * come; for weekly, the latest such time on `weekday`. Matches up to it are due; later ones wait for the next.
 * A server that was down at the hour sends the digest when it is back.
 */
export function lastDigestTime(now: Date, hour: number, weekly?: Weekday): Date {
  const local = new Date(now.getTime() + ADEN_OFFSET_MS);
  const at = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour));
  if (at.getTime() > local.getTime()) at.setUTCDate(at.getUTCDate() - 1);
  if (weekly) {
    const want = WEEKDAYS.indexOf(weekly);
    while (at.getUTCDay() !== want) at.setUTCDate(at.getUTCDate() - 1);
  }
  return new Date(at.getTime() - ADEN_OFFSET_MS);
}
