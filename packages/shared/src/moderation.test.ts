import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS, rejectionReasonIn, rejectionReasonText } from './moderation.js';

describe('rejection reasons', () => {
  const stored = rejectionReasonText(['photos', 'price'], '  The photos show another flat.  ');

  it('stores each common reason in both languages, then the administrator\'s words', () => {
    expect(stored).toBe(
      `${REJECTION_REASONS.photos.ar} — ${REJECTION_REASONS.photos.en}\n${REJECTION_REASONS.price.ar} — ${REJECTION_REASONS.price.en}\nThe photos show another flat.`,
    );
  });

  it('gives each common reason in the reader\'s language only, one per line, and keeps the administrator\'s own words', () => {
    expect(rejectionReasonIn(stored, 'ar')).toBe(`${REJECTION_REASONS.photos.ar}\n${REJECTION_REASONS.price.ar}\nThe photos show another flat.`);
    expect(rejectionReasonIn(stored, 'en')).toBe(`${REJECTION_REASONS.photos.en}\n${REJECTION_REASONS.price.en}\nThe photos show another flat.`);
  });

  it('recognises a stored pair whatever trailing spaces or CR it kept, and every common reason', () => {
    for (const r of Object.values(REJECTION_REASONS)) {
      expect(rejectionReasonIn(`${r.ar} — ${r.en}\r`, 'ar')).toBe(r.ar);
      expect(rejectionReasonIn(`  ${r.ar} — ${r.en} `, 'en')).toBe(r.en);
    }
  });

  it('leaves anything that is not exactly a known pair unchanged', () => {
    for (const own of [
      'الصور لا تخص هذا العقار',
      `${REJECTION_REASONS.photos.ar} — something else`,
      `Note: ${REJECTION_REASONS.photos.ar} — ${REJECTION_REASONS.photos.en}`,
      REJECTION_REASONS.photos.en,
      '',
      'First line\n\nThird line',
    ]) {
      expect(rejectionReasonIn(own, 'ar')).toBe(own);
      expect(rejectionReasonIn(own, 'en')).toBe(own);
    }
  });
});
