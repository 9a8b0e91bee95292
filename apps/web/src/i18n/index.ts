import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@manzil/shared';
import { BUNDLED_NAMESPACES, DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from './config';
import { applyDocumentLanguage } from './document';
import arCommon from './locales/ar/common.json';
import arErrors from './locales/ar/errors.json';
import arPages from './locales/ar/pages.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enPages from './locales/en/pages.json';

/**
 * Loading strategy: the shell's namespaces (common, errors, pages) are bundled statically in both languages
 * (a few KB), so the navbar, footer, error pages and API errors translate synchronously. Every feature
 * namespace (home, search, listings, …) is fetched on first use through this backend: Vite turns the
 * glob below into one small chunk per language and namespace, so e.g. the long FAQ text never weighs
 * on the home page. `useTranslation('search')` suspends until its file is in; the layout has a Suspense
 * boundary around the page outlet.
 */
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
  '!./locales/*/errors.json',
  '!./locales/*/pages.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyFiles[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No locale file ${language}/${namespace}.json`), false);
    load()
      .then((mod) => callback(null, mod.default))
      .catch((error: unknown) => callback(error as Error, false));
  },
};

export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {
      ar: { common: arCommon, errors: arErrors, pages: arPages },
      en: { common: enCommon, errors: enErrors, pages: enPages },
    },
    partialBundledLanguages: true,
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    fallbackNS: false,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: {
      order: ['localStorage', 'htmlTag'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng));
if (i18n.isInitialized) applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);

export default i18n;
