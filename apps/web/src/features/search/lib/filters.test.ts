import { describe, expect, it } from 'vitest';
import { filtersToParams, pageFromParams, parseFilters, searchBodyFor } from './filters';

const q = (s: string) => new URLSearchParams(s);

describe('search filters from the URL (every spelling of spec §2)', () => {
  it('maps sale/rent and FOR_SALE/FOR_RENT', () => {
    expect(parseFilters(q('listing_type=rent')).listing_type).toBe('FOR_RENT');
    expect(parseFilters(q('listing_type=sale')).listing_type).toBe('FOR_SALE');
    expect(parseFilters(q('listing_type=FOR_RENT')).listing_type).toBe('FOR_RENT');
    expect(parseFilters(q('listing_type=lease')).listing_type).toBeUndefined();
  });
  it('reads location or search, price_min/price_max or min_price/max_price, governorate lists', () => {
    expect(parseFilters(q('search=حدة')).location).toBe('حدة');
    expect(parseFilters(q('location=Aden&search=x')).location).toBe('Aden');
    expect(parseFilters(q('min_price=100&max_price=900'))).toMatchObject({ price_min: 100, price_max: 900 });
    expect(parseFilters(q('price_min=١٠٠&price_max=50000'))).toMatchObject({ price_min: 100, price_max: 50000 });
    expect(parseFilters(q('governorate_id=1,2')).governorate_id).toEqual([1, 2]);
    expect(parseFilters(q('governorate_id=3')).governorate_id).toBe(3);
    expect(parseFilters(q('governorate_id=x')).governorate_id).toBeUndefined();
    expect(parseFilters(q('uzaal_id=7')).uzlah_id).toBe(7);
  });
  it('turns bedrooms and bathrooms into exact or at-least ranges', () => {
    const body = (s: string) => searchBodyFor(parseFilters(q(s)), q(s), 0, 10);
    expect(body('bedrooms=2')).toMatchObject({ min_bedrooms: 2, max_bedrooms: 2 });
    expect(body('bedrooms=5')).toMatchObject({ min_bedrooms: 5 });
    expect(body('bedrooms=5')).not.toHaveProperty('max_bedrooms');
    expect(body('bedrooms=4%2B')).toMatchObject({ min_bedrooms: 4 });
    expect(body('bedrooms=4%2B')).not.toHaveProperty('max_bedrooms');
    expect(body('bathrooms=4')).not.toHaveProperty('max_bathrooms');
    expect(body('bathrooms=3')).toMatchObject({ min_bathrooms: 3, max_bathrooms: 3 });
  });
  it('builds the search body with the text, prices, area and paging', () => {
    const s = 'listing_type=rent&governorate_id=3&bedrooms=2&price_max=500&location=Khor&polygon=[[12.7,44.9],[12.9,44.9],[12.9,45.1]]&page=2';
    const body = searchBodyFor(parseFilters(q(s)), q(s), 10, 10);
    expect(body).toEqual({
      skip: 10, limit: 10, listing_type: 'FOR_RENT', governorate_id: 3, min_bedrooms: 2, max_bedrooms: 2, max_price: 500, search: 'Khor',
      polygon_coordinates: [{ lat: 12.7, lng: 44.9 }, { lat: 12.9, lng: 44.9 }, { lat: 12.9, lng: 45.1 }],
    });
    expect(pageFromParams(q(s))).toBe(2);
  });
  it("takes a drawn area alone, without the map's view box its URL carries (the box alone otherwise)", () => {
    const area = 'polygon=[[12.7,44.9],[12.9,44.9],[12.9,45.1]]';
    const box = 'min_lat=12.8&max_lat=12.85&min_lon=45&max_lon=45.05';
    const both = searchBodyFor(parseFilters(q(`${area}&${box}`)), q(`${area}&${box}`), 0, 10);
    expect(both.polygon_coordinates).toHaveLength(3);
    expect(both).not.toHaveProperty('min_lat');
    expect(both).not.toHaveProperty('max_lon');
    expect(searchBodyFor(parseFilters(q(box)), q(box), 0, 10)).toMatchObject({ min_lat: 12.8, max_lat: 12.85, min_lon: 45, max_lon: 45.05 });
  });
  it('writes one spelling back and keeps unrelated parameters', () => {
    const p = filtersToParams({ listing_type: 'FOR_SALE', price_max: 100000, governorate_id: [1, 2] }, q('min_price=5&polygon=xyz&page=3'));
    expect(p.toString()).toBe('polygon=xyz&listing_type=FOR_SALE&price_max=100000&governorate_id=1%2C2');
  });
});
