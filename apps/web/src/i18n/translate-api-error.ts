import type { TFunction } from 'i18next';
import { messageKey } from '@manzil/shared';
import { ApiError } from '../api/client';
import i18n from './index';

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

/** translateApiError for anything caught: ApiError (with when to try again), Error, a string or something else. */
export function translateError(t: TFunction, error: unknown): string {
  if (typeof error === 'string') return translateApiError(t, error);
  if (error instanceof Error) return [translateApiError(t, error.message), retryHint(t, error)].filter(Boolean).join(' ');
  return translateApiError(t, null);
}

/**
 * "You can try again in 15 minutes." for a call the server refused for now (429 with Retry-After), else null:
 * the spec's "try again later" alone leaves a locked-out owner guessing. Rounded up to whole minutes or hours.
 */
export function retryHint(t: TFunction, error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfter == null) return null;
  const s = error.retryAfter;
  const [n, unit]: [number, Intl.RelativeTimeFormatUnit] = s < 60 ? [s, 'second'] : s < 5400 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  const locale = i18n.language?.startsWith('en') ? 'en-GB' : 'ar-YE-u-nu-latn';
  return t('errors:retryIn', { when: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(n, unit) });
}
