import { describe, expect, it } from 'vitest';
import { marketGovernorateIds, marketLinks, POPULAR_SEARCHES } from './footer-links';

const DATA = [
  { id: 1, name_en: 'Amant Al-Asmah' },
  { id: 2, name_en: 'Sanaa' },
  { id: 3, name_en: 'Aden' },
  { id: 12, name_en: 'Taiz' },
  { id: 15, name_en: 'Hadramot' },
];

describe('footer links', () => {
  it('looks market cities up by English name, with aliases', () => {
    const shuffled = DATA.map((g) => ({ ...g, id: g.id + 100 }));
    expect(marketGovernorateIds(shuffled)).toEqual({ sanaa: [101, 102], taiz: [112], aden: [103], hadramout: [115] });
  });

  it('falls back to the fixed ids when the lookup fails', () => {
    expect(marketGovernorateIds(undefined)).toEqual({ sanaa: [1, 2], taiz: [12], aden: [3], hadramout: [15] });
    expect(marketGovernorateIds([{ id: 7, name_en: 'Ibb' }]).taiz).toEqual([12]);
  });

  it('builds rent and sale links per city to the search list', () => {
    const links = marketLinks(DATA);
    expect(links).toHaveLength(8);
    expect(links[0]).toMatchObject({
      cityKey: 'sanaa',
      to: '/search-list?listing_type=FOR_RENT&property_type=APARTMENT&governorate_id=1,2',
    });
    expect(links.map((l) => l.to)).toContain('/search-list?listing_type=FOR_SALE&property_type=APARTMENT&governorate_id=15');
  });

  it('has the four popular searches, the cheap one capped at 50000', () => {
    expect(POPULAR_SEARCHES).toHaveLength(4);
    expect(POPULAR_SEARCHES[1]!.to).toBe('/search-list?listing_type=FOR_RENT&property_type=APARTMENT&price_max=50000');
  });
});
