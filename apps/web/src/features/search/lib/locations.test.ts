import { describe, expect, it } from 'vitest';
import type { LocationSuggestion } from '@manzil/shared';
import { bestMatch, idsOf } from './locations';

const s = (over: Partial<LocationSuggestion>): LocationSuggestion => ({
  id: 1, type: 'governorate', name_en: 'X', name_ar: 'س', displayText: 'X', displayTextAr: 'س', governorate_id: 1,
  district_id: null, uzlah_id: null, village_id: null, latitude: null, longitude: null, ...over,
} as LocationSuggestion);

describe('typed location text → an id', () => {
  it('prefers an exact name match in either language, else the first result', () => {
    const list = [s({ id: 34, type: 'district', name_en: 'Khoor Maksar', name_ar: 'خور مكسر', governorate_id: 3, district_id: 34 }), s({ id: 3, name_en: 'Aden', name_ar: 'عدن', governorate_id: 3 })];
    expect(bestMatch('aden', list)?.id).toBe(3);
    expect(bestMatch('عدن', list)?.id).toBe(3);
    expect(bestMatch('Ade', list)?.id).toBe(34);
    expect(bestMatch('x', [])).toBeNull();
  });
  it('carries the ids of the place and its parents', () => {
    expect(idsOf(s({ id: 3, governorate_id: 3 }))).toEqual({ governorate_id: '3' });
    expect(idsOf(s({ id: 34, type: 'district', governorate_id: 3, district_id: 34 }))).toEqual({ governorate_id: '3', district_id: '34' });
    expect(idsOf(s({ id: 9, type: 'village', governorate_id: 3, district_id: 34, uzlah_id: 5, village_id: 9 }))).toEqual({ governorate_id: '3', district_id: '34', uzlah_id: '5', village_id: '9' });
  });
});
