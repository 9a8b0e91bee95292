import { z } from 'zod';
import { parseLocalizedNumber } from '../arabic.js';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';

/** Trim strings; treat "" as absent (spec §5: empty values dropped and values trimmed). */
export const trimmed = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max));

export const optionalTrimmed = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v),
    z.string().max(max).optional(),
  );

/** Nullable text: "" and null both become null. */
export const nullableTrimmed = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v === undefined ? undefined : v),
    z.string().max(max).nullable().optional(),
  );

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: MESSAGES.emailRequired })
    // abort: an empty e-mail gets one message, not "required" and "invalid" together
    .min(1, { message: MESSAGES.emailRequired, abort: true })
    .max(LIMITS.emailMax, { message: MESSAGES.emailInvalid, abort: true })
    .regex(EMAIL_RE, MESSAGES.emailInvalid),
);

/** Optional plus sign followed by 7 to 25 digits, spaces, hyphens or brackets (spec §5). */
export const PHONE_RE = /^\+?[\d\s\-()]{7,25}$/;
export const phoneSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string().regex(PHONE_RE, MESSAGES.phoneInvalid),
);

/** Integer query/body values: accepts numbers, numeric strings and Arabic-Indic digits. */
export const looseInt = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  const n = parseLocalizedNumber(v as string | number);
  return Number.isNaN(n) ? v : n;
}, z.number().int());

export const looseNumber = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  const n = parseLocalizedNumber(v as string | number);
  return Number.isNaN(n) ? v : n;
}, z.number().finite());

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const paginationQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const errorDetail = z.object({ detail: z.unknown() });

export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
