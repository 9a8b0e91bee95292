import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar/savedSearches.json';
import en from '../../../i18n/locales/en/savedSearches.json';
import { NAME_MAX } from '../api';
import { proposeName, type LabelledChip } from './name';

const i18n = i18next.createInstance();
await i18n.init({ resources: { ar: { savedSearches: ar }, en: { savedSearches: en } }, ns: ['savedSearches'], defaultNS: 'savedSearches', fallbackLng: false, interpolation: { escapeValue: false }, showSupportNotice: false });
const tFor = (lng: 'ar' | 'en') => i18n.getFixedT(lng, 'savedSearches');
const chip = (key: string, value: unknown, text: string): LabelledChip => ({ chip: { key, value }, text });

describe('proposed name', () => {
  it('type, deal and the most precise place, then the other chips, in each language', () => {
    const en_ = [chip('listing_type', 'FOR_RENT', 'For Rent'), chip('property_type', 'APARTMENT', 'Apartment'), chip('bedrooms', '2+', '2+ bedrooms'), chip('governorate_id', 1, "Sana'a")];
    expect(proposeName(en_, tFor('en'))).toBe("Flats for rent in Sana'a, 2+ bedrooms");
    const ar_ = [chip('listing_type', 'FOR_RENT', 'للإيجار'), chip('property_type', 'APARTMENT', 'شقة'), chip('bedrooms', '2+', '2+ غرف نوم'), chip('governorate_id', 1, 'صنعاء'), chip('district_id', 5, 'حدة')];
    expect(proposeName(ar_, tFor('ar'))).toBe('شقق للإيجار في حدة، 2+ غرف نوم');
  });

  it('without type or deal, with nothing at all, and never longer than the limit', () => {
    expect(proposeName([chip('listing_type', 'FOR_SALE', 'For Sale')], tFor('en'))).toBe('Homes for sale');
    expect(proposeName([chip('polygon', true, 'Drawn area')], tFor('en'))).toBe('Homes, Drawn area');
    expect(proposeName([], tFor('ar'))).toBe('كل العقارات');
    const long = proposeName([chip('location', 'x', 'x'.repeat(150))], tFor('en'));
    expect(long.length).toBe(NAME_MAX);
  });
});
