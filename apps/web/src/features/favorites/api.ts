/**
 * Price-drop e-mails of favourites (issue 27): the switch on /favorites (bearer token) and the mail's unsubscribe
 * link (public). Types only from @manzil/shared: its schemas (and zod) stay out of the browser's chunks.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PriceDropMailSetting } from '@manzil/shared';
import { apiFetch } from '../../api/client';

export const priceDropMailQuery = (token: string) =>
  queryOptions({
    queryKey: ['price-drop-mail', token],
    queryFn: ({ signal }) => apiFetch<PriceDropMailSetting>('/favorites/price-drop-mail', { auth: true, signal }),
  });

export const setPriceDropMail = (enabled: boolean) =>
  apiFetch<PriceDropMailSetting>('/favorites/price-drop-mail', { method: 'PUT', auth: true, body: { enabled } });

/** Turns the link's user's price-drop mails off (204), without signing in: 400 a token this site did not sign, 404 the account is gone. */
export const unsubscribePriceDrops = (token: string) => apiFetch<void>('/favorites/price-drop-mail/unsubscribe', { method: 'POST', body: { token } });
