import { describe, expect, it } from 'vitest';
import { activeChips, countActive, searchPageBody, sortFromParams, withSort, withoutChip, withoutFilters } from './filters';

const POLYGON = JSON.stringify([{ lat: 12.7, lng: 44.85 }, { lat: 12.95, lng: 44.85 }, { lat: 12.95, lng: 45.15 }]);

describe('active filter chips', () => {
  it('one chip per filter, a price range as one, a drawn area with its box as one', () => {
    const p = new URLSearchParams({ listing_type: 'rent', price_min: '100', price_max: '500', bedrooms: '2', governorate_id: '3', district_id: '34', polygon: POLYGON, min_lat: '12.7', max_lat: '12.95', min_lon: '44.85', max_lon: '45.15', sort: 'price_asc', page: '3' });
    const chips = activeChips(p);
    expect(chips.map((c) => c.key)).toEqual(['listing_type', 'price', 'bedrooms', 'governorate_id', 'district_id', 'polygon']);
    expect(chips.find((c) => c.key === 'price')!.value).toEqual({ min: 100, max: 500 });
    expect(countActive(p)).toBe(6);
    // Removing the drawn area takes its box along and goes back to page 1; other filters stay.
    const noArea = withoutChip(p, chips.find((c) => c.key === 'polygon')!);
    expect([...noArea.keys()].sort()).toEqual(['bedrooms', 'district_id', 'governorate_id', 'listing_type', 'price_max', 'price_min', 'sort']);
    // A governorate takes the levels under it.
    const noGov = withoutChip(p, chips.find((c) => c.key === 'governorate_id')!);
    expect(noGov.has('district_id')).toBe(false);
    // Clear keeps only the order.
    expect(withoutFilters(p).toString()).toBe('sort=price_asc');
  });

  it('map bounds alone are a chip ("Map area"), except on the map itself', () => {
    const p = new URLSearchParams({ min_lat: '12.7', max_lat: '12.95', min_lon: '44.85', max_lon: '45.15' });
    expect(activeChips(p).map((c) => c.key)).toEqual(['bounds']);
    expect(activeChips(p, false)).toEqual([]);
    expect(searchPageBody(withoutChip(p, activeChips(p)[0]!), 'list')).toEqual({ skip: 0, limit: 10 });
  });

  it('a filter added to SearchFilters later gets a chip by its key', () => {
    // Every key parseFilters returns becomes a chip: nothing else to register for a one-parameter filter.
    const chips = activeChips(new URLSearchParams({ property_type: 'VILLA', location: 'sea view' }));
    expect(chips).toEqual([
      { key: 'property_type', value: 'VILLA', params: ['property_type'] },
      { key: 'location', value: 'sea view', params: ['location', 'search'] },
    ]);
  });
});

describe('sort in the URL', () => {
  it('reads a known order, newest otherwise; writing one goes back to page 1', () => {
    expect(sortFromParams(new URLSearchParams('sort=price_desc'))).toBe('price_desc');
    expect(sortFromParams(new URLSearchParams('sort=cheapest'))).toBe('newest');
    expect(withSort(new URLSearchParams('page=4&listing_type=FOR_RENT'), 'area_desc').toString()).toBe('listing_type=FOR_RENT&sort=area_desc');
    expect(withSort(new URLSearchParams('sort=area_desc'), 'newest').toString()).toBe('');
    expect(searchPageBody(new URLSearchParams('sort=price_asc'), 'grid')).toEqual({ skip: 0, limit: 12, sort: 'price_asc' });
  });

  it('a minimum price above the maximum searches the range between them', () => {
    expect(searchPageBody(new URLSearchParams('price_min=900&price_max=100'), 'list')).toMatchObject({ min_price: 100, max_price: 900 });
  });
});

describe('amenity filters', () => {
  it('each amenity is a chip, a floor range one chip; the search body names them as the API does', () => {
    const p = new URLSearchParams({ solar_power: '1', parking: 'true', well: '0', min_floor: '٣', max_floor: '1' });
    const chips = activeChips(p);
    expect(chips.map((c) => c.key)).toEqual(['solar_power', 'parking', 'floor']);
    expect(chips.find((c) => c.key === 'floor')!.value).toEqual({ min: 3, max: 1 });
    // A floor range typed the wrong way round is the range between them.
    expect(searchPageBody(p, 'list')).toEqual({ skip: 0, limit: 10, solar_power: true, parking: true, min_floor: 1, max_floor: 3 });
    const noFloor = withoutChip(p, chips.find((c) => c.key === 'floor')!);
    expect(noFloor.has('min_floor') || noFloor.has('max_floor')).toBe(false);
    expect(countActive(noFloor)).toBe(2);
  });
});
