import type { TFunction } from 'i18next';
import { messageKey } from '@manzil/shared';

const HTTP_STATUS_RE = /^HTTP error! status: (\d{3})$/;

/**
 * Translate a message that came from the server or the API client (English, from MESSAGES) through the
 * `errors` namespace; unknown texts (a server detail we have no key for) are shown as they are.
 */
export function translateApiError(t: TFunction, message: string | null | undefined): string {
  if (!message) return t('errors:unknown');
  const key = messageKey(message);
  if (key) return t(`errors:${key}`, { defaultValue: message });
  const http = HTTP_STATUS_RE.exec(message);
  if (http) return t('errors:httpError', { status: http[1], defaultValue: message });
  return message;
}

/** translateApiError for anything caught: ApiError, Error, a string or something else. */
export function translateError(t: TFunction, error: unknown): string {
  if (typeof error === 'string') return translateApiError(t, error);
  if (error instanceof Error) return translateApiError(t, error.message);
  return translateApiError(t, null);
}
