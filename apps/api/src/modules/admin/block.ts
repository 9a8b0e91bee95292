/**
 * Blocking a user (issue 28): they can no longer sign in (plugins/auth.ts refuses them a session), the sessions
 * they have end at once, and their listings leave public view ('blocked' in withheld) until they are unblocked.
 * Recorded as an admin action, and the user is e-mailed (the outbox, in the same transaction): blocked, or
 * unblocked. Blocking a blocked user (or unblocking one who is not) changes nothing and mails nothing.
 */
import { sql } from 'kysely';
import { MESSAGES } from '@manzil/shared';
import { withheldChange } from '../listings/read.js';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { accountBlockedMail, accountUnblockedMail } from '../mail/templates.js';
import { forgetSearchCounts } from '../search/service.js';
import { recordAction } from './actions.js';

export interface BlockState {
  id: number;
  blocked: boolean;
  blocked_at: string | null;
}

export async function setBlocked(db: Database, p: { userId: number; adminId: number; block: boolean; baseUrl: string }): Promise<BlockState> {
  const state = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'role', 'blocked_at', 'email']).where('id', '=', p.userId).forUpdate().executeTakeFirst();
    if (!user) throw notFound();
    // An administrator is not blocked (nor can one lock themselves or another admin out of the admin area).
    if (user.role === 'ADMIN') throw conflict(MESSAGES.cannotBlockAdmin);
    if (Boolean(user.blocked_at) === p.block) return { id: user.id, blocked: p.block, blocked_at: user.blocked_at ? new Date(user.blocked_at).toISOString() : null };
    const row = await trx
      .updateTable('users')
      .set({ blocked_at: p.block ? sql`now()` : null })
      .where('id', '=', p.userId)
      .returning('blocked_at')
      .executeTakeFirstOrThrow();
    if (p.block) await trx.deleteFrom('auth_sessions').where('user_id', '=', p.userId).execute();
    await trx
      .updateTable('listings')
      .set({ withheld: p.block ? withheldChange({ add: ['blocked'] }) : withheldChange({ remove: ['blocked'] }) })
      .where('owner_id', '=', p.userId)
      .execute();
    await recordAction(trx, { adminId: p.adminId, action: p.block ? 'block' : 'unblock', userId: p.userId });
    // In the owner's language first, as the other owner mails: the one they last used on a listing (that of
    // their latest edited one), Arabic for a user with none.
    const latest = await trx
      .selectFrom('listings')
      .select('owner_lang')
      .where('owner_id', '=', p.userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lang = latest?.owner_lang ?? 'ar';
    await enqueueMail(trx, {
      to: user.email,
      recipientUserId: user.id,
      ...(p.block
        ? accountBlockedMail({ contactUrl: `${p.baseUrl}/contact` }, lang)
        : accountUnblockedMail({ url: `${p.baseUrl}/my-properties` }, lang)),
    });
    return { id: user.id, blocked: p.block, blocked_at: row.blocked_at ? new Date(row.blocked_at).toISOString() : null };
  });
  forgetSearchCounts(db);
  return state;
}
