import { describe, expect, it } from 'vitest';
import { parseBounds, parsePolygon, pointInPolygon, polygonBounds, sameBounds, serializePolygon, withBounds } from './geo';
import { buildMapResultsBody, buildMapSearchBody, buildMapViewBody, parseListingType, parseMapFilters, parseRooms, withoutArea } from './params';

const square = [
  { lat: 15.3, lng: 44.1 },
  { lat: 15.4, lng: 44.1 },
  { lat: 15.4, lng: 44.25 },
  { lat: 15.3, lng: 44.25 },
];

describe('polygonBounds', () => {
  it('gives the smallest box around the points', () => {
    expect(polygonBounds([{ lat: 12.8, lng: 45.0 }, { lat: 12.75, lng: 45.05 }, { lat: 12.9, lng: 44.98 }])).toEqual({
      min_lat: 12.75,
      max_lat: 12.9,
      min_lon: 44.98,
      max_lon: 45.05,
    });
  });
  it('is null for no points and rounds to 6 decimals', () => {
    expect(polygonBounds([])).toBeNull();
    expect(polygonBounds([{ lat: 15.12345678, lng: 44.987654321 }])).toEqual({
      min_lat: 15.123457,
      max_lat: 15.123457,
      min_lon: 44.987654,
      max_lon: 44.987654,
    });
  });
});

describe('parsePolygon', () => {
  it('reads {lat,lng}, {lat,lon} and [lat,lng] points', () => {
    expect(parsePolygon(JSON.stringify(square))).toEqual(square);
    expect(parsePolygon('[[15.3,44.1],[15.4,44.1],[15.4,44.2]]')).toEqual([
      { lat: 15.3, lng: 44.1 },
      { lat: 15.4, lng: 44.1 },
      { lat: 15.4, lng: 44.2 },
    ]);
    expect(parsePolygon('[{"lat":1,"lon":2},{"lat":1,"lon":3},{"lat":2,"lon":3}]')).toHaveLength(3);
  });
  it('rejects malformed, short, out-of-range and oversized lists', () => {
    expect(parsePolygon(null)).toBeNull();
    expect(parsePolygon('not json')).toBeNull();
    expect(parsePolygon('{"lat":1}')).toBeNull();
    expect(parsePolygon('[[1,2],[3,4]]')).toBeNull();
    expect(parsePolygon('[[1,2],[3,4],[95,4]]')).toBeNull();
    expect(parsePolygon('[[1,2],[3,4],["5",4]]')).toBeNull();
    expect(parsePolygon(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => [i % 80, i % 170])))).toBeNull();
  });
  it('round-trips through serializePolygon', () => {
    expect(parsePolygon(serializePolygon(square))).toEqual(square);
  });
});

describe('bounds in the URL', () => {
  it('needs all four valid bounds', () => {
    expect(parseBounds(new URLSearchParams('min_lat=12.7&max_lat=12.9&min_lon=44.9&max_lon=45.1'))).toEqual({
      min_lat: 12.7,
      max_lat: 12.9,
      min_lon: 44.9,
      max_lon: 45.1,
    });
    expect(parseBounds(new URLSearchParams('min_lat=12.7&max_lat=12.9&min_lon=44.9'))).toBeNull();
    expect(parseBounds(new URLSearchParams('min_lat=12.9&max_lat=12.7&min_lon=44.9&max_lon=45.1'))).toBeNull();
    expect(parseBounds(new URLSearchParams('min_lat=abc&max_lat=12.7&min_lon=44.9&max_lon=45.1'))).toBeNull();
    expect(parseBounds(new URLSearchParams('min_lat=&max_lat=12.7&min_lon=44.9&max_lon=45.1'))).toBeNull();
  });
  it('writes rounded bounds and keeps other parameters', () => {
    const next = withBounds(new URLSearchParams('listing_type=rent'), {
      min_lat: 15.123456789,
      max_lat: 15.5,
      min_lon: 44,
      max_lon: 44.5,
    });
    expect(next.get('listing_type')).toBe('rent');
    expect(next.get('min_lat')).toBe('15.123457');
    expect(withBounds(next, null).toString()).toBe('listing_type=rent');
    expect(sameBounds(parseBounds(next), { min_lat: 15.123457, max_lat: 15.5, min_lon: 44, max_lon: 44.5 })).toBe(true);
    expect(sameBounds(parseBounds(next), { min_lat: 15.2, max_lat: 15.5, min_lon: 44, max_lon: 44.5 })).toBe(false);
  });
});

describe('parseMapFilters', () => {
  it('reads the map spellings', () => {
    const f = parseMapFilters(
      new URLSearchParams(
        'listing_type=FOR_RENT&property_type=villa&min_price=100&max_price=2000&bedrooms=2&bathrooms=4&governorate_id=3&district_id=40&uzlah_id=500&village_id=9000',
      ),
    );
    expect(f).toEqual({
      listing_type: 'FOR_RENT',
      property_type: 'VILLA',
      min_price: 100,
      max_price: 2000,
      bedrooms: { min: 2, max: 2 },
      bathrooms: { min: 4 },
      governorate_id: 3,
      district_id: 40,
      uzlah_id: 500,
      village_id: 9000,
    });
  });
  it('reads the search-list spellings and home values', () => {
    const f = parseMapFilters(new URLSearchParams('listing_type=sale&price_min=٥٠٠&price_max=50000&location=%20عدن%20&governorate_id=1,2'));
    expect(f).toEqual({ listing_type: 'FOR_SALE', min_price: 500, max_price: 50000, search: 'عدن', governorate_id: [1, 2] });
  });
  it('ignores junk instead of sending it', () => {
    expect(
      parseMapFilters(new URLSearchParams('listing_type=gift&property_type=castle&min_price=-5&bedrooms=x&governorate_id=0&district_id=1.5')),
    ).toEqual({});
  });
  it('room semantics: 5+ bedrooms and 4+ bathrooms mean at least', () => {
    expect(parseRooms('5', 5)).toEqual({ min: 5 });
    expect(parseRooms('7', 5)).toEqual({ min: 7 });
    expect(parseRooms('4', 5)).toEqual({ min: 4, max: 4 });
    expect(parseRooms('4+', 5)).toEqual({ min: 4 });
    expect(parseRooms('4', 4)).toEqual({ min: 4 });
  });
  it('maps listing type words', () => {
    expect(parseListingType('rent')).toBe('FOR_RENT');
    expect(parseListingType('Sale')).toBe('FOR_SALE');
    expect(parseListingType('for_rent')).toBe('FOR_RENT');
    expect(parseListingType('')).toBeUndefined();
  });
});

describe('buildMapSearchBody', () => {
  it('sends filters, bounds and polygon with the bounds-search limit', () => {
    const body = buildMapSearchBody(
      parseMapFilters(new URLSearchParams('listing_type=rent&bedrooms=2&bathrooms=4&max_price=3000')),
      { min_lat: 1, max_lat: 2, min_lon: 3, max_lon: 4 },
      square,
    );
    expect(body).toEqual({
      skip: 0,
      limit: 1000,
      view: 'map',
      listing_type: 'FOR_RENT',
      max_price: 3000,
      min_bedrooms: 2,
      max_bedrooms: 2,
      min_bathrooms: 4,
      min_lat: 1,
      max_lat: 2,
      min_lon: 3,
      max_lon: 4,
      polygon_coordinates: square,
    });
  });
  it('the map view (issue 26): the same filters, box and area, with the zoom instead of paging and view', () => {
    const filters = parseMapFilters(new URLSearchParams('listing_type=sale&governorate_id=1,2&solar_power=1&location=حدة'));
    const bounds = { min_lat: 1, max_lat: 2, min_lon: 3, max_lon: 4 };
    const { skip: _s, limit: _l, view: _v, ...same } = buildMapSearchBody(filters, bounds, square);
    expect(buildMapViewBody(filters, bounds, square, 6)).toEqual({ ...same, zoom: 6 });
    expect(buildMapViewBody(filters, null, null, 11.6)).toEqual({ listing_type: 'FOR_SALE', governorate_id: [1, 2], solar_power: true, search: 'حدة', zoom: 12 });
  });
  it("the page's results and a saved search (issue 27): a drawn area alone, else the view's box", () => {
    const filters = parseMapFilters(new URLSearchParams('listing_type=rent'));
    const view = { min_lat: 15.27, max_lat: 15.4, min_lon: 44.15, max_lon: 44.3 };
    const withArea = buildMapResultsBody(filters, view, square);
    expect(withArea).toEqual(buildMapSearchBody(filters, null, square));
    for (const k of ['min_lat', 'max_lat', 'min_lon', 'max_lon']) expect(withArea).not.toHaveProperty(k);
    expect(withArea).toMatchObject({ polygon_coordinates: square });
    expect(buildMapResultsBody(filters, view, null)).toEqual(buildMapSearchBody(filters, view, null));
    // The map's markers stay those of the view, within the area.
    expect(buildMapViewBody(filters, view, square, 12)).toMatchObject({ ...view, polygon_coordinates: square });
  });
  it('drops the area but keeps filters', () => {
    expect(withoutArea(new URLSearchParams('a=1&min_lat=1&max_lat=2&min_lon=3&max_lon=4&polygon=[]&draw=1')).toString()).toBe('a=1');
  });
});

describe('pointInPolygon', () => {
  it('tells inside from outside', () => {
    expect(pointInPolygon({ lat: 15.35, lng: 44.2 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 15.45, lng: 44.2 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 12.8, lng: 45.03 }, square)).toBe(false);
  });
});
