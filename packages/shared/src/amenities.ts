/**
 * Amenities that matter in Yemen (issue 24): power when the grid is off (solar, a generator), water when the
 * mains are dry (a tank, a well), a furnished home, a majlis for guests, the roof, the floor a flat is on, and
 * parking, which is the property's existing parking_spaces (> 0), not a second field.
 *
 * One list for the API (columns, filters), the add/edit form, the details page and the search filters.
 */
import type { PropertyType } from './enums.js';

/** The yes/no amenities, in the order the form, the details page and the filters show them. */
export const AMENITY_FLAGS = ['solar_power', 'generator', 'water_tank', 'well', 'furnished', 'majlis', 'roof_access'] as const;
export type AmenityFlag = (typeof AMENITY_FLAGS)[number];

/** Bounds of floor_number: two basement levels to the tallest towers Yemen could have. 0 is the ground floor. */
export const FLOOR_MIN = -2;
export const FLOOR_MAX = 60;

/** Labels in both languages (chips, the API's choices, e-mails). */
export const AMENITY_LABELS: Record<AmenityFlag | 'parking' | 'floor_number', { en: string; ar: string }> = {
  solar_power: { en: 'Solar power', ar: 'طاقة شمسية' },
  generator: { en: 'Generator', ar: 'مولد كهربائي' },
  water_tank: { en: 'Water tank', ar: 'خزان ماء' },
  well: { en: 'Well', ar: 'بئر' },
  furnished: { en: 'Furnished', ar: 'مفروش' },
  majlis: { en: 'Majlis', ar: 'مجلس' },
  roof_access: { en: 'Roof access', ar: 'سطح' },
  parking: { en: 'Parking', ar: 'موقف سيارات' },
  floor_number: { en: 'Floor', ar: 'الدور' },
};

/**
 * Amenities a plot of land cannot have: no furniture, rooms or roof. A farm plot may well have a well, a tank,
 * a solar pump or a generator, so those stay.
 */
export const INDOOR_AMENITIES: readonly AmenityFlag[] = ['furnished', 'majlis', 'roof_access'];

/** A floor number means something for a flat, an office or a shop in a building; not for a house, villa or land. */
export const FLOOR_PROPERTY_TYPES: readonly PropertyType[] = ['APARTMENT', 'OFFICE', 'COMMERCIAL_SPACE'];

/** Whether a property type can have this amenity (the server clears the others, the form hides them). */
export function amenityApplies(type: PropertyType, a: AmenityFlag | 'floor_number'): boolean {
  if (a === 'floor_number') return FLOOR_PROPERTY_TYPES.includes(type);
  return type !== 'LAND' || !INDOOR_AMENITIES.includes(a);
}

/** A floor as people say it: "Ground floor" / "الدور الأرضي", "Floor 3" / "الدور 3", "Basement 1" / "البدروم 1". */
export function floorLabel(n: number, lang: 'en' | 'ar'): string {
  if (n === 0) return lang === 'ar' ? 'الدور الأرضي' : 'Ground floor';
  if (n < 0) return lang === 'ar' ? `البدروم ${-n}` : `Basement ${-n}`;
  return lang === 'ar' ? `الدور ${n}` : `Floor ${n}`;
}
