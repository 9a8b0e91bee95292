import { describe, expect, it } from 'vitest';
import { searchPageBody } from '../../search/lib/filters';
import { buildMapSearchBody, parseMapFilters, polygonFromParams } from '../../map/lib/params';
import { hasArea, paramsFromFilters, savedFiltersFromBody, searchUrl } from './filters';

const POLYGON = [{ lat: 12.7, lng: 44.85 }, { lat: 12.95, lng: 44.85 }, { lat: 12.95, lng: 45.15 }];

/** What the list page saves for a URL, and what it searches with after Open. */
const listRoundTrip = (qs: string) => {
  const saved = savedFiltersFromBody(searchPageBody(new URLSearchParams(qs), 'list'));
  return { saved, again: savedFiltersFromBody(searchPageBody(paramsFromFilters(saved), 'list')) };
};

describe('saved search filters', () => {
  it('keep every filter of the list page and no page keys; Open rebuilds the same search', () => {
    const qs =
      'listing_type=rent&property_type=APARTMENT&location=sea+view&price_min=100&price_max=500&bedrooms=2%2B&bathrooms=2' +
      '&governorate_id=3&district_id=34&uzlah_id=7&village_id=9&solar_power=1&parking=1&min_floor=1&max_floor=4&sort=price_asc&page=3';
    const { saved, again } = listRoundTrip(qs);
    expect(saved).toEqual({
      listing_type: 'FOR_RENT', property_type: 'APARTMENT', search: 'sea view', min_price: 100, max_price: 500, min_bedrooms: 2,
      min_bathrooms: 2, max_bathrooms: 2, governorate_id: 3, district_id: 34, uzlah_id: 7, village_id: 9,
      solar_power: true, parking: true, min_floor: 1, max_floor: 4, sort: 'price_asc',
    });
    expect(again).toEqual(saved);
    expect(searchUrl(saved)).toMatch(/^\/search-list\?/);
  });

  it('several governorates, exact and at-least rooms, and the defaults the server fills in', () => {
    const { saved, again } = listRoundTrip('governorate_id=1,2&bedrooms=5');
    expect(saved).toEqual({ governorate_id: [1, 2], min_bedrooms: 5 });
    expect(again).toEqual(saved);
    // As stored: defaults filled in (price_currency, sort newest) change nothing in the URL.
    expect(paramsFromFilters({ ...saved, price_currency: 'USD', sort: 'newest', view: 'full' }).toString()).toBe('bedrooms=5%2B&governorate_id=1%2C2');
  });

  it('a drawn area and map bounds open on the map, which searches with the same area', () => {
    const params = new URLSearchParams({ listing_type: 'sale', bedrooms: '3', polygon: JSON.stringify(POLYGON), min_lat: '12.7', max_lat: '12.95', min_lon: '44.85', max_lon: '45.15' });
    const bounds = { min_lat: 12.7, max_lat: 12.95, min_lon: 44.85, max_lon: 45.15 };
    const saved = savedFiltersFromBody(buildMapSearchBody(parseMapFilters(params), bounds, polygonFromParams(params)));
    expect(saved).toMatchObject({ listing_type: 'FOR_SALE', min_bedrooms: 3, max_bedrooms: 3, polygon_coordinates: POLYGON, ...bounds });
    expect(saved).not.toHaveProperty('limit');
    expect(saved).not.toHaveProperty('view');
    expect(hasArea(saved)).toBe(true);
    const url = new URL(searchUrl(saved), 'http://x');
    expect(url.pathname).toBe('/search-map');
    const back = url.searchParams;
    expect(savedFiltersFromBody(buildMapSearchBody(parseMapFilters(back), bounds, polygonFromParams(back)))).toEqual(saved);
    // Stored as [lat, lng] pairs too.
    expect(JSON.parse(paramsFromFilters({ polygon_coordinates: POLYGON.map((p) => [p.lat, p.lng]) }).get('polygon')!)).toEqual(POLYGON);
  });

  it('bounds alone (the home search box) open on the map; nothing at all opens the plain list', () => {
    expect(searchUrl({ min_lat: 12, max_lat: 13, min_lon: 44, max_lon: 45 })).toBe('/search-map?min_lat=12&max_lat=13&min_lon=44&max_lon=45');
    expect(searchUrl({})).toBe('/search-list');
  });
});
