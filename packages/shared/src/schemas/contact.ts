import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { PHONE_RE, documented, nonBlank, paginationQuery, phoneInput, text } from './common.js';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const trimOrUndef = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v ?? undefined);
/** A phone: also read in either digit set (DESIGN §5). */
const phoneOrUndef = (v: unknown) => trimOrUndef(phoneInput(v));
/** A field of a contact form: trimmed, "" as absent; `patterns` are the rules the refinement below checks, for the document. */
const field = (schema: z.ZodType<string>, ...patterns: RegExp[]) =>
  documented(z.preprocess(trimOrUndef, schema.optional()), patterns.length ? { allOf: patterns.map((p) => ({ pattern: p.source })) } : {});
const phoneField = (schema: z.ZodType<string>, ...patterns: RegExp[]) =>
  documented(z.preprocess(phoneOrUndef, schema.optional()), patterns.length ? { allOf: patterns.map((p) => ({ pattern: p.source })) } : {});

/**
 * POST /contact/platform (spec §5: rules in order name, message, email-or-phone, email shape). Every field's
 * first failing rule is reported at once, in that order, so the visitor sees all that is missing in one go (the
 * first issue is still spec §5's first, the one shown where a single message is, as from the API's 422 list).
 */
export const platformContactBody = documented(
  z
    .object({
      sender_name: field(text(LIMITS.nameMax * 2), nonBlank()),
      message: field(text(LIMITS.messageMax, { multiline: true }), nonBlank()),
      sender_email: field(text(LIMITS.emailMax), EMAIL_RE),
      sender_phone: phoneField(text(40), PHONE_RE),
    })
    .superRefine((v, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (!v.sender_name) fail(MESSAGES.nameRequired, 'sender_name');
      if (!v.message) fail(MESSAGES.messageRequired, 'message');
      if (!v.sender_email && !v.sender_phone) fail(MESSAGES.emailOrPhoneRequired, 'sender_email');
      if (v.sender_email && !EMAIL_RE.test(v.sender_email)) fail(MESSAGES.emailInvalid, 'sender_email');
      if (v.sender_phone && !PHONE_RE.test(v.sender_phone)) fail(MESSAGES.phoneInvalid, 'sender_phone');
    }),
  { required: ['sender_name', 'message'], anyOf: [{ required: ['sender_email'] }, { required: ['sender_phone'] }] },
);
export type PlatformContactBody = z.infer<typeof platformContactBody>;

/**
 * POST /contact/listing/{id} (spec §5: full name, email, message of at least 10 characters) and an optional
 * phone (issue 25), read in either digit set. Every field's first failing rule is reported at once, in the
 * form's order, so the visitor sees all that is missing in one go (the first issue is still spec §5's first).
 */
export const listingContactBody = documented(
  z
    .object({
      sender_name: field(text(LIMITS.nameMax * 2), nonBlank()),
      sender_email: field(text(LIMITS.emailMax), EMAIL_RE),
      sender_phone: phoneField(text(40), PHONE_RE),
      message: field(text(LIMITS.messageMax, { multiline: true }), nonBlank(LIMITS.ownerMessageMin)),
    })
    .superRefine((v, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (!v.sender_name) fail(MESSAGES.fullNameRequired, 'sender_name');
      if (!v.sender_email) fail(MESSAGES.emailRequired, 'sender_email');
      else if (!EMAIL_RE.test(v.sender_email)) fail(MESSAGES.emailInvalid, 'sender_email');
      if (v.sender_phone && !PHONE_RE.test(v.sender_phone)) fail(MESSAGES.phoneInvalid, 'sender_phone');
      if (!v.message) fail(MESSAGES.messageRequired, 'message');
      else if (v.message.length < LIMITS.ownerMessageMin) fail(MESSAGES.messageTooShort, 'message');
    }),
  { required: ['sender_name', 'sender_email', 'message'] },
);
export type ListingContactBody = z.infer<typeof listingContactBody>;

/** GET /listings/{id}/messages: pages of a listing's messages (skip ≤ 1,000,000; limit 1–100, 20 by default). */
export const listingMessagesQuery = paginationQuery;

/** One message to a listing, as its owner reads it. `unread` until the owner marks it read. */
export const listingMessage = z.object({
  id: z.number().int(),
  sender_name: z.string(),
  sender_email: z.string().nullable(),
  /** As the visitor gave it, digits read as 0–9; null when none was given. */
  sender_phone: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  unread: z.boolean(),
});
export type ListingMessage = z.infer<typeof listingMessage>;

/** A page of a listing's messages, newest first; `total` and `unread` count all of the listing's messages. */
export const listingMessageList = z.object({ items: z.array(listingMessage), total: z.number().int(), unread: z.number().int() });
export type ListingMessageList = z.infer<typeof listingMessageList>;

/**
 * POST /listings/{id}/messages/read: the messages the owner has opened, by id (those on the page shown, so a
 * message that arrived since is not marked unseen). Ids of other listings' messages are ignored.
 */
export const markMessagesReadBody = z.object({
  message_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100),
});
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBody>;

/** What marking changed: how many became read, and how many of the listing's messages are still unread. */
export const markMessagesReadResult = z.object({ marked: z.number().int(), unread_messages: z.number().int() });
export type MarkMessagesReadResult = z.infer<typeof markMessagesReadResult>;

/** The links whose clicks an owner sees counted (issue 28): Call (tel:) and WhatsApp (wa.me). */
export const CLICK_CHANNELS = ['call', 'whatsapp'] as const;
export type ClickChannel = (typeof CLICK_CHANNELS)[number];

/** POST /listings/{id}/contact-clicks: a visitor opened one of the owner's contact links. */
export const contactClickBody = z.object({ channel: z.enum(CLICK_CHANNELS) }).strict();
export type ContactClickBody = z.infer<typeof contactClickBody>;

/** An Idempotency-Key: 1–255 printable ASCII characters (the web app's outbox sends a UUID). */
export const IDEMPOTENCY_KEY_MAX = 255;
const KEY_RE = /^[\x20-\x7e]{1,255}$/;
/** The IETF draft's form, a Structured Field string: "…" with \" and \\ escaped. */
const SF_STRING_RE = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key of an Idempotency-Key header value, or null when it is malformed. Both the IETF httpapi draft's
 * Structured Field string ("8e03978e-…", quotes removed) and a bare key (8e03978e-…, as most clients send it)
 * are read; either way the key is what is compared.
 */
export function readIdempotencyKey(value: string): string | null {
  const sf = SF_STRING_RE.exec(value);
  const key = sf ? sf[1]!.replace(/\\(["\\])/g, '$1') : value;
  return KEY_RE.test(key) ? key : null;
}

/**
 * The optional Idempotency-Key request header of POST /contact/platform and POST /contact/listing/{id} (issue 30).
 * A malformed key is refused with 400 (plugins/errors.ts answers a header rule with 400, not 422).
 */
export const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': documented(
    z
      .string()
      .transform((v, ctx) => {
        const key = readIdempotencyKey(v);
        if (key === null) ctx.addIssue({ code: 'custom', message: MESSAGES.idempotencyKeyInvalid });
        return key ?? '';
      })
      .optional(),
    {
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX + 2,
      pattern: '^(?:[\\x20-\\x7e]{1,255}|"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\["\\\\]){1,255}")$',
      description:
        'Makes the request safe to send again (IETF httpapi Idempotency-Key draft): 1–255 printable ASCII characters, a UUID in practice, ' +
        'bare or as a Structured Field string ("…"). The first request with a key is processed and its answer kept for at least 24 hours, ' +
        'per endpoint (and listing) and per caller (the signed-in user, else the key alone). The same key with the same body answers the ' +
        'same status and body again, with `Idempotent-Replayed: true`, and sends nothing; with another body 422; while the first is ' +
        'still being processed 409. A malformed key is 400. Without the header the request is processed as usual.',
      example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
    },
  ),
});
