import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { PHONE_RE, documented, nonBlank, phoneInput, text } from './common.js';

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
 * POST /contact/platform (spec §5: checks in order name, message, email-or-phone, email shape).
 * The order matters: the first failing rule's message is the one a person sees.
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
      if (!v.sender_name) return void ctx.addIssue({ code: 'custom', message: MESSAGES.nameRequired, path: ['sender_name'] });
      if (!v.message) return void ctx.addIssue({ code: 'custom', message: MESSAGES.messageRequired, path: ['message'] });
      if (!v.sender_email && !v.sender_phone)
        return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailOrPhoneRequired, path: ['sender_email'] });
      if (v.sender_email && !EMAIL_RE.test(v.sender_email))
        return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid, path: ['sender_email'] });
      if (v.sender_phone && !PHONE_RE.test(v.sender_phone))
        return void ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid, path: ['sender_phone'] });
    }),
  { required: ['sender_name', 'message'], anyOf: [{ required: ['sender_email'] }, { required: ['sender_phone'] }] },
);
export type PlatformContactBody = z.infer<typeof platformContactBody>;

/** POST /contact/listing/{id} (spec §5: full name, email, message of at least 10 characters). */
export const listingContactBody = documented(
  z
    .object({
      sender_name: field(text(LIMITS.nameMax * 2), nonBlank()),
      sender_email: field(text(LIMITS.emailMax), EMAIL_RE),
      message: field(text(LIMITS.messageMax, { multiline: true }), nonBlank(LIMITS.ownerMessageMin)),
      sender_phone: phoneField(text(40)),
    })
    .superRefine((v, ctx) => {
      if (!v.sender_name) return void ctx.addIssue({ code: 'custom', message: MESSAGES.fullNameRequired, path: ['sender_name'] });
      if (!v.sender_email) return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailRequired, path: ['sender_email'] });
      if (!EMAIL_RE.test(v.sender_email))
        return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid, path: ['sender_email'] });
      if (!v.message) return void ctx.addIssue({ code: 'custom', message: MESSAGES.messageRequired, path: ['message'] });
      if (v.message.length < LIMITS.ownerMessageMin)
        return void ctx.addIssue({ code: 'custom', message: MESSAGES.messageTooShort, path: ['message'] });
    }),
  { required: ['sender_name', 'sender_email', 'message'] },
);
export type ListingContactBody = z.infer<typeof listingContactBody>;
