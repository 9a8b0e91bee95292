/** Business constants of spec §9 and DESIGN §5, shared by the server and the browser. */
export const LIMITS = {
  imagesPerListing: 10,
  imageBytes: 5 * 1024 * 1024,
  imageMimeTypes: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as readonly string[],
  passwordMin: 6,
  phoneMin: 7,
  phoneMax: 25,
  ownerMessageMin: 10,
  polygonMinPoints: 3,
  polygonMaxPoints: 200,
  searchDefaultLimit: 100,
  searchMaxLimit: 100,
  boundsSearchMaxLimit: 1000,
  locationSearchMin: 2,
  locationSearchDefault: 10,
  locationSearchMax: 50,
  autocompleteResults: 6,
  adminPageSize: 20,
  titleMax: 200,
  descriptionMax: 5000,
  addressMax: 500,
  messageMax: 5000,
  nameMax: 100,
  emailMax: 254,
  passwordMax: 128,
  priceMax: 1e12,
  areaMax: 10_000_000,
  roomsMax: 100,
  searchTextMax: 200,
  /** Issue 27: saved searches a user may keep, and the length of their names. */
  savedSearchesPerUser: 50,
  savedSearchNameMax: 100,
} as const;

export const PAGE_SIZES = { listing: 12, grid: 12, list: 10, home: 4, admin: 20 } as const;

export const TIMINGS = {
  redirectAfterSaveMs: 2000,
  messageShortMs: 3000,
  messageLongMs: 5000,
  filterDebounceMs: 500,
  mapDebounceMs: 500,
  storedSuccessValidMs: 5 * 60 * 1000,
  contactSuccessMs: 5000,
  profileSuccessMs: 3000,
  watchdogMs: 10_000,
  preloaderFallbackMs: 3000,
  navbarScrollPx: 50,
  navbarScrollDebounceMs: 10,
  mobileBreakpointPx: 992,
  autocompleteDebounceMs: 300,
  autocompleteBlurCloseMs: 200,
  homeFirstLoadDelayMs: 100,
  publicRetryDelayMs: 1000,
} as const;

/** Governorate ids used by the spec's fixed links (global ids in document order of the data set). */
export const GOVERNORATE_IDS = { amanatAlAsimah: 1, sanaa: 2, aden: 3, taiz: 12, hadramout: 15 } as const;

/** "Sana'a" the city is Amanat Al-Asimah (1); the governorate Sanaa (2) surrounds it (DESIGN §5). */
export const SANAA_CITY_GOVERNORATE_IDS = [1, 2] as const;

export const MAP = {
  defaultCenter: [15.37, 44.19] as [number, number],
  defaultZoom: 6,
  searchZoom: 12,
  detailsZoom: 15,
  pickerHeightPx: 300,
  searchMapHeightPx: 600,
  detailsMapHeightPx: 350,
  zoomByLevel: { governorate: 8, district: 10, uzlah: 12, village: 14 },
  zoomWithCoordinates: 12,
  coordinateDecimals: 6,
  sanaaCenter: [15.3694, 44.191] as [number, number],
} as const;

/**
 * The map's search (POST /listings/search/map, issue 26). A view holding at most `maxPins` listings gets them
 * as pins; more, and the server counts them per grid cell of about `cellPx` screen pixels at the map's zoom.
 * 300 pins with their cover photos are ~20 KB gzipped, inside the map's budget of 30 KB an answer, and are
 * about as many markers as a phone's screen can show apart (a 400 × 700 px screen holds ~80 cells of 60 px).
 * From `pinsFromZoom` on (a street or two) the map always shows pins, the newest `maxPins` if there are more:
 * a cell there is a few metres, and clusters would stack on one spot that no zoom splits. A grid of more than
 * `maxCells` cells (a very large screen, the world at zoom 0) gets cells twice as large, until it fits.
 */
export const MAP_SEARCH = {
  maxPins: 300,
  cellPx: 60,
  maxCells: 512,
  pinsFromZoom: 18,
  minZoom: 0,
  maxZoom: 22,
} as const;

export const STORAGE_KEYS = {
  token: 'token',
  language: 'i18nextLng',
  listingSuccess: 'propertyListingSuccess',
  /** Favourites kept on this device while signed out (issue 27), merged into the account at sign-in. */
  favorites: 'manzilFavorites',
  /** The visitor's currency for "≈" prices and price steps (issue 29): YER, USD or SAR, kept on the device. */
  currency: 'manzilCurrency',
  /** Which rials the visitor counts in when comparing: a rate zone's id; absent, each listing's own place. */
  currencyZone: 'manzilCurrencyZone',
  /** The data saver (issue 30): "on" or "off" when the visitor chose; kept also in the cookie of the same name for the server. */
  dataSaver: 'manzilDataSaver',
} as const;

/**
 * The widths the server stores each photo at, for srcset (small phones, tablets, desktops). 720 is a card at pixel
 * ratio 2 (274–360 CSS px on a 360 px phone, 265–320 on a desktop), which otherwise took the 960 px copy. The last is
 * the widest kept, so the owner's browser sends nothing wider (features/owner/shrink-photo.ts).
 */
export const IMAGE_VARIANT_WIDTHS = [400, 720, 960, 1600] as const;

export const WINDOW_EVENTS = { openLoginModal: 'openLoginModal' } as const;

export const DEFAULT_EXCHANGE_RATES: Record<string, number> = { USD: 1, SAR: 3.75, YER: 530 };

/**
 * `sizes` of the details page's photos (features/details ImageCarousel). The server's preload of the cover
 * photo (modules/seo) names the same value, so the browser picks the same file from the same srcset and the
 * page reuses the preloaded download.
 */
export const DETAILS_PHOTO_SIZES = '(min-width: 1200px) 760px, (min-width: 992px) 62vw, 100vw';

/**
 * The governorate the /market page opens on: Amanat Al-Asimah, Sana'a the city (DESIGN §5). Here, not in
 * schemas/market.ts, so that the browser's entry reads it without zod.
 */
export const MARKET_DEFAULT_GOVERNORATE_ID = 1;

// Reports of listings (issue 28; their schemas are in schemas/reports.ts). Here so that a listing's page reads
// them without loading zod and the shared schemas.
export const REPORT_REASONS = ['scam', 'wrong_details', 'unavailable', 'duplicate', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_HOLD_REPORTERS = 3;
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_CASE_STATUSES = ['open', 'dismissed', 'hidden'] as const;
export type ReportCaseStatus = (typeof REPORT_CASE_STATUSES)[number];
export const ADMIN_ACTIONS = ['approve', 'reject', 'hide', 'dismiss', 'block', 'unblock', 'unhide'] as const;
export type AdminActionKind = (typeof ADMIN_ACTIONS)[number];
