import { describe, expect, it } from 'vitest';
import { CARD_MAX_VARIANT_WIDTH, placeLine, srcSet } from './display';

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

describe('srcSet', () => {
  const v = (width: number) => ({ width, url: `/uploads/listings/1/a-${width}.webp` });
  it("offers a card no copy wider than it needs, so a phone of pixel ratio 3 fetches 960 px, not 1600", () => {
    const photo = { variants: [v(1600), v(400), v(960)] };
    expect(srcSet(photo, CARD_MAX_VARIANT_WIDTH)).toBe('/uploads/listings/1/a-400.webp 400w, /uploads/listings/1/a-960.webp 960w');
    expect(srcSet(photo)).toBe('/uploads/listings/1/a-400.webp 400w, /uploads/listings/1/a-960.webp 960w, /uploads/listings/1/a-1600.webp 1600w');
  });
  it('keeps the narrowest copy of a photo whose copies are all wider', () => {
    expect(srcSet({ variants: [v(1600), v(1200)] }, 960)).toBe('/uploads/listings/1/a-1200.webp 1200w');
    expect(srcSet({ variants: [] }, 960)).toBeUndefined();
  });
});
