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
  it('platform: every field\'s first failing rule at once, in spec §5\'s order', () => {
    const all = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(all(platformContactBody.safeParse({}))).toEqual([
      ['sender_name', MESSAGES.nameRequired],
      ['message', MESSAGES.messageRequired],
      ['sender_email', MESSAGES.emailOrPhoneRequired],
    ]);
    expect(all(platformContactBody.safeParse({ sender_name: ' ', sender_email: '', sender_phone: '  ', message: '   ' }))).toEqual([
      ['sender_name', MESSAGES.nameRequired],
      ['message', MESSAGES.messageRequired],
      ['sender_email', MESSAGES.emailOrPhoneRequired],
    ]);
    expect(all(platformContactBody.safeParse({ sender_email: 'ali@', sender_phone: 'call me', message: 'Hi' }))).toEqual([
      ['sender_name', MESSAGES.nameRequired],
      ['sender_email', MESSAGES.emailInvalid],
      ['sender_phone', MESSAGES.phoneInvalid],
    ]);
  });
  it('listing: full name, email, email shape, message, at least 10 characters trimmed', () => {
    expect(first(listingContactBody.safeParse({}))).toBe(MESSAGES.fullNameRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A' }))).toBe(MESSAGES.emailRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'x@' }))).toBe(MESSAGES.emailInvalid);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co' }))).toBe(MESSAGES.messageRequired);
    expect(first(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co', message: '   short    ' }))).toBe(MESSAGES.messageTooShort);
    expect(listingContactBody.safeParse({ sender_name: 'A', sender_email: 'a@b.co', message: 'Is it still available?' }).success).toBe(true);
  });
  it('listing: every field\'s first failing rule at once, in the form\'s order', () => {
    const all = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(all(listingContactBody.safeParse({}))).toEqual([
      ['sender_name', MESSAGES.fullNameRequired],
      ['sender_email', MESSAGES.emailRequired],
      ['message', MESSAGES.messageRequired],
    ]);
    expect(all(listingContactBody.safeParse({ sender_name: ' ', sender_email: 'x@', sender_phone: 'call me', message: 'short' }))).toEqual([
      ['sender_name', MESSAGES.fullNameRequired],
      ['sender_email', MESSAGES.emailInvalid],
      ['sender_phone', MESSAGES.phoneInvalid],
      ['message', MESSAGES.messageTooShort],
    ]);
  });
  it('listing: an optional phone, Arabic-Indic digits read as 0-9, "" as none', () => {
    const ok = listingContactBody.safeParse({ sender_name: 'Ali', sender_email: 'a@b.co', sender_phone: ' ٧٧٧ ١٢٣ ٤٥٦ ', message: 'Is it still available?' });
    expect(ok.data).toEqual({ sender_name: 'Ali', sender_email: 'a@b.co', sender_phone: '777 123 456', message: 'Is it still available?' });
    const none = listingContactBody.safeParse({ sender_name: 'Ali', sender_email: 'a@b.co', sender_phone: '  ', message: 'Is it still available?' });
    expect(none.success).toBe(true);
    expect(none.data?.sender_phone).toBeUndefined();
  });
});
