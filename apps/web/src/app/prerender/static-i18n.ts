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
