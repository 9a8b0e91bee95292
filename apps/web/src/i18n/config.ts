import { LANGUAGES, type Lang } from '@manzil/shared';
import type { InitOptions } from 'i18next';

/** Language settings shared by the i18n setup, the document helpers and tests. */
export const SUPPORTED_LANGUAGES = LANGUAGES;
export type AppLanguage = Lang;
export const DEFAULT_LANGUAGE: AppLanguage = 'ar';

/**
 * Every namespace, one per feature area, so engineers working in parallel never edit the same file.
 * `BUNDLED_NAMESPACES` are the shell's, loaded as i18n starts in the page's language only (before hydration; the
 * name is older than that: they used to ship inside the entry chunk in both languages); all others are loaded on
 * first use. Both through the dynamic-import backend in ./index.ts (one small chunk per language and namespace).
 * To add a namespace: create locales/ar/<ns>.json and locales/en/<ns>.json with the same keys, add the
 * name here, and call useTranslation('<ns>') in your feature; nothing else to register.
 */
export const BUNDLED_NAMESPACES = ['common', 'errors', 'pages'] as const;
export const LAZY_NAMESPACES = [
  'account',
  'listings',
  'owner',
  'search',
  'details',
  'admin',
  'contact',
  'info',
  'home',
  'map',
  'favorites',
  'savedSearches',
  'market',
] as const;
export const NAMESPACES = [...BUNDLED_NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the browser's i18n (./index.ts) and the server's (./server.ts) set alike, so both write the same text. */
export const COMMON_I18N_OPTIONS = {
  defaultNS: 'common',
  fallbackNS: false,
  // No fallback language: both have every key (locales.test.ts), and a fallback made i18next fetch the Arabic
  // chunk of every namespace an English page loads.
  fallbackLng: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} satisfies InitOptions;

export function toAppLanguage(lng: string | null | undefined): AppLanguage {
  return lng && /^en\b/i.test(lng) ? 'en' : 'ar';
}

export const isRtl = (lng: AppLanguage) => lng === 'ar';
