import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { CONTACT_METHODS, ROLES } from '../enums.js';
import { internationalDigits } from '../phone.js';
import { MESSAGES } from '../messages.js';
import { ONE_LINE_RE, PHONE_RE, documented, emailSchema, phoneInput, phoneSchema, text } from './common.js';

const password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax)
  .regex(ONE_LINE_RE, MESSAGES.invalidCharacters);

const requiredName = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text(LIMITS.nameMax, { error: message, min: 1, minMessage: message, trimmed: true }),
  );

/** POST /users/ (spec §7) */
export const registerBody = z.object({
  email: emailSchema,
  password,
  first_name: requiredName(MESSAGES.firstNameRequired),
  last_name: requiredName(MESSAGES.lastNameRequired),
  phone_number: z.preprocess(
    phoneInput,
    z
      .string({ error: MESSAGES.phoneRequired })
      .min(1, { error: MESSAGES.phoneRequired, abort: true })
      .regex(PHONE_RE, MESSAGES.phoneInvalid),
  ),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The registration form adds the confirmation, checked in the browser (spec §5). */
export const registerForm = registerBody
  .extend({ confirm_password: z.string().max(LIMITS.passwordMax) })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const contactMethods = documented(
  z
    .array(z.enum(CONTACT_METHODS))
    .min(1, MESSAGES.contactMethodsRequired)
    .max(CONTACT_METHODS.length)
    .refine((v) => new Set(v).size === v.length, MESSAGES.contactMethodsRequired),
  { uniqueItems: true },
);

const fullName = text(LIMITS.nameMax * 2, { min: 2, minMessage: MESSAGES.fullNameTooShort, trimmed: true });

/**
 * PATCH /users/me: only changed fields among email, full_name, phone_number, password, show_email, whatsapp_number,
 * contact_methods. All or nothing: a
 * field that is sent must be valid ("" is not "absent": the profile form leaves out what did not change).
 */
export const updateMeBody = z
  .object({
    email: z.preprocess(trim, emailSchema.optional()),
    full_name: z.preprocess(trim, fullName.optional()),
    phone_number: z.preprocess(trim, phoneSchema.optional()),
    // Passwords are not trimmed: spaces may be part of one.
    password: password.optional(),
    /** Show the e-mail on one's listings (issue 25); no current password needed. */
    show_email: z.boolean().optional(),
    /**
     * The WhatsApp number (issue 28), as typed, by the phone rule of spec §5: the server keeps its international
     * digits (+967 for a Yemeni mobile typed as 7xxxxxxxx), and answers 422 with a message for a number it cannot
     * place in a country (wa.me needs the country code). null or "" removes it.
     */
    whatsapp_number: z.preprocess((v) => (v === '' ? null : trim(v)), phoneSchema.nullable().optional()),
    /** The ways visitors may reach the owner (issue 28): any of call, whatsapp, email; at least one. */
    contact_methods: contactMethods.optional(),
    /** Needed with `email` or `password` (a stolen token alone cannot take the account over). */
    current_password: text(LIMITS.passwordMax, { min: 1, minMessage: MESSAGES.currentPasswordRequired }).optional(),
  })
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/**
 * DELETE /users/me (issue 25): a stolen token or a minute at an unlocked phone must not erase an account. The
 * password confirms it; an account without one (Google only) types its e-mail address instead.
 */
export const deleteMeBody = z
  .object({
    password: z.string().max(LIMITS.passwordMax).optional(),
    email: z.preprocess(trim, z.string().max(LIMITS.emailMax).optional()),
  })
  .strict()
  // No body at all is a request without the confirmation (400 with its message), not a malformed one.
  .nullish()
  .transform((v) => v ?? {});
export type DeleteMeBody = z.infer<typeof deleteMeBody>;

/**
 * The profile form (spec §2 Profile): every field as typed; the browser sends only what changed. Empty phone
 * and empty password are allowed (unchanged); a new password needs its confirmation.
 */
export const profileForm = z
  .object({
    full_name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), fullName),
    email: emailSchema,
    phone_number: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().max(40).refine((v) => v === '' || PHONE_RE.test(v), MESSAGES.phoneInvalid),
    ),
    password: z.string().max(LIMITS.passwordMax).refine((v) => v === '' || v.length >= LIMITS.passwordMin, MESSAGES.passwordTooShort),
    confirm_password: z.string().max(LIMITS.passwordMax),
    /** Asked for (and required by the server) only when the e-mail or the password changes. */
    current_password: z.string().max(LIMITS.passwordMax).optional(),
    whatsapp_number: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().max(40).refine((v) => v === '' || (PHONE_RE.test(v) && internationalDigits(v) !== null), MESSAGES.whatsappInvalid),
    ),
  })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });
export type ProfileForm = z.infer<typeof profileForm>;

/** POST /login/token (OAuth2 password style, form-encoded): username is the e-mail. */
export const loginForm = z.object({
  username: emailSchema,
  password: text(LIMITS.passwordMax, { error: MESSAGES.passwordRequired, min: 1, minMessage: MESSAGES.passwordRequired }),
});
export type LoginForm = z.infer<typeof loginForm>;

export const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

/**
 * A user as others see them (listing owner). `username` is the full name (never the e-mail or a part of it,
 * which would leak the address on public pages); when the name is empty it is "user<id>".
 */
export const userPublic = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
});

/** GET /users/me and every account answer: the public fields plus the account's own data. */
export const userMe = userPublic.extend({
  email: z.string(),
  phone_number: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.enum(ROLES),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  /** The address in `email` was proved by a link sent to it (or by Google). */
  email_verified: z.boolean(),
  /** A new address waiting for its verification link to be followed; `email` stays until then. */
  pending_email: z.string().nullable(),
  /** The e-mail is shown on the user's listings (off by default: visitors write through the contact form). */
  show_email: z.boolean(),
  /** International digits ("967777123456"), or null (issue 28). */
  whatsapp_number: z.string().nullable(),
  contact_methods: z.array(z.enum(CONTACT_METHODS)),
  created_at: z.string(),
});
export type UserMe = z.infer<typeof userMe>;

/** POST /auth/google: the server trusts only the verified token, never user_info, for identity. */
export const googleAuthBody = z.object({
  // A JWT: three base64url parts.
  token: z.string().min(10).max(8192).regex(/^[A-Za-z0-9_\-.]+$/),
  user_info: z
    .object({
      email: text(LIMITS.emailMax).optional(),
      first_name: text(LIMITS.nameMax).optional(),
      last_name: text(LIMITS.nameMax).optional(),
      picture: text(2048).optional(),
      google_id: text(255).optional(),
    })
    .partial()
    .optional(),
});
export const googleAuthResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: userMe });

/** A single-use token from an e-mailed link (verification or password reset): 43 base64url characters. */
const linkToken = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);

/** POST /auth/verify-email */
export const verifyEmailBody = z.object({ token: linkToken }).strict();

/** POST /auth/password-reset */
export const passwordResetBody = z.object({ email: emailSchema }).strict();

/** POST /auth/password-reset/confirm */
export const passwordResetConfirmBody = z.object({ token: linkToken, password }).strict();
/** Whether a reset link can still be used, asked as its page opens (it is not used up by asking). */
export const passwordResetCheckBody = z.object({ token: linkToken }).strict();

/** The reset-password page: the new password twice (spec §5 rules). */
export const resetPasswordForm = z
  .object({ password, confirm_password: z.string().max(LIMITS.passwordMax) })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

/** 202 answers of the e-mail sending calls: the same body whatever the address. */
export const acceptedDetail = z.object({ detail: z.string() });
