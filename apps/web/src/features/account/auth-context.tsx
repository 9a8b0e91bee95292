import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, WINDOW_EVENTS, type RegisterBody, type UserMe } from '@manzil/shared';
import { ApiError, getToken } from '../../api/client';
import { fetchMe, meQuery, registerAccount, requestToken } from './api';

/**
 * The session (spec §4): no token → signed out; a token → the current user is loaded (GET /users/me);
 * if that fails with an HTTP error the token is removed and the user is signed out. Sign-in stores the token
 * and loads the user; sign-out removes both; registration is followed by sign-in. The provider also hosts
 * the sign-in/sign-up modal (opened by the `openLoginModal` window event or `openLogin()`) and the
 * delete-account dialog, both loaded on first use.
 */
export interface AuthState {
  user: UserMe | null;
  token: string | null;
  /** True while a stored token is being turned into a user. */
  isLoading: boolean;
  isAdmin: boolean;
}

export type LoginMode = 'login' | 'register';

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string) => Promise<UserMe>;
  /** Registers, then signs in with the same credentials (spec §4). */
  register: (body: RegisterBody) => Promise<UserMe>;
  /** Keeps a token and user the server just answered (Google sign-in). */
  acceptSession: (token: string, user: UserMe) => void;
  /** Replaces the current user after a profile change. */
  setUser: (user: UserMe) => void;
  logout: () => void;
  openLogin: (mode?: LoginMode) => void;
  openDeleteAccount: () => void;
}

const noop = () => {};
const SIGNED_OUT: AuthContextValue = {
  user: null,
  token: null,
  isLoading: false,
  isAdmin: false,
  login: () => Promise.reject(new Error('AuthProvider missing')),
  register: () => Promise.reject(new Error('AuthProvider missing')),
  acceptSession: noop,
  setUser: noop,
  logout: noop,
  openLogin: noop,
  openDeleteAccount: noop,
};

const AuthContext = createContext<AuthContextValue>(SIGNED_OUT);

const LoginModal = lazy(() => import('./components/LoginModal'));
const DeleteAccountDialog = lazy(() => import('./components/DeleteAccountDialog'));

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    /* storage unavailable (private mode): the session lasts for this page only */
  }
}

/** Ask the app to open the sign-in modal (the navbar, the add-property lock, …). */
export function requestLogin(mode: LoginMode = 'login') {
  window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.openLoginModal, { detail: { mode } }));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getToken());
  const [modal, setModal] = useState<{ mode: LoginMode; key: number } | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const me = useQuery(meQuery(token));

  const logout = useCallback(() => {
    storeToken(null);
    setToken(null);
    queryClient.removeQueries({ queryKey: ['users', 'me'] });
    // Views that depend on who is signed in (my listings, owner controls) load again.
    void queryClient.invalidateQueries();
  }, [queryClient]);

  // A stored token the server refuses (expired, user deleted) signs out. Network failures keep it.
  useEffect(() => {
    if (me.error instanceof ApiError && !me.error.isNetworkError && me.error.status < 500) logout();
  }, [me.error, logout]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.token || e.key === null) setToken(getToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const acceptSession = useCallback(
    (next: string, user: UserMe) => {
      storeToken(next);
      queryClient.setQueryData(meQuery(next).queryKey, user);
      setToken(next);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' });
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await requestToken(email.trim(), password);
      const user = await fetchMe(access_token);
      acceptSession(access_token, user);
      return user;
    },
    [acceptSession],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      await registerAccount(body);
      return login(body.email, body.password);
    },
    [login],
  );

  const setUser = useCallback(
    (user: UserMe) => {
      if (token) queryClient.setQueryData(meQuery(token).queryKey, user);
    },
    [queryClient, token],
  );

  const openLogin = useCallback((mode: LoginMode = 'login') => setModal((m) => ({ mode, key: (m?.key ?? 0) + 1 })), []);
  const openDeleteAccount = useCallback(() => setDeleteOpen(true), []);

  const user = token ? (me.data ?? null) : null;
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = Boolean(user);
  }, [user]);

  // spec §2: the modal opens on the window event openLoginModal (detail.mode may ask for sign-up).
  useEffect(() => {
    const onOpen = (e: Event) => {
      if (signedIn.current) return;
      const mode = (e as CustomEvent<{ mode?: LoginMode } | null>).detail?.mode;
      openLogin(mode === 'register' ? 'register' : 'login');
    };
    window.addEventListener(WINDOW_EVENTS.openLoginModal, onOpen);
    return () => window.removeEventListener(WINDOW_EVENTS.openLoginModal, onOpen);
  }, [openLogin]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      isLoading: Boolean(token) && me.isPending,
      isAdmin: user?.role === 'ADMIN',
      login,
      register,
      acceptSession,
      setUser,
      logout,
      openLogin,
      openDeleteAccount,
    }),
    [user, token, me.isPending, login, register, acceptSession, setUser, logout, openLogin, openDeleteAccount],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {modal && <LoginModal key={modal.key} initialMode={modal.mode} onClose={() => setModal(null)} />}
        {deleteOpen && <DeleteAccountDialog onClose={() => setDeleteOpen(false)} />}
      </Suspense>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
