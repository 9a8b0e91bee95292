import { describe, expect, it } from 'vitest';
import { formatUsdPerSqm } from './format';
import { readSelection } from './selection';

describe('market formatting', () => {
  it('writes USD per m² as the app writes USD, with cents for small figures', () => {
    expect(formatUsdPerSqm(1234.4, 'en')).toBe('$1,234');
    expect(formatUsdPerSqm(1234.4, 'ar')).toBe('\u200f1,234\u00a0US$');
    expect(formatUsdPerSqm(12.34, 'en')).toBe('$12.3');
    expect(formatUsdPerSqm(2.5, 'en')).toBe('$2.50');
  });

  it('reads the selection from the address, defaulting to flats for sale in Sana\'a city', () => {
    expect(readSelection(new URLSearchParams(''))).toEqual({ governorateId: 1, listingType: 'FOR_SALE', propertyType: 'APARTMENT' });
    expect(readSelection(new URLSearchParams('governorate_id=3&listing_type=for_rent&property_type=villa'))).toEqual({ governorateId: 3, listingType: 'FOR_RENT', propertyType: 'VILLA' });
    expect(readSelection(new URLSearchParams('governorate_id=-1&listing_type=x&property_type=castle'))).toEqual({ governorateId: 1, listingType: 'FOR_SALE', propertyType: 'APARTMENT' });
  });
});
