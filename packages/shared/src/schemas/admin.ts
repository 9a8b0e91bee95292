import { z } from 'zod';
import { LISTING_STATUSES } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { text } from './common.js';

export const adminStats = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  total: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminListingsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(LISTING_STATUSES).optional(),
});

/** Approve: the spec's client sends no body; an empty object or null mean the same (a reason is ignored). */
export const approveBody = z
  .object({ reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(1000, { multiline: true }).optional()) })
  .nullish()
  .transform((v) => v ?? {});

/**
 * Reject: a reason is required (issue 25; the spec sent no body), so the owner always learns what to fix. The
 * admin's screen offers common reasons in both languages; whatever is sent is what the owner reads.
 */
export const rejectBody = z.object(
  {
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      text(1000, { multiline: true, min: 1, minMessage: MESSAGES.rejectReasonRequired, trimmed: true, error: MESSAGES.rejectReasonRequired }),
    ),
  },
  { error: MESSAGES.rejectReasonRequired },
);

export const moderationEvent = z.object({
  id: z.number().int(),
  action: z.enum(['approve', 'reject', 'resubmit']),
  reason: z.string().nullable(),
  admin_id: z.number().int().nullable(),
  admin_name: z.string().nullable(),
  created_at: z.string(),
});

/** GET /admin/users (issue 28): find a user by e-mail or name to block or unblock them. */
export const adminUsersQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(100).optional()),
  status: z.enum(['active', 'blocked']).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  email_verified: z.boolean(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  listings_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;
