/**
 * The record of administrators' actions (issue 28, migration 024): approve, reject, hide, dismiss, block and
 * unblock, with who and when, written in the transaction of the action itself and shown on the listing in the
 * admin's views.
 */
import type { AdminAction, AdminActionKind } from '@manzil/shared';
import type { Database } from '../../db/client.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A person's name as the admin screens show it: full name, else first and last, else the e-mail's local part. */
export const displayName = (u: { full_name: string | null; first_name: string | null; last_name: string | null; email: string | null }) =>
  u.full_name || `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || u.email?.split('@')[0] || null;

export async function recordAction(
  db: Database,
  a: { adminId: number; action: AdminActionKind; listingId?: number | null; userId?: number | null; reason?: string | null },
): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({ admin_id: a.adminId, action: a.action, listing_id: a.listingId ?? null, user_id: a.userId ?? null, reason: a.reason ?? null })
    .execute();
}

/** The actions on several listings in one query, newest first, with the administrator's name. */
export async function actionsOf(db: Database, listingIds: number[]): Promise<Map<number, AdminAction[]>> {
  const out = new Map<number, AdminAction[]>();
  if (listingIds.length === 0) return out;
  const rows = await db
    .selectFrom('admin_actions as a')
    .leftJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.id', 'a.action', 'a.admin_id', 'a.listing_id', 'a.user_id', 'a.reason', 'a.created_at', 'u.full_name', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.listing_id', 'in', listingIds)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  for (const r of rows) {
    const list = out.get(r.listing_id!) ?? [];
    list.push({
      id: r.id,
      action: r.action,
      admin_id: r.admin_id,
      admin_name: displayName(r),
      listing_id: r.listing_id,
      user_id: r.user_id,
      reason: r.reason,
      created_at: iso(r.created_at),
    });
    out.set(r.listing_id!, list);
  }
  return out;
}
