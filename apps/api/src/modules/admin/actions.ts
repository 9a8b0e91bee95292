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

/**
 * The actions on several listings in one query, newest first, with the administrator's name: each listing's own
 * (approve, reject, hide, dismiss) and its owner's (block, unblock), which concern every listing they have.
 */
export async function actionsOf(db: Database, listings: { id: number; owner_id: number }[]): Promise<Map<number, AdminAction[]>> {
  const out = new Map<number, AdminAction[]>();
  if (listings.length === 0) return out;
  const listingIds = listings.map((l) => l.id);
  const ownerIds = [...new Set(listings.map((l) => l.owner_id))];
  const rows = await db
    .selectFrom('admin_actions as a')
    .leftJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.id', 'a.action', 'a.admin_id', 'a.listing_id', 'a.user_id', 'a.reason', 'a.created_at', 'u.full_name', 'u.first_name', 'u.last_name', 'u.email'])
    .where((eb) => eb.or([eb('a.listing_id', 'in', listingIds), eb.and([eb('a.listing_id', 'is', null), eb('a.user_id', 'in', ownerIds)])]))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  for (const r of rows) {
    const action: AdminAction = {
      id: r.id,
      action: r.action,
      admin_id: r.admin_id,
      admin_name: displayName(r),
      listing_id: r.listing_id,
      user_id: r.user_id,
      reason: r.reason,
      created_at: iso(r.created_at),
    };
    const targets = r.listing_id != null ? [r.listing_id] : listings.filter((l) => l.owner_id === r.user_id).map((l) => l.id);
    for (const id of targets) out.set(id, [...(out.get(id) ?? []), action]);
  }
  return out;
}
