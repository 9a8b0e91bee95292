import { describe, expect, it } from 'vitest';
import { SORTS } from '@manzil/shared';
import { TABS, TAB_QUERIES } from './tabs';

describe('/property tabs', () => {
  it('each tab asks the server for an order it knows, the deal tabs for their listing type', () => {
    for (const tab of TABS) expect(SORTS).toContain(TAB_QUERIES[tab].sort);
    expect(TAB_QUERIES.top.sort).toBe('price_desc');
    expect(TAB_QUERIES.biggest.sort).toBe('area_desc');
    expect(TAB_QUERIES.rent.listing_type).toBe('FOR_RENT');
    expect(TAB_QUERIES.sale.listing_type).toBe('FOR_SALE');
    expect(TAB_QUERIES.all).toEqual({ sort: 'newest' });
  });
});
