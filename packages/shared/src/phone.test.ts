import { describe, expect, it } from 'vitest';
import { internationalDigits, telUrl, whatsappUrl } from './phone.js';

describe('phone numbers in international form (wa.me links)', () => {
  it.each([
    ['+967 777 123 456', '967777123456'],
    ['+967-1-234-567', '9671234567'],
    ['00967 733 000 111', '967733000111'],
    ['777123456', '967777123456'],
    ['0777 123 456', '967777123456'],
    ['(77) 712-3456', '967777123456'],
    ['٧٧٧١٢٣٤٥٦', '967777123456'],
    ['+٩٦٧ ٧١١ ٢٢٢ ٣٣٣', '967711222333'],
    ['967777123456', '967777123456'],
    ['+966 50 123 4567', '966501234567'],
  ])('%s → %s', (phone, digits) => {
    expect(internationalDigits(phone)).toBe(digits);
  });

  it.each(['01 234 567', '12345', '+0 777 123 456', '+1234567890123456', '', 'call me'])('%s has no international form', (phone) => {
    expect(internationalDigits(phone)).toBeNull();
  });

  it('links to wa.me with the digits only', () => {
    expect(whatsappUrl('٠٧٧٧ ١٢٣ ٤٥٦')).toBe('https://wa.me/967777123456');
    expect(whatsappUrl('01 234 567')).toBeNull();
  });

  it('calls in international form where the number can be placed, else as written', () => {
    expect(telUrl('777 123 456')).toBe('tel:+967777123456');
    expect(telUrl('+966 50 123 4567')).toBe('tel:+966501234567');
    expect(telUrl('01 234 567')).toBe('tel:01234567');
    expect(telUrl('12345')).toBeNull();
  });
});
