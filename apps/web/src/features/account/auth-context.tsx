import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MESSAGES, STORAGE_KEYS, WINDOW_EVENTS, type RegisterBody, type UserMe } from '@manzil/shared';
import { ApiError, getToken, SESSION_ENDED_EVENT } from '../../api/client';
import { forgetDeviceCopies } from '../../app/offline/keep';
import { sessionKey, useLastSeen } from '../../app/offline/snapshot';
import { fetchMe, logoutAll, logoutSession, meQuery, registerAccount, requestToken } from './api';
import { AccountNotice, type Notice } from './components/AccountNotice';

/**
 * The session (spec §4): no token → signed out; a token → the current user is loaded (GET /users/me);
 * if that fails with an HTTP error the token is removed and the user is signed out. Sign-in stores the token
 * and loads the user; sign-out removes both; registration is followed by sign-in. Any authenticated call
 * answering 401 (SESSION_ENDED_EVENT: signed out everywhere, password changed elsewhere) signs out here too,
 * with a notice. The provider also hosts the sign-in/sign-up modal (opened by the `openLoginModal` window
 * event or `openLogin()`), the delete-account and sign-out-everywhere dialogs (loaded on first use) and
 * the account notice (a toast screen readers announce).
 */
export interface AuthState {
  user: UserMe | null;
  token: string | null;
  /** True until the stored session has been read (after hydration), and while a stored token is being turned into a user. */
  isLoading: boolean;
  /** The stored session has been read: false on the server and while hydrating, where every page is the signed-out one. */
  sessionRead: boolean;
  isAdmin: boolean;
}

export type LoginMode = 'login' | 'register' | 'forgot';
/** Why the modal was opened, when it is for something other than publishing: its first line says so. */
export type LoginIntro = 'saveSearch';
/** `email` prefills the e-mail of the forgot-password mode, `intro` says why the modal was asked for. */
export interface LoginOptions {
  email?: string;
  intro?: LoginIntro;
}

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string) => Promise<UserMe>;
  /** Registers, then signs in with the same credentials (spec §4). */
  register: (body: RegisterBody) => Promise<UserMe>;
  /** Keeps a token and user the server just answered (Google sign-in). */
  acceptSession: (token: string, user: UserMe) => void;
  /** Replaces the current user after a profile change. */
  setUser: (user: UserMe) => void;
  /** Loads the current user again (after an e-mail was verified). */
  refreshUser: () => Promise<void>;
  /** Signs out here; by default also ends this session on the server (best effort, never blocks). */
  logout: (options?: { revoke?: boolean }) => void;
  /** POST /auth/logout-all, then signs out here with the signedOutEverywhere notice. Rejects if the call failed. */
  logoutEverywhere: () => Promise<void>;
  /** Shows a message of the catalogue (English, translated through errors.json) in the account notice. */
  notify: (message: string, kind?: Notice['kind']) => void;
  /** Opens the sign-in modal in a mode. */
  openLogin: (mode?: LoginMode, options?: LoginOptions) => void;
  openDeleteAccount: () => void;
  openSignOutEverywhere: () => void;
}

const noop = () => {};
const SIGNED_OUT: AuthContextValue = {
  user: null,
  token: null,
  isLoading: false,
  sessionRead: true,
  isAdmin: false,
  login: () => Promise.reject(new Error('AuthProvider missing')),
  register: () => Promise.reject(new Error('AuthProvider missing')),
  acceptSession: noop,
  setUser: noop,
  refreshUser: () => Promise.resolve(),
  logout: noop,
  logoutEverywhere: () => Promise.reject(new Error('AuthProvider missing')),
  notify: noop,
  openLogin: noop,
  openDeleteAccount: noop,
  openSignOutEverywhere: noop,
};

const AuthContext = createContext<AuthContextValue>(SIGNED_OUT);

const LoginModal = lazy(() => import('./components/LoginModal'));
const DeleteAccountDialog = lazy(() => import('./components/DeleteAccountDialog'));
const SignOutEverywhereDialog = lazy(() => import('./components/SignOutEverywhereDialog'));

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
  // A stored session is read after the first render: the server's HTML is the signed-out page, and hydration
  // must start from the same (before paint, so a page the browser renders itself never flashes "Sign in").
  // With none stored, the first render is already the final one: the signed-out page draws the same before and
  // after the read, so no second, synchronous render of every part asking for the session follows hydration.
  const [token, setToken] = useState<string | null>(null);
  const [sessionRead, setSessionRead] = useState(() => typeof document !== 'undefined' && getToken() === null);
  useLayoutEffect(() => {
    if (sessionRead) return;
    setToken(getToken());
    setSessionRead(true);
  }, [sessionRead]);
  const [modal, setModal] = useState<(LoginOptions & { mode: LoginMode; key: number }) | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [signOutAllOpen, setSignOutAllOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);

  const me = useQuery(meQuery(token));

  const notify = useCallback((message: string, kind: Notice['kind'] = 'success') => {
    setNotice((n) => ({ message, kind, id: (n?.id ?? 0) + 1 }));
  }, []);

  const dismissNotice = useCallback(() => setNotice(null), []);

  const signOutHere = useCallback(() => {
    storeToken(null);
    setToken(null);
    forgetDeviceCopies();
    queryClient.removeQueries({ queryKey: ['users', 'me'] });
    // Views that depend on who is signed in (my listings, owner controls) load again.
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const logout = useCallback(
    ({ revoke = true }: { revoke?: boolean } = {}) => {
      const current = tokenRef.current;
      // Best effort: offline or refused, the visitor is signed out here all the same.
      if (current && revoke) void logoutSession(current).catch(() => undefined);
      signOutHere();
    },
    [signOutHere],
  );

  const logoutEverywhere = useCallback(async () => {
    await logoutAll();
    signOutHere();
    notify(MESSAGES.signedOutEverywhere);
  }, [signOutHere, notify]);

  // The server refused the current token on some call: the session was ended elsewhere. Sign out, say so.
  useEffect(() => {
    const onEnded = (e: Event) => {
      const ended = (e as CustomEvent<{ token?: string } | null>).detail?.token;
      if (!ended || ended !== tokenRef.current) return;
      tokenRef.current = null;
      signOutHere();
      notify(MESSAGES.authRequiredAgain, 'warning');
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [signOutHere, notify]);

  // A stored token the server refuses (expired, user deleted) signs out. Network failures keep it.
  useEffect(() => {
    if (me.error instanceof ApiError && !me.error.isNetworkError && me.error.status < 500) logout({ revoke: false });
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

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
  }, [queryClient]);

  const openLogin = useCallback(
    (mode: LoginMode = 'login', options?: LoginOptions) => setModal((m) => ({ ...options, mode, key: (m?.key ?? 0) + 1 })),
    [],
  );
  const openDeleteAccount = useCallback(() => setDeleteOpen(true), []);
  const openSignOutEverywhere = useCallback(() => setSignOutAllOpen(true), []);

  // Offline (issue 30): the account as last read on this device, so a signed-in visitor stays signed in on the
  // pages kept for reading; cleared at sign-out with the other copies.
  const lastSeenMe = useLastSeen<UserMe>('me', token ? sessionKey(token) : '', token ? me.data : undefined, me.error);
  const user = token ? (me.data ?? lastSeenMe?.data ?? null) : null;
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = Boolean(user);
  }, [user]);

  // spec §2: the modal opens on the window event openLoginModal (detail.mode may ask for sign-up).
  useEffect(() => {
    const onOpen = (e: Event) => {
      if (signedIn.current) return;
      const mode = (e as CustomEvent<{ mode?: LoginMode } | null>).detail?.mode;
      openLogin(mode === 'register' || mode === 'forgot' ? mode : 'login');
    };
    window.addEventListener(WINDOW_EVENTS.openLoginModal, onOpen);
    return () => window.removeEventListener(WINDOW_EVENTS.openLoginModal, onOpen);
  }, [openLogin]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      // Until the stored session is read, nobody is known to be signed out (pages behind sign-in wait).
      isLoading: !sessionRead || (Boolean(token) && me.isPending),
      sessionRead,
      isAdmin: user?.role === 'ADMIN',
      login,
      register,
      acceptSession,
      setUser,
      refreshUser,
      logout,
      logoutEverywhere,
      notify,
      openLogin,
      openDeleteAccount,
      openSignOutEverywhere,
    }),
    [user, token, sessionRead, me.isPending, login, register, acceptSession, setUser, refreshUser, logout, logoutEverywhere, notify, openLogin, openDeleteAccount, openSignOutEverywhere],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {modal && <LoginModal key={modal.key} initialMode={modal.mode} initialEmail={modal.email} intro={modal.intro} onClose={() => setModal(null)} />}
        {deleteOpen && <DeleteAccountDialog onClose={() => setDeleteOpen(false)} />}
        {signOutAllOpen && <SignOutEverywhereDialog onClose={() => setSignOutAllOpen(false)} />}
      </Suspense>
      <AccountNotice notice={notice} onDismiss={dismissNotice} />
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
