/**
 * Sending alerts (issue 27): the searches a listing matched that no mail has carried yet (alert_unsent, migration
 * 039) become mails in the outbox, one per saved search: at once for `instant` searches, at the digest hour for
 * `daily` and `weekly` ones.
 *
 * One mail per search, not per user: each search has its own name, schedule and List-Unsubscribe link, and a
 * one-click unsubscribe must turn off exactly the search the mail was about.
 *
 * The unsent rows are locked (`for update skip locked`) in the transaction that writes their mails to the outbox
 * and takes the mailed searches out of them, so two servers never mail the same match and a crash before the
 * commit leaves them to be mailed again. What is not mailed now is kept under the kind its search waits for now
 * (a search switched from daily to instant waits for the next instant pass); a search deleted or turned off is
 * dropped. Only listings the public can still see go out; a match of a listing hidden meanwhile waits (it goes
 * out if the listing comes back). Only verified addresses get alerts: an account registered with someone else's
 * address must not be a way to mail them; matches wait until the address is verified.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { isPublicL, readListings } from '../listings/read.js';
import { enqueueMails, type OutboxMail } from '../mail/outbox.js';
import { arrayText, parseArray } from './match.js';
import { alertMail, type AlertKind } from './templates.js';
import { unsubscribeUrl } from './token.js';
import type { Lang } from '@manzil/shared';

/** At most this many listings in one mail; the rest are counted ("and 12 more"). */
export const MAX_LISTINGS_PER_MAIL = 20;

export interface SendContext {
  db: Database;
  storage: Storage;
  secret: string;
  publicUrl: () => string;
}

/** What an unsent row waits for: `new` rows are not yet sorted by their searches' frequencies. */
export type UnsentKind = 'new' | AlertKind;

/** An unsent row's key, the order calls go through them in. */
export interface Cursor {
  match: number;
  kind: UnsentKind;
}

export interface SendOptions {
  /** The unsent rows to look at (default: those waiting for `kind`). */
  from?: UnsentKind[];
  /** Only rows matched at or before this (a digest). */
  before?: Date;
  /** Only these rows of alert_matches (the instant mails of what was just matched). */
  matchIds?: number[];
  /** Only rows after this one (the caller's place in a pass over many). */
  after?: Cursor;
  /** Rows per call. */
  batch?: number;
}

interface UnsentRow {
  match_id: string | number;
  kind: UnsentKind;
  listing_id: number;
  search_ids: number[] | string;
  public: boolean;
}

interface SearchRow {
  id: number;
  name: string;
  lang: Lang;
  frequency: AlertKind | 'off';
  user_id: number;
  email: string;
  email_verified: boolean;
}

const ints = (v: number[] | string): number[] => (typeof v === 'string' ? parseArray(v).map(Number) : v);

/**
 * Mails the searches of `kind` waiting in a batch of unsent rows (in the order of their matches), and files away
 * what they hold for other kinds. Returns the mails written and the last row read, from which the next call goes
 * on (`after`); none means done.
 */
export async function sendDue(ctx: SendContext, kind: AlertKind, opts: SendOptions = {}): Promise<{ mails: number; last: Cursor | null }> {
  // A digest's rows in large batches: a search whose listings are split between two batches gets two mails.
  const batch = opts.batch ?? (kind === 'instant' ? 200 : 2000);
  const from = opts.from ?? [kind];
  return ctx.db.transaction().execute(async (trx) => {
    const rows = (
      await sql<UnsentRow>`
        select u.match_id, u.kind, u.listing_id, coalesce(u.search_ids, a.search_ids) as search_ids,
          ${isPublicL} as public
        from alert_unsent u join alert_matches a on a.id = u.match_id join listings l on l.id = u.listing_id
        where u.kind = any(${from}::text[])
          ${opts.before ? sql`and u.matched_at <= ${opts.before}` : sql``}
          ${opts.matchIds ? sql`and u.match_id = any(${opts.matchIds}::bigint[])` : sql``}
          ${opts.after ? sql`and (u.match_id, u.kind) > (${opts.after.match}::bigint, ${opts.after.kind}::text)` : sql``}
        order by u.match_id, u.kind
        limit ${batch}
        for update of u skip locked`.execute(trx)
    ).rows;
    if (rows.length === 0) return { mails: 0, last: null };
    const held = rows.map((r) => ints(r.search_ids));
    const ids = [...new Set(held.flat())];
    const searches = new Map(
      (
        await sql<SearchRow>`
          select s.id, s.name, s.lang, s.frequency, s.user_id, u.email, u.email_verified
          from saved_searches s join users u on u.id = s.user_id
          where s.id = any(${ids}::int[])`.execute(trx)
      ).rows.map((s) => [s.id, s]),
    );
    // Each search's listings to mail now, in the order they were matched; the rest by the kind they wait for.
    const due = new Map<number, number[]>();
    const kept: { match: number; kind: AlertKind; listing: number; ids: number[] }[] = [];
    const changed: UnsentRow[] = [];
    for (const [i, r] of rows.entries()) {
      const wait = new Map<AlertKind, number[]>();
      for (const id of held[i]!) {
        const s = searches.get(id);
        if (!s || s.frequency === 'off') continue;
        if (s.frequency === kind && s.email_verified && r.public) {
          const list = due.get(id);
          if (list) list.push(r.listing_id);
          else due.set(id, [r.listing_id]);
        } else {
          const list = wait.get(s.frequency);
          if (list) list.push(id);
          else wait.set(s.frequency, [id]);
        }
      }
      // A row whose searches all still wait for its kind (an unverified address, a hidden listing) stays as it is.
      if (wait.size === 1 && wait.get(r.kind as AlertKind)?.length === held[i]!.length) continue;
      changed.push(r);
      for (const [k, list] of wait) kept.push({ match: Number(r.match_id), kind: k, listing: r.listing_id, ids: list });
    }
    const shown = [...due.values()].flatMap((list) => list.slice(0, MAX_LISTINGS_PER_MAIL));
    const listings = new Map((await readListings(trx, ctx.storage, [...new Set(shown)])).map((l) => [l.id, l]));
    const baseUrl = ctx.publicUrl();
    const mails: OutboxMail[] = [];
    for (const [searchId, list] of due) {
      const s = searches.get(searchId)!;
      const unsubscribe = unsubscribeUrl(baseUrl, ctx.secret, searchId);
      const content = alertMail({
        lang: s.lang,
        kind,
        searchName: s.name,
        listings: list.slice(0, MAX_LISTINGS_PER_MAIL).map((id) => listings.get(id)!).filter(Boolean),
        more: Math.max(0, list.length - MAX_LISTINGS_PER_MAIL),
        baseUrl,
        unsubscribeUrl: unsubscribe,
      });
      mails.push({
        to: s.email,
        recipientUserId: s.user_id,
        ...content,
        // RFC 2369 and RFC 8058: mail clients offer "unsubscribe" and POST to the URL without opening it.
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    await enqueueMails(trx, mails);
    if (changed.length > 0) {
      await sql`
        delete from alert_unsent u using unnest(${changed.map((r) => Number(r.match_id))}::bigint[], ${changed.map((r) => r.kind)}::text[]) as d(m, k)
        where u.match_id = d.m and u.kind = d.k`.execute(trx);
    }
    if (kept.length > 0) {
      // Joins the row of that kind the match may already have (a daily search's listing waiting for its digest).
      await sql`
        insert into alert_unsent (match_id, kind, listing_id, matched_at, search_ids)
        select d.m, d.k, d.l, a.matched_at, d.s::int[]
        from unnest(${kept.map((k) => k.match)}::bigint[], ${kept.map((k) => k.kind)}::text[], ${kept.map((k) => k.listing)}::int[], ${kept.map((k) => arrayText(k.ids))}::text[]) as d(m, k, l, s)
        join alert_matches a on a.id = d.m
        on conflict (match_id, kind) do update set search_ids = array(select unnest(alert_unsent.search_ids) union select unnest(excluded.search_ids) order by 1)`.execute(trx);
    }
    const last = rows[rows.length - 1]!;
    return { mails: mails.length, last: { match: Number(last.match_id), kind: last.kind } };
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
