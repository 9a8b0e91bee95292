import { useMutation } from '@tanstack/react-query';
import { MESSAGES, type ListingContactBody, type PlatformContactBody } from '@manzil/shared';
import { ApiError, apiFetch, getToken } from '../../api/client';

export interface StoredMessage {
  id: number;
  created_at: string;
}

/**
 * POST /contact/platform. Never retried here: a message must not arrive twice. `key` is its Idempotency-Key
 * (issue 30): the same one if this message is sent again (a double click, the outbox after a dropped link).
 */
export function sendPlatformMessage(body: PlatformContactBody, key: string) {
  return apiFetch<StoredMessage>('/contact/platform', { method: 'POST', body: { ...body }, public: false, headers: { 'Idempotency-Key': key } });
}

/**
 * POST /contact/listing/{id}. The token goes along when there is one, so the server can refuse an owner
 * writing to their own listing even if the page did not know.
 */
export function sendListingMessage(listingId: number, body: ListingContactBody, key: string) {
  return apiFetch<StoredMessage>(`/contact/listing/${listingId}`, {
    method: 'POST',
    body: { ...body },
    auth: Boolean(getToken()),
    public: false,
    headers: { 'Idempotency-Key': key },
  });
}

export const usePlatformMessage = () => useMutation({ mutationFn: ({ body, key }: { body: PlatformContactBody; key: string }) => sendPlatformMessage(body, key) });
export const useListingMessage = (listingId: number) =>
  useMutation({ mutationFn: ({ body, key }: { body: ListingContactBody; key: string }) => sendListingMessage(listingId, body, key) });

/**
 * Spec §8 Contact: the server's detail first, else 'Failed to send message. Please try again.';
 * a network failure gets the contact form's own network text. English, to be translated.
 */
export function contactErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return MESSAGES.contactNetworkError;
    const d = error.detail;
    if (typeof d === 'string' && d.trim()) return d;
    // A validation list: its first message is the rule that failed first (spec §5 order).
    if (Array.isArray(d) && d[0] && typeof d[0] === 'object' && typeof (d[0] as { msg?: unknown }).msg === 'string') {
      return (d[0] as { msg: string }).msg;
    }
  }
  return MESSAGES.sendFailed;
}
