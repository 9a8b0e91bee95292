import type { UpdateMeBody, UserMe } from '@manzil/shared';

/** The profile form's values as typed (passwords empty = unchanged). */
export interface ProfileValues {
  full_name: string;
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
}

export const valuesOf = (u: UserMe): ProfileValues => ({
  full_name: u.full_name,
  email: u.email,
  phone_number: u.phone_number ?? '',
  password: '',
  confirm_password: '',
});

/** Only the fields that differ from the saved account (spec §5): values trimmed, empty ones dropped. */
export function changedFields(user: UserMe, v: ProfileValues): UpdateMeBody {
  const out: UpdateMeBody = {};
  const fullName = v.full_name.trim();
  const email = v.email.trim();
  const phone = v.phone_number.trim();
  if (fullName && fullName !== user.full_name) out.full_name = fullName;
  if (email && email !== user.email) out.email = email;
  if (phone && phone !== (user.phone_number ?? '')) out.phone_number = phone;
  if (v.password) out.password = v.password;
  return out;
}
