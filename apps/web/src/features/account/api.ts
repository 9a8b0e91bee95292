import { queryOptions } from '@tanstack/react-query';
import type { DeleteMeBody, RegisterBody, UpdateMeBody, UserMe } from '@manzil/shared';
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

/** Deletes the account, confirmed by its password (or, without one, its e-mail typed again). */
export function deleteMe(confirm: DeleteMeBody): Promise<void> {
  return apiFetch<void>('/users/me', { method: 'DELETE', body: { ...confirm }, auth: true });
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

/** The 202 answers of the calls that send an e-mail: a message of the catalogue (MESSAGES). */
export interface DetailAnswer {
  detail: string;
}

/** POST /auth/password-reset: always 202 (the same answer whether or not the address has an account). */
export function requestPasswordReset(email: string): Promise<DetailAnswer> {
  return apiFetch<DetailAnswer>('/auth/password-reset', { method: 'POST', body: { email: email.trim() } });
}

/** POST /auth/password-reset/check: rejects (400) when the link can no longer be used; does not use it up. */
export function checkPasswordReset(token: string): Promise<void> {
  return apiFetch<void>('/auth/password-reset/check', { method: 'POST', body: { token } });
}

/** POST /auth/password-reset/confirm: sets the new password and ends every session of the account. */
export function confirmPasswordReset(token: string, password: string): Promise<void> {
  return apiFetch<void>('/auth/password-reset/confirm', { method: 'POST', body: { token, password } });
}

/** POST /auth/verify-email: anonymous, the link may be opened in another browser. */
export function verifyEmail(token: string): Promise<void> {
  return apiFetch<void>('/auth/verify-email', { method: 'POST', body: { token } });
}

/** POST /auth/verify-email/resend: to the pending address if any, else to the unverified one. */
export function resendVerification(): Promise<DetailAnswer> {
  return apiFetch<DetailAnswer>('/auth/verify-email/resend', { method: 'POST', auth: true });
}

/** POST /auth/logout-all: ends every session of the account, this one included. */
export function logoutAll(): Promise<void> {
  return apiFetch<void>('/auth/logout-all', { method: 'POST', auth: true });
}

/**
 * POST /auth/logout for one token. The header is given explicitly (not `auth`), so a 401 here (the session
 * had already ended) is not reported as a session that just ended.
 */
export function logoutSession(token: string): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, public: false });
}

/** POST /auth/google: the server verifies the ID token; user_info is informational only. */
export function googleSignIn(token: string, user_info: GoogleUserInfo): Promise<TokenAnswer & { user: UserMe }> {
  return apiFetch('/auth/google', { method: 'POST', body: { token, user_info: { ...user_info } } });
}
