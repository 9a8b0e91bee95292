/**
 * Contact messages: stored first, then e-mailed through the outbox in the same transaction, so a message
 * is never lost when mail delivery is down (DESIGN §4).
 */
import { sql } from 'kysely';
import {
  MESSAGES,
  type ClickChannel,
  type ListingContactBody,
  type ListingMessageList,
  type MarkMessagesReadResult,
  type PlatformContactBody,
} from '@manzil/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { runOnce } from '../../lib/idempotency.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isPublic } from '../listings/read.js';
import { enqueueMail } from '../mail/outbox.js';
import { listingMessageMail, platformMessageMail } from '../mail/templates.js';

export interface SenderContext {
  userId: number | null;
  ip: string | null;
  /** Where links in e-mails point: app.deps.publicUrl() (PUBLIC_URL, else http://localhost:PORT), never the Host header. */
  baseUrl: string;
  /** The request's Idempotency-Key (issue 30), if it sent one: the message is then sent once per key. */
  idempotencyKey?: string | null;
}

export interface StoredMessage {
  id: number;
  created_at: string;
}

/** What a send answers: 201 with the stored message, or the first answer again for a key already used. */
export interface SendResult {
  status: number;
  body: StoredMessage;
  /** The answer of an earlier request with the same Idempotency-Key: nothing was stored or sent this time. */
  replayed: boolean;
}

/** Where platform messages go: PLATFORM_INBOX, else the first administrator's e-mail. */
export async function platformInbox(db: Database, config: Pick<Config, 'PLATFORM_INBOX'>): Promise<string | null> {
  if (config.PLATFORM_INBOX) return config.PLATFORM_INBOX;
  const admin = await db.selectFrom('users').select('email').where('role', '=', 'ADMIN').orderBy('id').limit(1).executeTakeFirst();
  return admin?.email ?? null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export async function sendPlatformMessage(
  db: Database,
  config: Config,
  body: PlatformContactBody,
  ctx: SenderContext,
  log: { warn: (m: string) => void },
): Promise<SendResult> {
  const to = await platformInbox(db, config);
  const once = ctx.idempotencyKey ? { endpoint: 'POST /contact/platform', userId: ctx.userId, key: ctx.idempotencyKey, body } : null;
  return runOnce(db, once, async (trx) => {
    const msg = await trx
      .insertInto('contact_messages')
      .values({
        kind: 'platform',
        listing_id: null,
        recipient_user_id: null,
        sender_user_id: ctx.userId,
        sender_name: body.sender_name!,
        sender_email: body.sender_email ?? null,
        sender_phone: body.sender_phone ?? null,
        message: body.message!,
        sender_ip: ctx.ip,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    if (to) {
      await enqueueMail(trx, {
        to,
        replyTo: body.sender_email ? { name: body.sender_name!, address: body.sender_email } : null,
        contactMessageId: msg.id,
        ...platformMessageMail({
          sender: { name: body.sender_name!, email: body.sender_email, phone: body.sender_phone },
          message: body.message!,
        }),
      });
    } else {
      // Still stored: an administrator can read it from contact_messages once one exists.
      log.warn(`contact message #${msg.id}: no PLATFORM_INBOX and no administrator to e-mail it to`);
    }
    return { status: 201, body: { id: msg.id, created_at: iso(msg.created_at) } };
  });
}

export async function sendListingMessage(
  db: Database,
  listingId: number,
  body: ListingContactBody,
  ctx: SenderContext,
): Promise<SendResult> {
  const once = ctx.idempotencyKey ? { endpoint: `POST /contact/listing/${listingId}`, userId: ctx.userId, key: ctx.idempotencyKey, body } : null;
  return runOnce(db, once, async (trx) => {
    const listing = await trx
      .selectFrom('listings as l')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .select(['l.id', 'l.owner_id', 'l.title_en', 'l.title_ar', 'l.owner_lang', 'u.email as owner_email'])
      .where('l.id', '=', listingId)
      .where(isPublic) // users has no status/is_active, so the bare names are the listing's
      .executeTakeFirst();
    if (!listing) throw notFound(MESSAGES.propertyNotFound);
    if (ctx.userId != null && ctx.userId === listing.owner_id) throw forbidden(MESSAGES.ownListing);
    const msg = await trx
      .insertInto('contact_messages')
      .values({
        kind: 'listing',
        listing_id: listing.id,
        recipient_user_id: listing.owner_id,
        sender_user_id: ctx.userId,
        sender_name: body.sender_name!,
        sender_email: body.sender_email!,
        sender_phone: body.sender_phone ?? null,
        message: body.message!,
        sender_ip: ctx.ip,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('listings').set({ inquiries: sql`inquiries + 1` }).where('id', '=', listing.id).execute();
    await enqueueMail(trx, {
      to: listing.owner_email,
      replyTo: { name: body.sender_name!, address: body.sender_email! },
      contactMessageId: msg.id,
      recipientUserId: listing.owner_id,
      ...listingMessageMail(
        {
          listingId: listing.id,
          titleAr: listing.title_ar,
          titleEn: listing.title_en,
          url: `${ctx.baseUrl}/property-details/${listing.id}`,
          sender: { name: body.sender_name!, email: body.sender_email, phone: body.sender_phone },
          message: body.message!,
        },
        // The owner's language first (the one they last used on this listing, as the expiry reminder), not the visitor's.
        listing.owner_lang,
      ),
    });
    return { status: 201, body: { id: msg.id, created_at: iso(msg.created_at) } };
  });
}

/**
 * The listing's messages are its owner's alone: 404 when there is no such listing, 403 for anyone else, an
 * administrator included. Moderation needs the listing, not what visitors wrote to its owner (their names,
 * addresses and phones), so nothing here widens who reads them.
 */
async function assertOwnListing(db: Database, user: AuthUser, listingId: number): Promise<void> {
  const listing = await db.selectFrom('listings').select('owner_id').where('id', '=', listingId).executeTakeFirst();
  if (!listing) throw notFound(MESSAGES.propertyNotFound);
  if (listing.owner_id !== user.id) throw forbidden(MESSAGES.notAuthorized);
}

/** How many messages and how many unread of the listing's messages (a statement on its own or in a page's). */
const totalAndUnread = [sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where read_at is null))::int`.as('unread')] as const;

/**
 * GET /listings/{id}/messages: a page of the listing's messages, newest first, with the listing's totals.
 * Only reads: whether a message is unread changes through markListingMessagesRead, never here.
 */
export async function listingMessages(db: Database, user: AuthUser, listingId: number, skip: number, limit: number): Promise<ListingMessageList> {
  await assertOwnListing(db, user, listingId);
  // recipient_user_id as well: a listing never changes hands, but a message is only ever its recipient's.
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .select(['id', 'sender_name', 'sender_email', 'sender_phone', 'message', 'created_at', 'read_at'])
      .where('listing_id', '=', listingId)
      .where('recipient_user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(skip)
      .limit(limit)
      .execute(),
    db
      .selectFrom('contact_messages')
      .select(totalAndUnread)
      .where('listing_id', '=', listingId)
      .where('recipient_user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      sender_name: r.sender_name,
      sender_email: r.sender_email,
      sender_phone: r.sender_phone,
      message: r.message,
      created_at: iso(r.created_at),
      unread: r.read_at == null,
    })),
    total: Number(counts.total),
    unread: Number(counts.unread),
  };
}

/**
 * POST /listings/{id}/messages/read: marks these of the listing's messages read (ids of other listings' or
 * already read messages change nothing), and answers how many are still unread.
 */
export async function markListingMessagesRead(db: Database, user: AuthUser, listingId: number, ids: number[]): Promise<MarkMessagesReadResult> {
  await assertOwnListing(db, user, listingId);
  const updated = await db
    .updateTable('contact_messages')
    .set({ read_at: sql`now()` })
    .where('listing_id', '=', listingId)
    .where('recipient_user_id', '=', user.id)
    .where('id', 'in', [...new Set(ids)])
    .where('read_at', 'is', null)
    .executeTakeFirst();
  const left = await db
    .selectFrom('contact_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('listing_id', '=', listingId)
    .where('recipient_user_id', '=', user.id)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { marked: Number(updated.numUpdatedRows), unread_messages: Number(left.n) };
}

/**
 * Messages and unread messages per listing of this owner, for a page of their listings in one statement
 * (my-listings), so /my-properties shows every card's counts without a request per listing.
 */
export async function messageCounts(db: Database, ownerId: number, listingIds: number[]): Promise<Map<number, { total: number; unread: number }>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contact_messages')
    .select('listing_id')
    .select(totalAndUnread)
    .where('listing_id', 'in', listingIds)
    .where('recipient_user_id', '=', ownerId)
    .groupBy('listing_id')
    .execute();
  return new Map(rows.map((r) => [r.listing_id!, { total: Number(r.total), unread: Number(r.unread) }]));
}

/**
 * A visitor opened a public listing's Call or WhatsApp link (issue 28): one more on its counter. One statement
 * that also checks the listing is public (404 otherwise); the listing's own row is not touched (migration 025).
 */
export async function countContactClick(db: Database, listingId: number, channel: ClickChannel): Promise<void> {
  const r = await sql`
    insert into listing_contact_clicks (listing_id, channel, clicks)
    select id, ${channel}, 1 from listings where id = ${listingId} and ${isPublic}
    on conflict (listing_id, channel) do update set clicks = listing_contact_clicks.clicks + 1`.execute(db);
  if (Number(r.numAffectedRows ?? 0) === 0) throw notFound();
}

/** Clicks per channel and favourites of a page of an owner's listings, in one statement (/my-properties). */
export async function engagementCounts(db: Database, listingIds: number[]): Promise<Map<number, { call: number; whatsapp: number; favorites: number }>> {
  if (listingIds.length === 0) return new Map();
  const r = await sql<{ id: number; call: number; whatsapp: number; favorites: number }>`
    select p.id,
      coalesce((select clicks from listing_contact_clicks c where c.listing_id = p.id and c.channel = 'call'), 0) as call,
      coalesce((select clicks from listing_contact_clicks c where c.listing_id = p.id and c.channel = 'whatsapp'), 0) as whatsapp,
      (select count(*) from favorites f where f.listing_id = p.id)::int as favorites
    from unnest(${listingIds}::int[]) p(id)`.execute(db);
  return new Map(r.rows.map((x) => [x.id, { call: Number(x.call), whatsapp: Number(x.whatsapp), favorites: Number(x.favorites) }]));
}
