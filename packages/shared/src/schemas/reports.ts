import { z } from 'zod';
import { ADMIN_ACTIONS, REPORT_CASE_STATUSES, REPORT_DETAILS_MAX, REPORT_REASONS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { optionalTrimmed, text } from './common.js';
import { listingRead } from './listings.js';

/**
 * Reports of listings and the admin's decisions (issue 28). A listing reported by REPORT_HOLD_REPORTERS
 * different reporters (users or addresses) leaves public view until an administrator dismisses or hides it.
 */

export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonRequired }),
  details: optionalTrimmed(REPORT_DETAILS_MAX, true),
});
export type ReportBody = z.infer<typeof reportBody>;

export const reportCreated = z.object({ id: z.number().int(), created_at: z.string() });

/** Hide: the reason is required, it is what the owner is e-mailed. */
export const hideBody = z.object(
  {
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      text(1000, { multiline: true, min: 1, minMessage: MESSAGES.hideReasonRequired, trimmed: true, error: MESSAGES.hideReasonRequired }),
    ),
  },
  { error: MESSAGES.hideReasonRequired },
);

export const reportCasesQuery = z.object({
  status: z.enum(REPORT_CASE_STATUSES).default('open'),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminAction = z.object({
  id: z.number().int(),
  action: z.enum(ADMIN_ACTIONS),
  admin_id: z.number().int().nullable(),
  admin_name: z.string().nullable(),
  listing_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAction = z.infer<typeof adminAction>;

export const reportCase = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_CASE_STATUSES),
  opened_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** The listing as an administrator reads it (owner's e-mail included). */
  listing: listingRead,
  /** The listing's owner is blocked (their listings are withheld as 'blocked'). */
  owner_blocked: z.boolean(),
  /** Distinct reporters (users and addresses) of this case. */
  reporters: z.number().int(),
  /** How many reports gave each reason. */
  reasons: z.record(z.enum(REPORT_REASONS), z.number().int()),
  /** The reports, newest first; `signed_in` tells a user's report from an anonymous visitor's. */
  reports: z.array(z.object({ id: z.number().int(), reason: z.enum(REPORT_REASONS), details: z.string().nullable(), signed_in: z.boolean(), created_at: z.string() })),
  /** The administrators' actions on the listing, newest first. */
  actions: z.array(adminAction),
});
export type ReportCase = z.infer<typeof reportCase>;
export const reportCaseList = z.object({ items: z.array(reportCase), total: z.number().int() });
export type ReportCaseList = z.infer<typeof reportCaseList>;
