import { z } from 'zod';
import { parseLocalizedNumber, toWesternDigits } from '../arabic.js';
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

/**
 * At least `min` characters once trimmed: the text between the first and the last non-space character. For a
 * field the server trims, this (not minLength) is what the OpenAPI document must say, since "  " is two
 * characters the server refuses as empty.
 */
export const nonBlank = (min = 1) => new RegExp(min <= 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`);

/**
 * A string of at most `max` characters that follows the text rule (one line unless `multiline`). With `trimmed`
 * (a field the server trims before checking), `min` counts the trimmed text, and the pattern says so.
 */
export const text = (max: number, opts: { multiline?: boolean; min?: number; minMessage?: string; error?: string; trimmed?: boolean } = {}) => {
  let s = opts.error ? z.string({ error: opts.error }) : z.string();
  // abort: a text that is too short gets one message (the pattern below would repeat it)
  if (opts.min) s = s.min(opts.min, opts.minMessage || opts.trimmed ? { message: opts.minMessage, abort: true } : undefined);
  s = s.max(max).regex(opts.multiline ? MULTI_LINE_RE : ONE_LINE_RE, MESSAGES.invalidCharacters);
  // Never fails once the server has trimmed the text and checked `min`: it is there for the document.
  if (opts.trimmed && opts.min) s = s.regex(nonBlank(opts.min), opts.minMessage);
  return s.refine((v) => !LONE_SURROGATE_RE.test(v), MESSAGES.invalidCharacters);
};

/**
 * What a refinement enforces, as JSON Schema keywords (`required`, `anyOf`, `allOf` of patterns...): the OpenAPI
 * document cannot read a function, and a client generated from it must know every rule. The runtime check stays
 * the refinement (its order and messages are the spec's); the contract test (apps/api/test/contract.test.ts)
 * sends requests generated from the document, so the two cannot drift apart unseen.
 */
export const documented = <T extends z.ZodType>(schema: T, keywords: Record<string, unknown>): T => schema.meta(keywords);

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

/**
 * Optional plus sign followed by 7 to 25 digits, spaces, hyphens or brackets (spec §5): a space, not any white space.
 * Checked on the trimmed value, which neither starts nor ends with a space: written so, the pattern says the same of
 * a value as it is sent (the OpenAPI document's), refusing the spaces-only "       " the server trims to nothing.
 */
export const PHONE_RE = /^(?:\+[\d \-()]{6,24}|[\d\-()][\d \-()]{5,23})[\d\-()]$/;
/** A phone as typed: trimmed, Arabic-Indic and Persian digits read as 0-9 (DESIGN §5: either digit set). */
export const phoneInput = (v: unknown) => (typeof v === 'string' ? toWesternDigits(v.trim()) : v);
export const phoneSchema = z.preprocess(phoneInput, z.string().regex(PHONE_RE, MESSAGES.phoneInvalid));

const localizedNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  const n = parseLocalizedNumber(v as string | number);
  return Number.isNaN(n) ? v : n;
};

/**
 * An integer from `min` to `max` in a body or query: accepts numbers, numeric strings and Arabic-Indic digits. The
 * bounds are on the schema the conversion feeds (not on a later pipe), so the OpenAPI document shows them.
 */
export const looseInt = (min: number, max: number) => z.preprocess(localizedNumber, z.number().int().min(min).max(max));

/** A number from `min` to `max`, read as looseInt reads it. */
export const looseNumber = (min: number, max: number) => z.preprocess(localizedNumber, z.number().min(min).max(max));

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const paginationQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Every error but a failed validation: `{"detail": "message"}` (DESIGN §4). */
export const errorDetail = z.object({ detail: z.string() });

/** One failed rule of a 422: where (body, querystring or params, then the path to the field), the message, the rule. */
export const validationIssue = z.object({ loc: z.array(z.string()), msg: z.string(), type: z.string() });

/**
 * 422: a list of failed rules when the request breaks its schema (DESIGN §4); a message when it breaks a rule
 * about stored data (a district outside its governorate, an upload without a file).
 */
export const validationError = z.object({ detail: z.union([z.array(validationIssue).min(1), z.string()]) });

/** A 204's schema: no body. The OpenAPI document then declares no content. */
export const noContent = (description: string) => z.undefined().describe(description);

export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
