import { describe, expect, it } from 'vitest';
import { MESSAGES, loginForm, profileForm, registerForm, resetPasswordForm, type UserMe } from '@manzil/shared';
import { changedFields, currentPasswordProblem, needsCurrentPassword, valuesOf } from './profile';

const user: UserMe = {
  id: 1,
  user_id: 1,
  username: 'Amal Saleh',
  first_name: 'Amal',
  last_name: 'Saleh',
  full_name: 'Amal Saleh',
  email: 'amal@example.test',
  phone_number: '+967 777 123 456',
  profile_picture_url: null,
  role: 'USER',
  has_password: true,
  google_linked: false,
  email_verified: true,
  pending_email: null,
  show_email: false,
  whatsapp_number: null,
  contact_methods: ['call', 'whatsapp', 'email'],
  created_at: '2025-01-01T00:00:00.000Z',
};

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('profile changes', () => {
  it('an untouched form changes nothing', () => {
    expect(changedFields(user, valuesOf(user))).toEqual({});
  });

  it('sends only changed fields, trimmed; empty values are dropped', () => {
    expect(changedFields(user, { ...valuesOf(user), full_name: '  Amal  Ali ', phone_number: '' })).toEqual({ full_name: 'Amal  Ali' });
    expect(changedFields(user, { ...valuesOf(user), email: ' new@example.test ', password: 'secret1', confirm_password: 'secret1' })).toEqual({
      email: 'new@example.test',
      password: 'secret1',
    });
    expect(changedFields(user, { ...valuesOf(user), full_name: ' Amal Saleh ' })).toEqual({});
  });

  it('sends a new WhatsApp number as typed, nothing for the same number written otherwise, and null when emptied', () => {
    expect(changedFields(user, { ...valuesOf(user), whatsapp_number: ' 777 123 456 ' })).toEqual({ whatsapp_number: '777 123 456' });
    const saved = { ...user, whatsapp_number: '967777123456' };
    expect(valuesOf(saved).whatsapp_number).toBe('+967777123456');
    expect(changedFields(saved, valuesOf(saved))).toEqual({});
    expect(changedFields(saved, { ...valuesOf(saved), whatsapp_number: '0777123456' })).toEqual({});
    expect(changedFields(saved, { ...valuesOf(saved), whatsapp_number: '' })).toEqual({ whatsapp_number: null });
  });
});

describe('current password', () => {
  const v = (over: Partial<ReturnType<typeof valuesOf>>) => ({ ...valuesOf(user), ...over });

  it('is needed when the e-mail or the password changes, not for the name or the phone', () => {
    expect(needsCurrentPassword(user, v({}))).toBe(false);
    expect(needsCurrentPassword(user, v({ full_name: 'Amal Ali', phone_number: '+967 1 234 567' }))).toBe(false);
    expect(needsCurrentPassword(user, v({ email: 'new@example.test' }))).toBe(true);
    expect(needsCurrentPassword(user, v({ password: 'secret1' }))).toBe(true);
    // typed back, padded, or emptied: no change of address
    expect(needsCurrentPassword(user, v({ email: ` ${user.email} ` }))).toBe(false);
    expect(needsCurrentPassword(user, v({ email: '' }))).toBe(false);
  });

  it('goes with an e-mail or password change only, untrimmed', () => {
    expect(changedFields(user, v({ password: 'secret1', confirm_password: 'secret1', current_password: ' old pass ' }))).toEqual({
      password: 'secret1',
      current_password: ' old pass ',
    });
    expect(changedFields(user, v({ email: 'new@example.test', current_password: 'oldpass' }))).toEqual({ email: 'new@example.test', current_password: 'oldpass' });
    // typed, but nothing that needs it changed: not sent, and nothing to save
    expect(changedFields(user, v({ current_password: 'oldpass' }))).toEqual({});
    expect(changedFields(user, v({ full_name: 'Amal Ali', current_password: 'oldpass' }))).toEqual({ full_name: 'Amal Ali' });
  });

  it('stops the save when missing, or when the account has no password (Google only)', () => {
    expect(currentPasswordProblem(user, v({ full_name: 'Amal Ali' }))).toBeNull();
    expect(currentPasswordProblem(user, v({ password: 'secret1' }))).toBe('currentPasswordRequired');
    expect(currentPasswordProblem(user, v({ password: 'secret1', current_password: 'x' }))).toBeNull();
    const google = { ...user, has_password: false, google_linked: true };
    expect(currentPasswordProblem(google, v({ email: 'new@example.test', current_password: 'x' }))).toBe('setPasswordFirst');
    expect(currentPasswordProblem(google, v({ full_name: 'Amal Ali' }))).toBeNull();
  });
});

describe('account forms (shared schemas, spec §5 messages)', () => {
  it('reset password: the spec rules and the confirmation', () => {
    expect(resetPasswordForm.safeParse({ password: 'secret1', confirm_password: 'secret1' }).success).toBe(true);
    expect(issues(resetPasswordForm.safeParse({ password: 'secret1', confirm_password: 'secret2' }))).toEqual([MESSAGES.passwordsDoNotMatch]);
    expect(issues(resetPasswordForm.safeParse({ password: '12345', confirm_password: '12345' }))).toEqual([MESSAGES.passwordTooShort]);
  });

  const profile = (over: Record<string, string>) => profileForm.safeParse({ ...valuesOf(user), ...over });
  it('profile: password confirmation, length, e-mail, full name, phone', () => {
    expect(issues(profile({ password: 'secret1', confirm_password: 'secret2' }))).toContain(MESSAGES.passwordsDoNotMatch);
    expect(issues(profile({ password: 'abc', confirm_password: 'abc' }))).toContain(MESSAGES.passwordTooShort);
    expect(issues(profile({ email: 'nope' }))).toContain(MESSAGES.emailInvalid);
    expect(issues(profile({ full_name: 'A' }))).toContain(MESSAGES.fullNameTooShort);
    expect(issues(profile({ phone_number: 'abc' }))).toContain(MESSAGES.phoneInvalid);
    expect(profile({ phone_number: '' }).success).toBe(true);
    expect(profile({}).success).toBe(true);
  });

  it('registration: required fields, phone, password and confirmation', () => {
    const base = { first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: '777123456', password: 'secret1', confirm_password: 'secret1' };
    expect(registerForm.safeParse(base).success).toBe(true);
    expect(issues(registerForm.safeParse({ ...base, confirm_password: 'other12' }))).toEqual([MESSAGES.passwordsDoNotMatch]);
    expect(issues(registerForm.safeParse({ ...base, phone_number: ' ' }))).toEqual([MESSAGES.phoneRequired]);
    expect(issues(registerForm.safeParse({ ...base, phone_number: '12' }))).toEqual([MESSAGES.phoneInvalid]);
    expect(issues(registerForm.safeParse({ ...base, first_name: '' }))).toEqual([MESSAGES.firstNameRequired]);
    expect(issues(registerForm.safeParse({ ...base, last_name: '' }))).toEqual([MESSAGES.lastNameRequired]);
    expect(issues(registerForm.safeParse({ ...base, password: '12345', confirm_password: '12345' }))).toEqual([MESSAGES.passwordTooShort]);
  });

  it('sign-in: e-mail and password required', () => {
    // the form shows the first message of each field
    const first = (r: ReturnType<typeof loginForm.safeParse>) => {
      const seen = new Map<string, string>();
      for (const i of r.error?.issues ?? []) if (!seen.has(String(i.path[0]))) seen.set(String(i.path[0]), i.message);
      return Object.fromEntries(seen);
    };
    expect(first(loginForm.safeParse({ username: '', password: '' }))).toEqual({ username: MESSAGES.emailRequired, password: MESSAGES.passwordRequired });
  });
});
