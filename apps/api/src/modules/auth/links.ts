/**
 * Single-use links (e-mail verification, password reset): a random 256-bit token goes into the e-mail, and
 * only its SHA-256 is stored, so a copy of the database gives no usable link. Taking a link marks it used in
 * the same statement that finds it, so two clicks at once cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';

type Executor = Database | Transaction<DB>;
export type LinkPurpose = 'verify_email' | 'password_reset';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email: 48 * 3600_000,
  password_reset: 60 * 60_000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the user; `email` is the address it proves (verification) or the one it was sent to. */
export async function issueLink(
  db: Executor,
  p: { userId: number; purpose: LinkPurpose; email: string; sessionId?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: p.userId,
      purpose: p.purpose,
      token_hash: digest(token),
      email: p.email,
      session_id: p.sessionId ?? null,
      expires_at: new Date(Date.now() + LINK_TTL_MS[p.purpose]),
      used_at: null,
    })
    .execute();
  return token;
}

/** The token's link of this purpose, while it can be used: neither used nor expired. */
const usable = (token: string, purpose: LinkPurpose) => (eb: ExpressionBuilder<DB, 'auth_tokens'>) =>
  eb.and([eb('token_hash', '=', digest(token)), eb('purpose', '=', purpose), eb('used_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]);

/** The link's row, now marked used; undefined when unknown, already used or expired. */
export function takeLink(db: Executor, token: string, purpose: LinkPurpose) {
  return db
    .updateTable('auth_tokens')
    .set({ used_at: sql`now()` })
    .where(usable(token, purpose))
    .returning(['user_id', 'email', 'session_id'])
    .executeTakeFirst();
}

/** The link's account, if it can still be used, without using it up (the reset page asks as it opens). */
export function findLink(db: Executor, token: string, purpose: LinkPurpose) {
  return db.selectFrom('auth_tokens').select(['user_id', 'email']).where(usable(token, purpose)).executeTakeFirst();
}

/** Voids the user's open links of a purpose, or of every purpose (after a reset, every older reset link is dead). */
export async function voidLinks(db: Executor, userId: number, purpose?: LinkPurpose): Promise<void> {
  let q = db.updateTable('auth_tokens').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null);
  if (purpose) q = q.where('purpose', '=', purpose);
  await q.execute();
}
