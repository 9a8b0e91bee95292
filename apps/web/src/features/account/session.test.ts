// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { ApiError, apiFetch, SESSION_ENDED_EVENT } from '../../api/client';
import { sendFailureMessage } from './useResendVerification';

const store = new Map<string, string>();
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a refused session (401 to an authenticated call)', () => {
  const ended: (string | undefined)[] = [];
  beforeEach(() => {
    store.clear();
    ended.length = 0;
    fetchMock.mockReset();
    const target = new EventTarget();
    target.addEventListener(SESSION_ENDED_EVENT, (e) => ended.push((e as CustomEvent<{ token?: string }>).detail?.token));
    vi.stubGlobal('window', target);
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is reported with the token that was sent', async () => {
    store.set('token', 'tok-1');
    fetchMock.mockResolvedValue(json(401, { detail: 'Could not validate credentials' }));
    await expect(apiFetch('/listings/my-listings', { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual(['tok-1']);
  });

  it('is not reported for other answers, anonymous calls, or calls without a token', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Incorrect email or password' }));
    await expect(apiFetch('/login/token', { method: 'POST', body: new URLSearchParams({ username: 'a', password: 'b' }) })).rejects.toThrow();
    await expect(apiFetch('/users/me', { auth: true })).rejects.toThrow(); // no stored token
    store.set('token', 'tok-2');
    fetchMock.mockResolvedValue(json(403, { detail: MESSAGES.currentPasswordWrong }));
    await expect(apiFetch('/users/me', { method: 'PATCH', body: {}, auth: true })).rejects.toThrow(MESSAGES.currentPasswordWrong);
    // logoutSession passes its header itself: an already-ended session is not news
    fetchMock.mockResolvedValue(json(401, {}));
    await expect(apiFetch('/auth/logout', { method: 'POST', headers: { Authorization: 'Bearer tok-2' }, public: false })).rejects.toThrow();
    expect(ended).toEqual([]);
  });
});

describe('messages of the e-mail sending calls', () => {
  it('429 is "too many requests" unless the server named a catalogue message', () => {
    expect(sendFailureMessage(new ApiError(429, 'Rate limit exceeded, retry in 1 minute', 'Rate limit exceeded, retry in 1 minute'))).toBe(MESSAGES.tooManyRequests);
    expect(sendFailureMessage(new ApiError(429, MESSAGES.accountLocked, MESSAGES.accountLocked))).toBe(MESSAGES.accountLocked);
  });
  it('network errors say so; other answers give the server detail or the generic text', () => {
    expect(sendFailureMessage(new ApiError(0, MESSAGES.networkError))).toBe(MESSAGES.networkError);
    expect(sendFailureMessage(new ApiError(400, MESSAGES.resetLinkInvalid, MESSAGES.resetLinkInvalid))).toBe(MESSAGES.resetLinkInvalid);
    expect(sendFailureMessage(new ApiError(500, 'x', null))).toBe(MESSAGES.serverError);
    expect(sendFailureMessage(new Error('boom'))).toBe(MESSAGES.serverError);
  });
});
