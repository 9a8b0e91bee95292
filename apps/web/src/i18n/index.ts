import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@manzil/shared';
import { BUNDLED_NAMESPACES, COMMON_I18N_OPTIONS, SUPPORTED_LANGUAGES, toAppLanguage, type AppLanguage } from './config';
import { applyDocumentLanguage } from './document';

/**
 * The browser's i18n. The language is the page's: the server chose it (?lang, the i18nextLng cookie,
 * Accept-Language, else Arabic) and rendered <html lang> with it, so the first render in the browser uses the
 * same one. A change is kept where the server reads it (the cookie) and under the spec's localStorage key.
 *
 * Every namespace is a small chunk per language and namespace, fetched through this backend: the shell's
 * (common, errors, pages) as i18n starts, in the page's language only (bundled in both, the other language was
 * ~5 KB gzip in every first visit), the features' on first use.
 * `useTranslation('search')` suspends until its file is in; the layout has a Suspense boundary around the page.
 */
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

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

/** One year; the cookie is how the server renders the next page in this language. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function rememberLanguage(lng: AppLanguage) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    /* storage unavailable: the cookie still carries it */
  }
  document.cookie = `${STORAGE_KEYS.language}=${lng}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Starts i18n in `lng`; feature namespaces load on first use or with their route (app/router.tsx). */
export function startI18n(lng: AppLanguage): Promise<unknown> {
  const ready = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng,
      ns: [...BUNDLED_NAMESPACES],
      ...COMMON_I18N_OPTIONS,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      react: { useSuspense: true },
    })
    .catch(() => undefined);
  rememberLanguage(lng);
  i18n.on('languageChanged', (next) => {
    const lang = toAppLanguage(next);
    rememberLanguage(lang);
    applyDocumentLanguage(lang);
  });
  return ready;
}

export default i18n;
