import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMMON_I18N_OPTIONS, NAMESPACES, type AppLanguage } from './config';

/** Every locale file, bundled into the server renderer: the server never waits for a namespace. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = mod.default;
}

const instances = new Map<AppLanguage, Promise<I18n>>();

/** The server's i18n for one language, made on first use and kept: the texts never change at run time. */
export function serverI18n(lng: AppLanguage): Promise<I18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({
        lng,
        resources,
        ns: [...NAMESPACES],
        ...COMMON_I18N_OPTIONS,
        react: { useSuspense: false },
      })
      .then(() => i18n);
    instances.set(lng, instance);
  }
  return instance;
}
