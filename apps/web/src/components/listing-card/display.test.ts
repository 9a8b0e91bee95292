import { describe, expect, it } from 'vitest';
import { placeLine } from './display';

const khorMaksar = { name_en: 'Khor Maksar', name_ar: 'خور مكسر' };
const aden = { name_en: 'Aden', name_ar: 'عدن' };

describe('placeLine', () => {
  it('never says a name twice (a district that is also the city)', () => {
    expect(placeLine([khorMaksar, khorMaksar, aden], 'ar')).toBe('خور مكسر، عدن');
    expect(placeLine([khorMaksar, { ...khorMaksar }, aden], 'en')).toBe('Khor Maksar, Aden');
    // The same name written differently (ة/ه, spaces) is still the same name.
    expect(placeLine([{ name_en: 'Hadda', name_ar: 'حدة' }, { name_en: 'Hadda', name_ar: 'حده ' }], 'ar')).toBe('حدة');
  });
  it('skips missing places and falls back to the other language', () => {
    expect(placeLine([null, undefined, aden], 'ar')).toBe('عدن');
    expect(placeLine([{ name_en: '', name_ar: 'عدن' }], 'en')).toBe('عدن');
    expect(placeLine([], 'en')).toBe('');
  });
});
