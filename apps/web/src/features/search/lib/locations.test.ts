import { describe, expect, it } from 'vitest';
import type { LocationSuggestion } from '@manzil/shared';
import { bestMatch, idsOf } from './locations';

const s = (over: Partial<LocationSuggestion>): LocationSuggestion => ({
  id: 1, type: 'governorate', name_en: 'X', name_ar: 'س', displayText: 'X', displayTextAr: 'س', governorate_id: 1,
  district_id: null, uzlah_id: null, village_id: null, latitude: null, longitude: null, ...over,
} as LocationSuggestion);

describe('typed location text → an id', () => {
  it('is the first suggestion, as the server ranks them (Sana\'a the city before the governorate named صنعاء)', () => {
    const city = s({ id: 1, name_en: "Sana'a", name_ar: 'صنعاء', governorate_id: 1, governorate_ids: [1, 2] });
    const gov = s({ id: 2, name_en: "Sana'a", name_ar: 'صنعاء', governorate_id: 2 });
    expect(bestMatch([city, gov])).toBe(city);
    expect(bestMatch([])).toBeNull();
  });
  it("searches every governorate of Sana'a the city", () => {
    expect(idsOf(s({ id: 1, governorate_id: 1, governorate_ids: [1, 2] }))).toEqual({ governorate_id: '1,2' });
  });
  it('carries the ids of the place and its parents', () => {
    expect(idsOf(s({ id: 3, governorate_id: 3 }))).toEqual({ governorate_id: '3' });
    expect(idsOf(s({ id: 34, type: 'district', governorate_id: 3, district_id: 34 }))).toEqual({ governorate_id: '3', district_id: '34' });
    expect(idsOf(s({ id: 9, type: 'village', governorate_id: 3, district_id: 34, uzlah_id: 5, village_id: 9 }))).toEqual({ governorate_id: '3', district_id: '34', uzlah_id: '5', village_id: '9' });
  });
});
