import { z } from 'zod';
import { parseLocalizedNumber } from '../arabic.js';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';

/**
 * One rule for text (issue 21): no NUL or other control character, and no half of a surrogate pair, in any text
 * a client sends. A one-line field refuses line breaks and tabs too; a field of several lines (descriptions,
 * messages, reasons) takes tab, line feed and carriage return. As `pattern`s, the OpenAPI document says the same.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const ONE_LINE_RE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const MULTI_LINE_RE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string of at most `max` characters that follows the text rule (one line unless `multiline`). */
export const text = (max: number, opts: { multiline?: boolean; min?: number; minMessage?: string; error?: string } = {}) => {
  let s = opts.error ? z.string({ error: opts.error }) : z.string();
  if (opts.min) s = s.min(opts.min, opts.minMessage ? { message: opts.minMessage, abort: true } : undefined);
  return s
    .max(max)
    .regex(opts.multiline ? MULTI_LINE_RE : ONE_LINE_RE, MESSAGES.invalidCharacters)
    .refine((v) => !LONE_SURROGATE_RE.test(v), MESSAGES.invalidCharacters);
};

/** Trim strings; treat "" as absent (spec §5: empty values dropped and values trimmed). */
export const trimmed = (max: number, multiline = false) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), text(max, { multiline }));

export const optionalTrimmed = (max: number, multiline = false) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v),
    text(max, { multiline }).optional(),
  );

/** Nullable text: "" and null both become null. */
export const nullableTrimmed = (max: number, multiline = false) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v === undefined ? undefined : v),
    text(max, { multiline }).nullable().optional(),
  );

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: MESSAGES.emailRequired })
    // abort: an empty e-mail gets one message, not "required" and "invalid" together
    .min(1, { message: MESSAGES.emailRequired, abort: true })
    .max(LIMITS.emailMax, { message: MESSAGES.emailInvalid, abort: true })
    .regex(ONE_LINE_RE, { message: MESSAGES.invalidCharacters, abort: true })
    .regex(EMAIL_RE, MESSAGES.emailInvalid),
);

/** Optional plus sign followed by 7 to 25 digits, spaces, hyphens or brackets (spec §5): a space, not any white space. */
export const PHONE_RE = /^\+?[\d \-()]{7,25}$/;
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
