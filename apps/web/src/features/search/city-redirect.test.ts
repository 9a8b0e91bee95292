import { describe, expect, it } from 'vitest';
import { cityRedirectTarget } from './city-redirect';

describe('cityRedirectTarget', () => {
  it.each([
    ['sanaa', 'rent', '/search-list?listing_type=FOR_RENT&property_type=APARTMENT&governorate_id=1,2'],
    ['taiz', 'buy', '/search-list?listing_type=FOR_SALE&property_type=APARTMENT&governorate_id=12'],
    ['aden', 'sale', '/search-list?listing_type=FOR_SALE&property_type=APARTMENT&governorate_id=3'],
    ['hadramout', 'rent', '/search-list?listing_type=FOR_RENT&property_type=APARTMENT&governorate_id=15'],
    ['Aden', 'RENT', '/search-list?listing_type=FOR_RENT&property_type=APARTMENT&governorate_id=3'],
  ])('%s/%s → %s', (city, type, target) => {
    expect(cityRedirectTarget(city, type)).toBe(target);
  });

  it('searches other cities as location text', () => {
    const target = cityRedirectTarget('Ibb', 'rent');
    expect(target).toBe('/search-list?listing_type=FOR_RENT&property_type=APARTMENT&location=Ibb');
    const arabic = new URL(cityRedirectTarget('المكلا', 'sale'), 'http://x');
    expect(arabic.searchParams.get('location')).toBe('المكلا');
    expect(arabic.searchParams.get('listing_type')).toBe('FOR_SALE');
  });

  it('leaves the listing type out when it is unknown', () => {
    expect(cityRedirectTarget('taiz', 'lease')).toBe('/search-list?property_type=APARTMENT&governorate_id=12');
  });
});
