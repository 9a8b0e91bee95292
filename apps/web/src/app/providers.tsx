import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FavoritesProvider } from '../components/favorites/FavoritesProvider';
import { AuthProvider, useAuth } from '../features/account/auth-context';
import { AppErrorBoundary } from './errors/AppErrorBoundary';

/**
 * Query defaults: no automatic query retries (apiFetch already retries public calls once on a network
 * error, and HTTP errors are answers, not accidents), no refetch on window focus, data fresh for 30 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: without a network a query still asks, and the service worker answers from what the device
      // kept (issue 30); TanStack's default would hold it paused, a skeleton that never fills.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

/** What every page renders inside (the error boundary of spec §2 included), on the server (one of each per request) and in the browser. */
export function AppProviders({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <SignedInFavorites>{children}</SignedInFavorites>
          </AuthProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

/** The hearts follow the session: the account's favourites signed in, the device's signed out (issue 27). */
function SignedInFavorites({ children }: { children: ReactNode }) {
  const { token, user } = useAuth();
  // A token is the account's once the server has accepted it (a stale one signs out instead).
  return <FavoritesProvider token={user ? token : null}>{children}</FavoritesProvider>;
}
