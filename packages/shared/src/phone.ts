import { toWesternDigits } from './arabic.js';

/** Yemen's country calling code: local mobile numbers (7xxxxxxxx) are written without it. */
export const YEMEN_CALLING_CODE = '967';

/**
 * A phone number in international form, digits only ("+967 777 123 456" → "967777123456"), as wa.me links
 * need it; null when the number cannot be placed in a country. A number with + or 00 is international as
 * written; a Yemeni mobile written locally (7xxxxxxxx, or 07xxxxxxxx) gets +967. A landline written locally
 * (01 234 567) has no WhatsApp and no country we can be sure of, so it stays a number to call.
 */
export function internationalDigits(phone: string): string | null {
  const raw = toWesternDigits(phone).trim();
  const digits = raw.replace(/\D/g, '');
  let intl: string;
  if (raw.startsWith('+')) intl = digits;
  else if (digits.startsWith('00')) intl = digits.slice(2);
  else if (/^0?7\d{8}$/.test(digits)) intl = YEMEN_CALLING_CODE + digits.slice(-9);
  else if (digits.startsWith(YEMEN_CALLING_CODE) && digits.length === 12) intl = digits;
  else return null;
  // E.164: at most 15 digits, never starting with 0.
  return /^[1-9]\d{6,14}$/.test(intl) ? intl : null;
}

/** A WhatsApp chat link to this number (https://wa.me/<digits>), or null when it has no international form. */
export function whatsappUrl(phone: string): string | null {
  const digits = internationalDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/**
 * A tel: link to this number: in international form (+967…) wherever it can be placed, so that a call from a
 * foreign SIM connects too; else (a local landline) as written. null with fewer than 7 digits.
 */
export function telUrl(phone: string): string | null {
  const intl = internationalDigits(phone);
  if (intl) return `tel:+${intl}`;
  const digits = toWesternDigits(phone).replace(/\D/g, '');
  return digits.length >= 7 ? `tel:${digits}` : null;
}
