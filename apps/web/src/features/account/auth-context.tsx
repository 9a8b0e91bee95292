import { createContext, useContext, type ReactNode } from 'react';
import type { UserMe } from '@manzil/shared';

/**
 * Session state for the whole app. PLACEHOLDER: the accounts feature replaces this implementation
 * (token in localStorage 'token', GET /users/me, login/logout, …). Keep the exported names and the
 * four fields below stable: the navbar and other features read them through useAuth().
 */
export interface AuthState {
  user: UserMe | null;
  token: string | null;
  /** True while a stored token is being turned into a user. */
  isLoading: boolean;
  isAdmin: boolean;
}

const SIGNED_OUT: AuthState = { user: null, token: null, isLoading: false, isAdmin: false };

const AuthContext = createContext<AuthState>(SIGNED_OUT);

export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={SIGNED_OUT}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
