/** An error with an HTTP status whose message is safe to show (DESIGN §4: `{"detail": "..."}`). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Authentication required. Please log in.') => new HttpError(401, m);
export const forbidden = (m = 'You are not authorized to perform this action.') => new HttpError(403, m);
export const notFound = (m = 'Resource not found.') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooLarge = (m: string) => new HttpError(413, m);
export const unsupportedMedia = (m: string) => new HttpError(415, m);
export const unprocessable = (m: string) => new HttpError(422, m);
export const unavailable = (m: string) => new HttpError(503, m);
/** 429 with Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (m: string, retryAfterMs: number) =>
  new HttpError(429, m, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
