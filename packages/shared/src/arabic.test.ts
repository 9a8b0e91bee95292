import { describe, expect, it } from 'vitest';
import { normalizeText, parseLocalizedNumber, toWesternDigits } from './arabic.js';

describe('Arabic normalisation', () => {
  it('makes spellings of the same word meet', () => {
    const forms = ['شقّة', 'شقه', 'شقة', 'شـقـة', 'شَقَّة'];
    expect(new Set(forms.map(normalizeText))).toEqual(new Set(['شقه']));
  });
  it('unifies alef, yaa, waw and yaa hamza forms', () => {
    expect(normalizeText('أإآٱ')).toBe('اااا');
    expect(normalizeText('مستشفى')).toBe('مستشفي');
    expect(normalizeText('مؤسسة')).toBe('موسسه');
    expect(normalizeText('بئر')).toBe('بير');
  });
  it('turns Arabic-Indic and Persian digits into 0-9, folds case and collapses spaces', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
    expect(normalizeText('  Villa   ٣  غرف ')).toBe('villa 3 غرف');
  });
  it('ignores apostrophes and joiners in Latin names', () => {
    expect(normalizeText("Sa'dah")).toBe(normalizeText('Sadah'));
    expect(normalizeText('Al-Hodeidah')).toBe('al hodeidah');
  });
  it('parses localized numbers and rejects non-numbers', () => {
    expect(parseLocalizedNumber('١٥٠٬٠٠٠')).toBe(150000);
    expect(parseLocalizedNumber('15.5')).toBe(15.5);
    expect(parseLocalizedNumber('١٥٫٥')).toBe(15.5);
    expect(parseLocalizedNumber('abc')).toBeNaN();
    expect(parseLocalizedNumber('')).toBeNaN();
  });
});
