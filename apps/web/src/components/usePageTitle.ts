import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to "<title> | منزل" (or "| Manzil"), following the language. */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const app = t('appName');
  useEffect(() => {
    document.title = title ? `${title} | ${app}` : app;
  }, [title, app]);
}
