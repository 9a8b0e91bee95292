import { GOVERNORATE_IDS, SANAA_CITY_GOVERNORATE_IDS } from '@manzil/shared';

/** Footer links (spec §2 "Footer"), as pure data so they can be tested. */

export interface FooterLink {
  /** Key in the common namespace. */
  labelKey: string;
  /** Interpolation values, e.g. the city key for the market links. */
  cityKey?: CityKey;
  to: string;
}

const search = (params: Record<string, string | number | readonly number[]>) =>
  `/search-list?${Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : encodeURIComponent(String(v))}`)
    .join('&')}`;

export const POPULAR_SEARCHES: FooterLink[] = [
  { labelKey: 'footer.popular.apartmentsForRent', to: search({ listing_type: 'FOR_RENT', property_type: 'APARTMENT' }) },
  {
    labelKey: 'footer.popular.cheapApartmentsForRent',
    to: search({ listing_type: 'FOR_RENT', property_type: 'APARTMENT', price_max: 50000 }),
  },
  { labelKey: 'footer.popular.officesForSale', to: search({ listing_type: 'FOR_SALE', property_type: 'OFFICE' }) },
  { labelKey: 'footer.popular.officesForRent', to: search({ listing_type: 'FOR_RENT', property_type: 'OFFICE' }) },
];

export type CityKey = 'sanaa' | 'taiz' | 'aden' | 'hadramout';

/**
 * English names (and spellings seen in data sets) per market city. Sana'a the city is the governorate
 * Amanat Al-Asimah ("Amant Al-Asmah" in our data, id 1), surrounded by the governorate Sanaa (id 2):
 * the link searches both (DESIGN §5).
 */
const CITY_ALIASES: Record<CityKey, string[][]> = {
  sanaa: [
    ['amant al-asmah', 'amanat al-asimah', 'amanat al asimah', 'amanat alasimah', 'sanaa city', "sana'a city"],
    ['sanaa', "sana'a", 'sana', 'sanaa governorate'],
  ],
  taiz: [['taiz', "ta'izz", 'taizz', "ta'iz"]],
  aden: [['aden', 'adan']],
  hadramout: [['hadramout', 'hadramot', 'hadramaut', 'hadhramaut', 'hadramawt', 'hadhramawt']],
};

const FALLBACK_IDS: Record<CityKey, readonly number[]> = {
  sanaa: SANAA_CITY_GOVERNORATE_IDS,
  taiz: [GOVERNORATE_IDS.taiz],
  aden: [GOVERNORATE_IDS.aden],
  hadramout: [GOVERNORATE_IDS.hadramout],
};

export const MARKET_CITIES = Object.keys(CITY_ALIASES) as CityKey[];

const simplify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

export interface GovernorateName {
  id: number;
  name_en: string;
}

/**
 * Governorate ids of each market city looked up by English name; a city whose names are not all found
 * (or no data: the request failed) uses the fixed ids.
 */
export function marketGovernorateIds(governorates: GovernorateName[] | undefined): Record<CityKey, readonly number[]> {
  const byName = new Map((governorates ?? []).map((g) => [simplify(g.name_en), g.id]));
  const result = {} as Record<CityKey, readonly number[]>;
  for (const city of MARKET_CITIES) {
    const ids = CITY_ALIASES[city].map((aliases) =>
      aliases.map((a) => byName.get(a)).find((id): id is number => id !== undefined),
    );
    result[city] = ids.every((id) => id !== undefined) ? (ids as number[]) : FALLBACK_IDS[city];
  }
  return result;
}

export function marketLinks(governorates: GovernorateName[] | undefined): FooterLink[] {
  const ids = marketGovernorateIds(governorates);
  return MARKET_CITIES.flatMap((city) => [
    {
      labelKey: 'footer.marketRent',
      cityKey: city,
      to: search({ listing_type: 'FOR_RENT', property_type: 'APARTMENT', governorate_id: ids[city] }),
    },
    {
      labelKey: 'footer.marketSale',
      cityKey: city,
      to: search({ listing_type: 'FOR_SALE', property_type: 'APARTMENT', governorate_id: ids[city] }),
    },
  ]);
}

/** The district medians of price per m² (issue 29), under the markets. */
export const MARKET_PRICES_LINK: FooterLink = { labelKey: 'footer.marketPrices', to: '/market' };

export const SOCIAL_LINKS = [
  { key: 'facebook', icon: 'bi-facebook', href: 'https://www.facebook.com/manzil.ye' },
  { key: 'x', icon: 'bi-twitter-x', href: 'https://x.com/manzil_ye' },
  { key: 'instagram', icon: 'bi-instagram', href: 'https://www.instagram.com/manzil.ye' },
] as const;
