/**
 * The admin's list of users (issue 28): newest first, found by any part of the e-mail or name, optionally only
 * the blocked or the active ones, each with how many listings they own. One statement for the page, one for the
 * total; the search uses the trigram index of migration 033.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminUser, AdminUsersQuery } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';

/** `like` treats % and _ as wildcards: a search for "a_b" means those characters. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Database, q: AdminUsersQuery): Promise<{ items: AdminUser[]; total: number }> {
  const filter = (eb: ExpressionBuilder<DB, 'users'>) => {
    const and = [];
    if (q.q) and.push(eb(sql`lower(users.email) || ' ' || lower(users.full_name)`, 'like', likePattern(q.q)));
    if (q.status === 'blocked') and.push(eb('users.blocked_at', 'is not', null));
    if (q.status === 'active') and.push(eb('users.blocked_at', 'is', null));
    return eb.and(and);
  };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .where(filter)
      .select((eb) => [
        'users.id',
        'users.full_name',
        'users.email',
        'users.role',
        'users.email_verified',
        'users.blocked_at',
        'users.created_at',
        eb.selectFrom('listings').whereRef('listings.owner_id', '=', 'users.id').select(sql<number>`count(*)::int`.as('n')).as('listings_count'),
      ])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    db.selectFrom('users').where(filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
  return {
    total: count.n,
    items: rows.map((r) => ({
      id: r.id,
      full_name: r.full_name,
      email: r.email,
      role: r.role,
      email_verified: r.email_verified,
      blocked_at: r.blocked_at ? iso(r.blocked_at) : null,
      created_at: iso(r.created_at),
      listings_count: r.listings_count ?? 0,
    })),
  };
}
