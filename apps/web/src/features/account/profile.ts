import { internationalDigits, type UpdateMeBody, type UserMe } from '@manzil/shared';

/** The profile form's values as typed (passwords empty = unchanged). */
export interface ProfileValues {
  full_name: string;
  email: string;
  phone_number: string;
  /** As typed; "" removes it. Shown back as +<digits> (issue 28). */
  whatsapp_number: string;
  password: string;
  confirm_password: string;
  /** Asked for only when the e-mail or the password changes (needsCurrentPassword). */
  current_password: string;
}

export const valuesOf = (u: UserMe): ProfileValues => ({
  full_name: u.full_name,
  email: u.email,
  phone_number: u.phone_number ?? '',
  whatsapp_number: u.whatsapp_number ? `+${u.whatsapp_number}` : '',
  password: '',
  confirm_password: '',
  current_password: '',
});

/**
 * The e-mail or the password changes: the server wants the current password with them (a stolen session
 * alone cannot take the account over). An e-mail typed back to the saved one, or emptied, is no change.
 */
export function needsCurrentPassword(user: UserMe, v: Pick<ProfileValues, 'email' | 'password'>): boolean {
  const email = v.email.trim();
  return v.password !== '' || (email !== '' && email !== user.email);
}

/**
 * Only the fields that differ from the saved account (spec §5): values trimmed, empty ones dropped (an emptied
 * WhatsApp number is removed: null); the
 * current password goes along only with an e-mail or password change (never trimmed: spaces may be part of it).
 */
export function changedFields(user: UserMe, v: ProfileValues): UpdateMeBody {
  const out: UpdateMeBody = {};
  const fullName = v.full_name.trim();
  const email = v.email.trim();
  const phone = v.phone_number.trim();
  if (fullName && fullName !== user.full_name) out.full_name = fullName;
  if (email && email !== user.email) out.email = email;
  if (phone && phone !== (user.phone_number ?? '')) out.phone_number = phone;
  const whatsapp = (v.whatsapp_number ?? '').trim();
  if (whatsapp === '' ? user.whatsapp_number !== null : internationalDigits(whatsapp) !== user.whatsapp_number) out.whatsapp_number = whatsapp || null;
  if (v.password) out.password = v.password;
  if (needsCurrentPassword(user, v) && v.current_password) out.current_password = v.current_password;
  return out;
}

/** What stops a save before it is sent: the current password is needed and missing, or the account has none. */
export function currentPasswordProblem(user: UserMe, v: ProfileValues): 'setPasswordFirst' | 'currentPasswordRequired' | null {
  if (!needsCurrentPassword(user, v)) return null;
  if (!user.has_password) return 'setPasswordFirst';
  return v.current_password ? null : 'currentPasswordRequired';
}
