import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ROLES } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { PHONE_RE, emailSchema, phoneSchema, trimmed } from './common.js';

const password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax);

const requiredName = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message).max(LIMITS.nameMax),
  );

/** POST /users/ (spec §7) */
export const registerBody = z.object({
  email: emailSchema,
  password,
  first_name: requiredName(MESSAGES.firstNameRequired),
  last_name: requiredName(MESSAGES.lastNameRequired),
  phone_number: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MESSAGES.phoneRequired }).min(1, MESSAGES.phoneRequired).regex(PHONE_RE, MESSAGES.phoneInvalid),
  ),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The registration form adds the confirmation, checked in the browser (spec §5). */
export const registerForm = registerBody
  .extend({ confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });

/** PATCH /users/me: only changed fields among email, full_name, phone_number, password. */
export const updateMeBody = z
  .object({
    email: emailSchema.optional(),
    full_name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().min(2, MESSAGES.fullNameTooShort).max(LIMITS.nameMax * 2),
    ).optional(),
    phone_number: phoneSchema.optional(),
    password: password.optional(),
  })
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const profileForm = z
  .object({
    full_name: trimmed(LIMITS.nameMax * 2),
    email: trimmed(LIMITS.emailMax),
    phone_number: trimmed(40),
    password: z.string().max(LIMITS.passwordMax),
    confirm_password: z.string().max(LIMITS.passwordMax),
  })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });

export const loginForm = z.object({
  username: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired).max(LIMITS.passwordMax),
});

export const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const userPublic = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
});

export const userMe = userPublic.extend({
  email: z.string(),
  phone_number: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.enum(ROLES),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  created_at: z.string(),
});
export type UserMe = z.infer<typeof userMe>;

/** POST /auth/google: the server trusts only the verified token, never user_info, for identity. */
export const googleAuthBody = z.object({
  token: z.string().min(10).max(8192),
  user_info: z
    .object({
      email: z.string().max(LIMITS.emailMax).optional(),
      first_name: z.string().max(LIMITS.nameMax).optional(),
      last_name: z.string().max(LIMITS.nameMax).optional(),
      picture: z.string().max(2048).optional(),
      google_id: z.string().max(255).optional(),
    })
    .partial()
    .optional(),
});
export const googleAuthResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: userMe });
