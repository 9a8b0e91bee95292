/**
 * Reports of listings and the administrators' decisions (issue 28).
 *
 * A report joins the listing's open case (or opens one). Reporters are told apart by `reporter_key`: the user
 * for a signed-in reporter, an HMAC of the address under the server's secret for an anonymous one (the address
 * itself is never stored; the listing is part of the MAC, so keys of one address on two listings differ). When a
 * case reaches REPORT_HOLD_REPORTERS distinct reporters, 'reported' joins listings.withheld in the same
 * transaction and the listing leaves public view until an administrator dismisses the case or hides it.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import {
  MESSAGES,
  REPORT_HOLD_REPORTERS,
  REPORT_REASONS,
  type ReportBody,
  type ReportCase,
  type ReportCaseList,
  type ReportCaseStatus,
  type ReportReason,
} from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { actionsOf, displayName, recordAction } from '../admin/actions.js';
import { isPublic, readListings, withheldChange } from '../listings/read.js';
import { enqueueMail } from '../mail/outbox.js';
import { listingHiddenMail } from '../mail/templates.js';
import { forgetSearchCounts } from '../search/service.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** An anonymous reporter's key: tells addresses apart for counting, and cannot be turned back into one. */
export function anonymousReporterKey(secret: string, listingId: number, ip: string): string {
  return `a:${createHmac('sha256', secret).update(`listing-report:${listingId}:${ip}`).digest('base64url')}`;
}

export async function reportListing(
  db: Database,
  p: { listingId: number; userId: number | null; ip: string; secret: string; body: ReportBody },
): Promise<{ id: number; created_at: string }> {
  const key = p.userId != null ? `u:${p.userId}` : anonymousReporterKey(p.secret, p.listingId, p.ip);
  let held = false;
  const out = await db.transaction().execute(async (trx) => {
    // The listing's row is locked: reports of one listing take turns, so the count of reporters is exact.
    const listing = await trx
      .selectFrom('listings')
      .select(['id', 'owner_id'])
      .where('id', '=', p.listingId)
      .where(isPublic)
      .forUpdate()
      .executeTakeFirst();
    if (!listing) throw notFound();
    if (p.userId != null && listing.owner_id === p.userId) throw forbidden(MESSAGES.ownListingReport);
    if (p.userId != null) {
      const earlier = await trx
        .selectFrom('listing_reports')
        .select('id')
        .where('listing_id', '=', p.listingId)
        .where('reporter_user_id', '=', p.userId)
        .executeTakeFirst();
      if (earlier) throw conflict(MESSAGES.alreadyReported);
    }
    const open =
      (await trx.selectFrom('listing_report_cases').select('id').where('listing_id', '=', p.listingId).where('status', '=', 'open').executeTakeFirst()) ??
      (await trx.insertInto('listing_report_cases').values({ listing_id: p.listingId }).returning('id').executeTakeFirstOrThrow());
    if (p.userId == null) {
      // One address counts once per case: a second report from it is answered as the first, not stored again.
      const same = await trx
        .selectFrom('listing_reports')
        .select(['id', 'created_at'])
        .where('case_id', '=', open.id)
        .where('reporter_key', '=', key)
        .executeTakeFirst();
      if (same) return { id: same.id, created_at: iso(same.created_at) };
    }
    const row = await trx
      .insertInto('listing_reports')
      .values({ case_id: open.id, listing_id: p.listingId, reporter_user_id: p.userId, reporter_key: key, reason: p.body.reason, details: p.body.details ?? null })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const { n } = await trx
      .selectFrom('listing_reports')
      .select(sql<number>`count(distinct reporter_key)::int`.as('n'))
      .where('case_id', '=', open.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= REPORT_HOLD_REPORTERS) {
      await trx
        .updateTable('listings')
        .set({ withheld: withheldChange({ add: ['reported'] }) })
        .where('id', '=', p.listingId)
        .execute();
      held = true;
    }
    return { id: row.id, created_at: iso(row.created_at) };
  });
  if (held) forgetSearchCounts(db);
  return out;
}

interface CaseRow {
  id: number;
  listing_id: number;
  status: ReportCaseStatus;
  opened_at: Date | string;
  decided_at: Date | string | null;
  decided_by: number | null;
  decision_reason: string | null;
  reporters: number;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

function casesQuery(db: Database) {
  return db
    .selectFrom('listing_report_cases as c')
    .leftJoin('users as u', 'u.id', 'c.decided_by')
    .select([
      'c.id', 'c.listing_id', 'c.status', 'c.opened_at', 'c.decided_at', 'c.decided_by', 'c.decision_reason',
      'u.full_name', 'u.first_name', 'u.last_name', 'u.email',
      sql<number>`(select count(distinct r.reporter_key) from listing_reports r where r.case_id = c.id)::int`.as('reporters'),
    ]);
}

/** Cases with their listing (as an administrator reads it), reports and the admin actions on the listing. */
async function complete(db: Database, storage: Storage, rows: CaseRow[]): Promise<ReportCase[]> {
  if (rows.length === 0) return [];
  const listingIds = [...new Set(rows.map((r) => r.listing_id))];
  const listings = await readListings(db, storage, listingIds, { contact: true, moderation: true });
  const ownerIds = [...new Set(listings.map((l) => l.owner_id))];
  const [reports, actions, blocked] = await Promise.all([
    db
      .selectFrom('listing_reports')
      .select(['id', 'case_id', 'reason', 'details', 'reporter_user_id', 'reporter_key', 'created_at'])
      .where('case_id', 'in', rows.map((r) => r.id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    actionsOf(db, listings),
    ownerIds.length
      ? db.selectFrom('users').select('id').where('id', 'in', ownerIds).where('blocked_at', 'is not', null).execute()
      : Promise.resolve([]),
  ]);
  const blockedOwners = new Set(blocked.map((u) => u.id));
  const byId = new Map(listings.map((l) => [l.id, l]));
  return rows
    .filter((r) => byId.has(r.listing_id))
    .map((r) => {
      const own = reports.filter((x) => x.case_id === r.id);
      const reasons = Object.fromEntries(REPORT_REASONS.map((k) => [k, 0])) as Record<ReportReason, number>;
      for (const x of own) reasons[x.reason] += 1;
      return {
        id: r.id,
        status: r.status,
        opened_at: iso(r.opened_at),
        decided_at: r.decided_at ? iso(r.decided_at) : null,
        decided_by: r.decided_by,
        decided_by_name: r.decided_by ? displayName(r) : null,
        decision_reason: r.decision_reason,
        listing: byId.get(r.listing_id)!,
        owner_blocked: blockedOwners.has(byId.get(r.listing_id)!.owner_id),
        reporters: Number(r.reporters),
        reasons,
        reports: own.map((x) => ({
          id: x.id,
          reason: x.reason,
          details: x.details,
          signed_in: x.reporter_key.startsWith('u:'),
          created_at: iso(x.created_at),
        })),
        actions: actions.get(r.listing_id) ?? [],
      };
    });
}

/** Cases of one status: open ones with the most reporters first (held listings on top), decided ones newest first. */
export async function listCases(db: Database, storage: Storage, q: { status: ReportCaseStatus; skip: number; limit: number }): Promise<ReportCaseList> {
  let page = casesQuery(db).where('c.status', '=', q.status);
  page = q.status === 'open' ? page.orderBy('reporters', 'desc').orderBy('c.opened_at', 'asc') : page.orderBy('c.decided_at', 'desc');
  const [rows, count] = await Promise.all([
    page.orderBy('c.id', 'asc').offset(q.skip).limit(q.limit).execute(),
    db.selectFrom('listing_report_cases').select(sql<number>`count(*)::int`.as('n')).where('status', '=', q.status).executeTakeFirstOrThrow(),
  ]);
  return { items: await complete(db, storage, rows as CaseRow[]), total: Number(count.n) };
}

export async function readCase(db: Database, storage: Storage, id: number): Promise<ReportCase> {
  const rows = await casesQuery(db).where('c.id', '=', id).execute();
  const [item] = await complete(db, storage, rows as CaseRow[]);
  if (!item) throw notFound();
  return item;
}

/**
 * Dismiss (the listing comes back unless withheld for another reason) or hide (it stays out of public view and
 * its owner is e-mailed the reason). Either decides an open case once; a decided case answers 409. Unhide takes
 * back a hide (a mistake, or the owner fixed what was wrong): the case reads as dismissed, 409 unless hidden.
 */
export async function decideCase(
  db: Database,
  storage: Storage,
  p: { caseId: number; adminId: number; action: 'dismiss' | 'hide' | 'unhide'; reason: string | null; baseUrl: string },
): Promise<ReportCase> {
  await db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom('listing_report_cases').select(['id', 'listing_id', 'status']).where('id', '=', p.caseId).forUpdate().executeTakeFirst();
    if (!c) throw notFound();
    if (p.action === 'unhide' ? c.status !== 'hidden' : c.status !== 'open') throw conflict(p.action === 'unhide' ? MESSAGES.reportNotHidden : MESSAGES.reportAlreadyDecided);
    await trx
      .updateTable('listing_report_cases')
      .set({ status: p.action === 'hide' ? 'hidden' : 'dismissed', decided_by: p.adminId, decided_at: sql`now()`, decision_reason: p.reason })
      .where('id', '=', c.id)
      .execute();
    const listing = await trx
      .updateTable('listings')
      .set({
        withheld:
          p.action === 'hide'
            ? withheldChange({ remove: ['reported'], add: ['hidden'] })
            : withheldChange({ remove: [p.action === 'unhide' ? 'hidden' : 'reported'] }),
      })
      .where('id', '=', c.listing_id)
      .returning(['id', 'owner_id', 'title_ar', 'title_en', 'owner_lang'])
      .executeTakeFirstOrThrow();
    await recordAction(trx, { adminId: p.adminId, action: p.action, listingId: c.listing_id, userId: listing.owner_id, reason: p.reason });
    if (p.action === 'hide') {
      const owner = await trx.selectFrom('users').select('email').where('id', '=', listing.owner_id).executeTakeFirstOrThrow();
      await enqueueMail(trx, {
        to: owner.email,
        recipientUserId: listing.owner_id,
        ...listingHiddenMail(
          { titleAr: listing.title_ar, titleEn: listing.title_en, reason: p.reason!, url: `${p.baseUrl}/my-properties` },
          // The language the owner last used on this listing (created, edited or renewed it in), as the expiry reminder.
          listing.owner_lang,
        ),
      });
    }
  });
  forgetSearchCounts(db);
  return readCase(db, storage, p.caseId);
}
