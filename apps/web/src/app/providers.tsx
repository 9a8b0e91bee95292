import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../features/account/auth-context';
import i18n from '../i18n';

/**
 * Query defaults: no automatic query retries (apiFetch already retries public calls once on a network
 * error, and HTTP errors are answers, not accidents), no refetch on window focus, data fresh for 30 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one client; the router also uses it to start a page's first request early (router.tsx). */
export const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
