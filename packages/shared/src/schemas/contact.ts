import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { PHONE_RE, text } from './common.js';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const trimOrUndef = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v ?? undefined);

/**
 * POST /contact/platform (spec §5: checks in order name, message, email-or-phone, email shape).
 * The order matters: the first failing rule's message is the one a person sees.
 */
export const platformContactBody = z
  .object({
    sender_name: z.preprocess(trimOrUndef, text(LIMITS.nameMax * 2).optional()),
    message: z.preprocess(trimOrUndef, text(LIMITS.messageMax, { multiline: true }).optional()),
    sender_email: z.preprocess(trimOrUndef, text(LIMITS.emailMax).optional()),
    sender_phone: z.preprocess(trimOrUndef, text(40).optional()),
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
  });
export type PlatformContactBody = z.infer<typeof platformContactBody>;

/** POST /contact/listing/{id} (spec §5: full name, email, message of at least 10 characters). */
export const listingContactBody = z
  .object({
    sender_name: z.preprocess(trimOrUndef, text(LIMITS.nameMax * 2).optional()),
    sender_email: z.preprocess(trimOrUndef, text(LIMITS.emailMax).optional()),
    message: z.preprocess(trimOrUndef, text(LIMITS.messageMax, { multiline: true }).optional()),
    sender_phone: z.preprocess(trimOrUndef, text(40).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.sender_name) return void ctx.addIssue({ code: 'custom', message: MESSAGES.fullNameRequired, path: ['sender_name'] });
    if (!v.sender_email) return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailRequired, path: ['sender_email'] });
    if (!EMAIL_RE.test(v.sender_email))
      return void ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid, path: ['sender_email'] });
    if (!v.message) return void ctx.addIssue({ code: 'custom', message: MESSAGES.messageRequired, path: ['message'] });
    if (v.message.length < LIMITS.ownerMessageMin)
      return void ctx.addIssue({ code: 'custom', message: MESSAGES.messageTooShort, path: ['message'] });
  });
export type ListingContactBody = z.infer<typeof listingContactBody>;
