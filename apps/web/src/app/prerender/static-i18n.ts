/**
 * An i18next instance for rendering in Node (build time or the server): the given locale files bundled in,
 * no detector, no network, no Suspense.
 */
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppLanguage } from '../../i18n/config';

export async function staticI18n(lng: AppLanguage, resources: Resource, ns: string[]): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources,
    ns,
    defaultNS: 'common',
    fallbackNS: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/**
 * One instance per language, made on first use and kept for the life of the process: the server renders
 * with it on every request, and the texts never change at run time.
 */
export function staticI18nFor(resources: Resource, ns: string[]): (lng: AppLanguage) => Promise<I18n> {
  const instances = new Map<AppLanguage, Promise<I18n>>();
  return (lng) => {
    let i18n = instances.get(lng);
    if (!i18n) instances.set(lng, (i18n = staticI18n(lng, resources, ns)));
    return i18n;
  };
}
