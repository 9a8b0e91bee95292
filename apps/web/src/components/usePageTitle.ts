import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** On the server, the page's title is kept here while it renders, for the <title> of its HTML (entry-server.tsx). */
export const ServerHeadContext = createContext<{ title: string | null } | null>(null);

/** Sets document.title to "<title> | منزل" (or "| Manzil"), following the language. */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const app = t('appName');
  const full = title ? `${title} | ${app}` : app;
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
