import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { listingContactBody, platformContactBody } from './contact.js';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('contact rules (spec §5) in order', () => {
  it('platform: name, message, email-or-phone, email shape', () => {
    expect(first(platformContactBody.safeParse({}))).toBe(MESSAGES.nameRequired);
    expect(first(platformContactBody.safeParse({ sender_name: '  Ali ' }))).toBe(MESSAGES.messageRequired);
    expect(first(platformContactBody.safeParse({ sender_name: 'Ali', message: 'Hi' }))).toBe(MESSAGES.emailOrPhoneRequired);
    expect(first(platformContactBody.safeParse({ sender_name: 'Ali', message: 'Hi', sender_email: 'nope' }))).toBe(MESSAGES.emailInvalid);
    const ok = platformContactBody.safeParse({ sender_name: ' Ali ', message: ' Hi ', sender_phone: '+967 777 123 456', sender_email: '' });
    expect(ok.success).toBe(true);
    expect(ok.data).toEqual({ sender_name: 'Ali', message: 'Hi', sender_phone: '+967 777 123 456' });
  });
  it('listing: full name, email, email shape, message, at least 10 characters trimmed', () => {
    expect(first(listingContactBody.safeParse({}))).toBe(MESSAGES.fullNameRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A' }))).toBe(MESSAGES.emailRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'x@' }))).toBe(MESSAGES.emailInvalid);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co' }))).toBe(MESSAGES.messageRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co', message: '   short    ' }))).toBe(MESSAGES.messageTooShort);
    expect(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co', message: 'Is it still available?' }).success).toBe(true);
  });
});
