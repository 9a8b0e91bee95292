import { MESSAGES, STORAGE_KEYS, TIMINGS } from '@manzil/shared';

/** Every call goes through apiFetch; paths are relative to this base ('/listings/search' → '/api/v1/listings/search'). */
export const API_BASE = '/api/v1';

/** A failed call: `message` is the English text of spec §8 (translate it with translateApiError). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` (string, validation list, …) when it sent one; null for network errors. */
  readonly detail: unknown;
  /** Seconds until the server takes the call again (a 429's Retry-After); null when it did not say. */
  readonly retryAfter: number | null;

  constructor(status: number, message: string, detail: unknown = null, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** A failed query travels from the server to the browser in the page's state (entry-server.tsx, main.tsx). */
  toJSON() {
    return { name: this.name, status: this.status, message: this.message, detail: this.detail, retryAfter: this.retryAfter };
  }

  static revive(value: unknown): unknown {
    if (!value || typeof value !== 'object' || (value as { name?: unknown }).name !== 'ApiError') return value;
    const v = value as { status: number; message: string; detail: unknown; retryAfter?: number | null };
    return new ApiError(v.status, v.message, v.detail, v.retryAfter ?? null);
  }
}

export type ApiBody = Record<string, unknown> | unknown[] | FormData | URLSearchParams | null | undefined;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object/array is sent as JSON; FormData as multipart; URLSearchParams form-encoded. */
  body?: ApiBody;
  /**
   * Send the bearer token from localStorage 'token' and use the authenticated error catalogue
   * (server detail, else 401/403/404/422 texts).
   */
  auth?: boolean;
  /**
   * A public, repeatable call: retried once after 1 s when the network fails (never on an HTTP error).
   * Defaults to true for GET/HEAD without auth; pass `public: true` for idempotent POSTs such as
   * /listings/search. Never set it on calls that must not run twice (contact messages, creates).
   */
  public?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Window event fired when an authenticated call (`auth: true`) answers 401: the session of the token it sent
 * has ended (signed out everywhere, password changed elsewhere, expired). `detail.token` is that token, so
 * the session holder signs out only if it is still the current one.
 */
export const SESSION_ENDED_EVENT = 'manzil:session-ended';

/**
 * How a call reaches the API: the browser's fetch, or on the server the API itself in-process (entry-server.tsx
 * sets it; the server renders pages with the same calls the browser makes, never through the network).
 */
export const apiTransport: { fetch: (url: string, init: RequestInit) => Promise<Response> } = {
  fetch: (url, init) => fetch(url, init),
};

/** Test seam: the delay before the one retry. */
export const clientTimings: { retryDelayMs: number } = { retryDelayMs: TIMINGS.publicRetryDelayMs };

export function getToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
}

/**
 * The server's own message: `detail` as a string, a validation list (`[{msg}]`) joined by ', ',
 * or a `message` field. Undefined when the body says nothing usable.
 */
export function serverDetailMessage(body: unknown): string | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object') return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((d) => (typeof d === 'string' ? d : d && typeof d === 'object' ? (d as { msg?: unknown }).msg : undefined))
      .filter((m): m is string => typeof m === 'string' && m.length > 0);
    if (parts.length) return parts.join(', ');
  }
  if (detail && typeof detail === 'object' && typeof (detail as { msg?: unknown }).msg === 'string') {
    return (detail as { msg: string }).msg;
  }
  if (typeof message === 'string' && message.trim()) return message;
  return undefined;
}

export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;

/** Spec §8, authenticated calls: the server's detail, else by status. */
export function authErrorMessage(status: number, body: unknown): string {
  const server = serverDetailMessage(body);
  if (server) return server;
  switch (status) {
    case 401:
      return MESSAGES.authRequired;
    case 403:
      return MESSAGES.notAuthorized;
    case 404:
      return MESSAGES.notFound;
    case 422:
      return MESSAGES.validationError;
    default:
      return httpErrorMessage(status);
  }
}

/** Spec §8, public calls: the server's detail, else 'HTTP error! status: N'. */
export function publicErrorMessage(status: number, body: unknown): string {
  return serverDetailMessage(body) ?? httpErrorMessage(status);
}

/**
 * Spec §8 "Generic by status", for screens that prefer a friendly text over the server's:
 * 400/422/429/500/503 have fixed texts; otherwise the server detail, its `error` field, or the HTTP status.
 */
export function errorMessageForStatus(status: number, body?: unknown): string {
  switch (status) {
    case 400:
      return MESSAGES.badRequest;
    case 422:
      return MESSAGES.validationErrorCheck;
    case 429:
      return MESSAGES.tooManyRequests;
    case 500:
      return MESSAGES.serverError;
    case 503:
      return MESSAGES.serviceUnavailable;
  }
  const server = serverDetailMessage(body);
  if (server) return server;
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return httpErrorMessage(status);
}

const isNetworkFailure = (error: unknown) => error instanceof TypeError;
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function buildRequest(options: ApiFetchOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // The page's language, not the browser's: mails the request causes (alerts, links, price drops) are written in it.
  if (typeof document !== 'undefined' && !headers['Accept-Language']) headers['Accept-Language'] = document.documentElement.lang === 'en' ? 'en' : 'ar';
  let body: BodyInit | undefined;
  const b = options.body;
  if (b instanceof FormData || b instanceof URLSearchParams) {
    body = b; // fetch sets the multipart boundary / form content type itself
  } else if (b !== undefined && b !== null) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(b);
  }
  if (options.auth) {
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  return { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal };
}

/**
 * The one fetch wrapper. Resolves with the parsed JSON (undefined for 204/empty bodies), or rejects with
 * an ApiError carrying the spec §8 message. An aborted call rejects with the AbortError unchanged.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const url = /^https?:\/\//.test(path) ? path : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const init = buildRequest(options);
  const method = init.method ?? 'GET';
  const retryable = options.public ?? (!options.auth && (method === 'GET' || method === 'HEAD'));

  let response: Response;
  try {
    response = await apiTransport.fetch(url, init);
  } catch (error) {
    if (isAbort(error) || !isNetworkFailure(error)) throw error;
    if (!retryable) throw new ApiError(0, MESSAGES.networkError);
    await wait(clientTimings.retryDelayMs, options.signal);
    try {
      response = await apiTransport.fetch(url, buildRequest(options));
    } catch (second) {
      if (isAbort(second) || !isNetworkFailure(second)) throw second;
      throw new ApiError(0, MESSAGES.networkError);
    }
  }

  const body = await readBody(response);
  if (response.status === 401 && options.auth) {
    const sent = /^Bearer (.+)$/.exec((init.headers as Record<string, string>).Authorization ?? '')?.[1];
    if (sent && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: { token: sent } }));
  }
  if (!response.ok) {
    const message = options.auth ? authErrorMessage(response.status, body) : publicErrorMessage(response.status, body);
    const detail = body && typeof body === 'object' && 'detail' in body ? (body as { detail: unknown }).detail : (body ?? null);
    throw new ApiError(response.status, message, detail, retryAfterSeconds(response.headers.get('retry-after')));
  }
  return body as T;
}

/** Retry-After as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * URL of an uploaded file. The API and the web app share one host, so a relative `/uploads/...` stays
 * relative; absolute URLs (object storage) pass through; null/empty gives null (show a placeholder).
 */
export function mediaUrl(fileUrl: string | null | undefined): string | null {
  if (!fileUrl) return null;
  if (/^(https?:)?\/\//.test(fileUrl) || fileUrl.startsWith('data:') || fileUrl.startsWith('blob:')) return fileUrl;
  return fileUrl.startsWith('/') ? fileUrl : `/${fileUrl}`;
}
