/**
 * Moderation (spec §4): pending → approved or rejected by an administrator. Each decision is recorded in
 * moderation_events (who, when, what, why) and the owner is e-mailed through the outbox, all in one
 * transaction with the status change.
 */
import { sql } from 'kysely';
import type { AdminAction, AdminStats, ListingRead, ListingStatus } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { readListing, readListings } from '../listings/read.js';
import { forgetSearchCounts } from '../search/service.js';
import { freshExpiry } from '../listings/expiry.js';
import { enqueueMail } from '../mail/outbox.js';
import { listingApprovedMail, listingRejectedMail } from '../mail/templates.js';
import { actionsOf, recordAction } from './actions.js';

export interface ModerationEventRead {
  id: number;
  action: 'approve' | 'reject' | 'resubmit';
  reason: string | null;
  admin_id: number | null;
  admin_name: string | null;
  created_at: string;
}
export type ListingWithHistory = ListingRead & { moderation_history: ModerationEventRead[]; admin_actions: AdminAction[] };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** All four counts in one pass over the status index. */
export async function stats(db: Database): Promise<AdminStats> {
  const row = await db
    .selectFrom('listings')
    .select([
      sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'),
      sql<number>`count(*) filter (where status = 'approved')::int`.as('approved'),
      sql<number>`count(*) filter (where status = 'rejected')::int`.as('rejected'),
      sql<number>`count(*)::int`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), approved: Number(row.approved), rejected: Number(row.rejected), total: Number(row.total) };
}

/** The moderation history of several listings in one query, newest first, with the administrator's name. */
export async function historyOf(db: Database, listingIds: number[]): Promise<Map<number, ModerationEventRead[]>> {
  const out = new Map<number, ModerationEventRead[]>();
  if (listingIds.length === 0) return out;
  const rows = await db
    .selectFrom('moderation_events as e')
    .leftJoin('users as u', 'u.id', 'e.admin_id')
    .select(['e.id', 'e.listing_id', 'e.action', 'e.reason', 'e.admin_id', 'e.created_at', 'u.full_name', 'u.first_name', 'u.last_name', 'u.email'])
    .where('e.listing_id', 'in', listingIds)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  for (const r of rows) {
    const list = out.get(r.listing_id) ?? [];
    const name = r.full_name || `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.email?.split('@')[0] || null;
    list.push({ id: r.id, action: r.action, reason: r.reason, admin_id: r.admin_id, admin_name: name, created_at: iso(r.created_at) });
    out.set(r.listing_id, list);
  }
  return out;
}

async function withHistory(db: Database, listings: ListingRead[]): Promise<ListingWithHistory[]> {
  const ids = listings.map((l) => l.id);
  const [history, actions] = await Promise.all([historyOf(db, ids), actionsOf(db, listings)]);
  return listings.map((l) => ({ ...l, moderation_history: history.get(l.id) ?? [], admin_actions: actions.get(l.id) ?? [] }));
}

/** Pending listings, oldest first (first come, first reviewed). */
export async function pending(db: Database, storage: Storage, offset: number, limit: number): Promise<ListingRead[]> {
  const ids = await db
    .selectFrom('listings')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
  return readListings(db, storage, ids.map((r) => r.id), { contact: true });
}

/** Every listing, newest first, optionally of one status; each with its moderation history. */
export async function allListings(db: Database, storage: Storage, q: { offset: number; limit: number; status?: ListingStatus }) {
  let base = db.selectFrom('listings');
  if (q.status) base = base.where('status', '=', q.status);
  const [ids, count] = await Promise.all([
    base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = await withHistory(db, await readListings(db, storage, ids.map((r) => r.id), { contact: true }));
  return { items, total: Number(count.n) };
}

export async function review(db: Database, storage: Storage, id: number): Promise<ListingWithHistory> {
  const listing = await readListing(db, storage, id, { contact: true, moderation: true });
  if (!listing) throw notFound(); // generic: the message key is the same for every missing resource
  return (await withHistory(db, [listing]))[0]!;
}

/**
 * Approves or rejects a listing (from any status: an administrator may change their mind). The first
 * approval sets posted_at; an approval starts a new 90-day expiry period; rejection keeps the reason.
 */
export async function decide(
  db: Database,
  storage: Storage,
  p: { listingId: number; adminId: number; action: 'approve' | 'reject'; reason: string | null; baseUrl: string },
): Promise<ListingWithHistory> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('listings').select(['status', 'rejection_reason', 'withheld']).where('id', '=', p.listingId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    // The same decision twice (a double click, two administrators at once) changes nothing: no second mail to
    // the owner, no second record, and an approval does not restart the expiry unless the listing had expired.
    const repeated =
      p.action === 'approve'
        ? current.status === 'approved' && !current.withheld.includes('expired')
        : current.status === 'rejected' && current.rejection_reason === p.reason;
    if (repeated) return;
    const updated = await trx
      .updateTable('listings')
      .set(
        p.action === 'approve'
          ? // Published (again): a new 90-day period, back in view if it had expired (issue 28).
            { status: 'approved', rejection_reason: null, posted_at: sql`coalesce(posted_at, now())`, updated_at: sql`now()`, ...freshExpiry() }
          : { status: 'rejected', rejection_reason: p.reason, updated_at: sql`now()` },
      )
      .where('id', '=', p.listingId)
      .returning(['id', 'owner_id', 'title_en', 'title_ar', 'owner_lang'])
      .executeTakeFirstOrThrow(); // the row is locked above: it is there
    await trx
      .insertInto('moderation_events')
      .values({ listing_id: p.listingId, admin_id: p.adminId, action: p.action, reason: p.reason })
      .execute();
    await recordAction(trx, { adminId: p.adminId, action: p.action, listingId: p.listingId, userId: updated.owner_id, reason: p.reason });
    const owner = await trx.selectFrom('users').select('email').where('id', '=', updated.owner_id).executeTakeFirstOrThrow();
    const titles = { titleAr: updated.title_ar, titleEn: updated.title_en };
    // In the owner's language first: the one they last used on this listing, as the hidden and expiry mails
    // (the administrator's request says nothing about the owner's).
    const lang = updated.owner_lang;
    await enqueueMail(trx, {
      to: owner.email,
      recipientUserId: updated.owner_id,
      ...(p.action === 'approve'
        ? listingApprovedMail({ ...titles, url: `${p.baseUrl}/property-details/${updated.id}` }, lang)
        : listingRejectedMail({ ...titles, reason: p.reason, editUrl: `${p.baseUrl}/edit-property/${updated.id}` }, lang)),
    });
  });
  forgetSearchCounts(db);
  return review(db, storage, p.listingId);
}
