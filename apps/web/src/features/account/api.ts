import { queryOptions } from '@tanstack/react-query';
import type { RegisterBody, UpdateMeBody, UserMe } from '@manzil/shared';
import { apiFetch } from '../../api/client';

/** The account calls of spec §7, each a plain function; the session hooks live in auth-context.tsx. */

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
}

export interface DeletionSummary {
  listings: number;
  photos: number;
  messages: number;
}

/** GET /users/me with the stored token. The key carries the token so a new session never sees the old user. */
export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token] as const,
    queryFn: ({ signal }) => apiFetch<UserMe>('/users/me', { auth: true, signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60 * 1000,
  });

/** POST /login/token: form-encoded username (the e-mail) and password. */
export function requestToken(email: string, password: string): Promise<TokenAnswer> {
  return apiFetch<TokenAnswer>('/login/token', { method: 'POST', body: new URLSearchParams({ username: email, password }) });
}

/** GET /users/me with an explicit token (right after sign-in, before it is the stored one). */
export function fetchMe(token: string): Promise<UserMe> {
  return apiFetch<UserMe>('/users/me', { headers: { Authorization: `Bearer ${token}` }, public: false });
}

export function registerAccount(body: RegisterBody): Promise<UserMe> {
  return apiFetch<UserMe>('/users/', { method: 'POST', body: { ...body } });
}

export function updateMe(body: UpdateMeBody): Promise<UserMe> {
  return apiFetch<UserMe>('/users/me', { method: 'PATCH', body: { ...body }, auth: true });
}

export function deleteMe(): Promise<void> {
  return apiFetch<void>('/users/me', { method: 'DELETE', auth: true });
}

export const deletionSummaryQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token, 'deletion-summary'] as const,
    queryFn: ({ signal }) => apiFetch<DeletionSummary>('/users/me/deletion-summary', { auth: true, signal }),
    enabled: Boolean(token),
    staleTime: 0,
  });

export interface GoogleUserInfo {
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: string;
  google_id?: string;
}

/** POST /auth/google: the server verifies the ID token; user_info is informational only. */
export function googleSignIn(token: string, user_info: GoogleUserInfo): Promise<TokenAnswer & { user: UserMe }> {
  return apiFetch('/auth/google', { method: 'POST', body: { token, user_info: { ...user_info } } });
}
