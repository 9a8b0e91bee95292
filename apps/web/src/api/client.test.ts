// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { ApiError, apiFetch, clientTimings, errorMessageForStatus, mediaUrl, retryAfterSeconds } from './client';

type FetchArgs = [string, RequestInit];

function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const store = new Map<string, string>();
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  store.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  clientTimings.retryDelayMs = 5;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('apiFetch', () => {
  it('prefixes /api/v1, parses JSON and sends JSON bodies', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [], total: 0 }));
    const data = await apiFetch('/listings/search', { method: 'POST', body: { limit: 10 }, public: true });
    expect(data).toEqual({ items: [], total: 0 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/listings/search');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"limit":10}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('/listings/1', { method: 'DELETE', auth: true })).resolves.toBeUndefined();
  });

  it('sends the bearer token from localStorage on authenticated calls only', async () => {
    store.set('token', 'abc.def');
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await apiFetch('/users/me', { auth: true });
    await apiFetch('/choices/');
    const authHeaders = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    const publicHeaders = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(authHeaders.Authorization).toBe('Bearer abc.def');
    expect(publicHeaders.Authorization).toBeUndefined();
  });

  it('leaves FormData and URLSearchParams bodies to fetch', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    const form = new URLSearchParams({ username: 'a@b.co', password: 'x' });
    await apiFetch('/login/token', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  describe('authenticated error catalogue', () => {
    it.each([
      [401, MESSAGES.authRequired],
      [403, MESSAGES.notAuthorized],
      [404, MESSAGES.notFound],
      [422, MESSAGES.validationError],
      [500, 'HTTP error! status: 500'],
      [409, 'HTTP error! status: 409'],
    ])('status %i without detail → %s', async (status, message) => {
      fetchMock.mockResolvedValueOnce(jsonResponse(status));
      const error = await failure(apiFetch('/users/me', { auth: true }));
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
    });

    it('prefers the server detail string', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(403, { detail: 'Not your listing' }));
      const error = await failure(apiFetch('/listings/3', { method: 'PATCH', body: {}, auth: true }));
      expect(error.message).toBe('Not your listing');
      expect(error.detail).toBe('Not your listing');
    });

    it('joins a validation list with ", "', async () => {
      const detail = [
        { loc: ['body', 'price'], msg: 'Price is required', type: 'missing' },
        { loc: ['body', 'title_ar'], msg: 'Title is required', type: 'missing' },
      ];
      fetchMock.mockResolvedValueOnce(jsonResponse(422, { detail }));
      const error = await failure(apiFetch('/listings/', { method: 'POST', body: {}, auth: true }));
      expect(error.message).toBe('Price is required, Title is required');
      expect(error.detail).toEqual(detail);
    });

    it('falls back to a message field', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'Bad thing' }));
      const error = await failure(apiFetch('/users/me', { auth: true }));
      expect(error.message).toBe('Bad thing');
    });
  });

  describe('public error catalogue', () => {
    it.each([401, 403, 404, 422, 500, 503])('status %i without detail → HTTP error! status: N', async (status) => {
      fetchMock.mockResolvedValueOnce(jsonResponse(status));
      const error = await failure(apiFetch('/listings/9'));
      expect(error.message).toBe(`HTTP error! status: ${status}`);
      expect(error.status).toBe(status);
    });

    it('uses the server detail when present', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(404, { detail: MESSAGES.propertyNotFound }));
      const error = await failure(apiFetch('/listings/9'));
      expect(error.message).toBe(MESSAGES.propertyNotFound);
    });

    it('does not retry an HTTP error', async () => {
      fetchMock.mockImplementation(async () => jsonResponse(500));
      await failure(apiFetch('/listings/9'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('network failures', () => {
    it('retries a public call once after the delay, then succeeds', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(jsonResponse(200, [1]));
      await expect(apiFetch('/locations/governorates/')).resolves.toEqual([1]);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('gives the network message after the one retry fails', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const error = await failure(apiFetch('/locations/governorates/'));
      expect(error.message).toBe(MESSAGES.networkError);
      expect(error.status).toBe(0);
      expect(error.isNetworkError).toBe(true);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('retries a POST only when marked public', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(jsonResponse(200, {}));
      await apiFetch('/listings/search', { method: 'POST', body: {}, public: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      fetchMock.mockReset();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await failure(apiFetch('/contact/platform', { method: 'POST', body: {} }));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('does not retry authenticated calls', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const error = await failure(apiFetch('/users/me', { auth: true }));
      expect(error.message).toBe(MESSAGES.networkError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('passes an abort through untouched and does not retry it', async () => {
      const abort = new DOMException('The operation was aborted.', 'AbortError');
      fetchMock.mockRejectedValue(abort);
      await expect(apiFetch('/choices/')).rejects.toBe(abort);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});

describe('Retry-After', () => {
  it('a 429 carries when to try again, through the page state too', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: MESSAGES.accountLocked }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '600' } }));
    const error = await apiFetch('/login/token', { method: 'POST', body: new URLSearchParams() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(600);
    expect((ApiError.revive(JSON.parse(JSON.stringify(error))) as ApiError).retryAfter).toBe(600);
  });

  it('reads seconds or an HTTP date; nothing usable is null', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.now() + 90_500).toUTCString())).toBeGreaterThanOrEqual(89);
    expect(retryAfterSeconds(new Date(Date.now() + 90_500).toUTCString())).toBeLessThanOrEqual(91);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(new Date(Date.now() - 60_000).toUTCString())).toBeNull();
  });
});

describe('errorMessageForStatus', () => {
  it.each([
    [400, MESSAGES.badRequest],
    [422, MESSAGES.validationErrorCheck],
    [429, MESSAGES.tooManyRequests],
    [500, MESSAGES.serverError],
    [503, MESSAGES.serviceUnavailable],
  ])('%i → %s', (status, message) => {
    expect(errorMessageForStatus(status, { detail: 'ignored' })).toBe(message);
  });

  it('otherwise uses the server detail, list, message, error, or the status', () => {
    expect(errorMessageForStatus(409, { detail: 'Taken' })).toBe('Taken');
    expect(errorMessageForStatus(409, { detail: [{ msg: 'a' }, { msg: 'b' }] })).toBe('a, b');
    expect(errorMessageForStatus(409, { message: 'm' })).toBe('m');
    expect(errorMessageForStatus(409, { error: 'e' })).toBe('e');
    expect(errorMessageForStatus(418)).toBe('HTTP error! status: 418');
  });
});

describe('mediaUrl', () => {
  it('keeps relative upload paths relative and passes absolute URLs through', () => {
    expect(mediaUrl('/uploads/listings/1/a-960.webp')).toBe('/uploads/listings/1/a-960.webp');
    expect(mediaUrl('uploads/a.webp')).toBe('/uploads/a.webp');
    expect(mediaUrl('https://cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('')).toBeNull();
  });
});
