/**
 * Amenities as the web app shows them (issue 24): a Bootstrap icon and a label in the visitor's language for
 * each, the same on the details page, in the add/edit form and in the search filters. Labels come from the
 * shared package (one wording for the API and every screen).
 */
import { AMENITY_FLAGS, AMENITY_LABELS, floorLabel, type AmenityFlag, type ListingRead, type Lang } from '@manzil/shared';

export type AmenityKey = AmenityFlag | 'parking' | 'floor_number';

/** Written out in full: the icon subset of the build keeps only the `bi-…` names it finds in src/. */
export const AMENITY_ICONS: Record<AmenityKey, string> = {
  solar_power: 'bi-sun',
  generator: 'bi-lightning-charge',
  water_tank: 'bi-droplet-half',
  well: 'bi-water',
  furnished: 'bi-lamp',
  majlis: 'bi-people',
  roof_access: 'bi-ladder',
  parking: 'bi-car-front',
  floor_number: 'bi-building-up',
};

export const amenityLabel = (key: AmenityKey, lang: Lang) => AMENITY_LABELS[key][lang];

/** What a listing has, in the shared order: each flag it has, then its floor (its parking is one of its key facts). */
export function listingAmenities(p: ListingRead['property'], lang: Lang): { key: AmenityKey; icon: string; label: string }[] {
  const out: { key: AmenityKey; icon: string; label: string }[] = [];
  for (const f of AMENITY_FLAGS) if (p[f]) out.push({ key: f, icon: AMENITY_ICONS[f], label: amenityLabel(f, lang) });
  if (p.floor_number != null) out.push({ key: 'floor_number', icon: AMENITY_ICONS.floor_number, label: floorLabel(p.floor_number, lang) });
  return out;
}
