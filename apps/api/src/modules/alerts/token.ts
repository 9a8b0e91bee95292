/**
 * The token of a mail's unsubscribe link: an id (a saved search's for its alerts, a user's for their price-drop
 * mails) and an HMAC of it and its purpose under the server's secret (JWT_SECRET, which every server of one site
 * shares). Nothing is stored and it does not expire: it can only turn that one thing off, and nobody without the
 * secret can make one for another id, or pass one purpose's token for the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token turns off: a saved search's alerts, or a user's price-drop mails (favorites/price-drop.ts). */
export type UnsubscribePurpose = 'saved-search' | 'price-drops';

const signature = (secret: string, id: number, purpose: UnsubscribePurpose) =>
  createHmac('sha256', secret).update(`${purpose}-unsubscribe:${id}`).digest('base64url');

export function unsubscribeToken(secret: string, id: number, purpose: UnsubscribePurpose = 'saved-search'): string {
  return `${id}.${signature(secret, id, purpose)}`;
}

/** The id, or null when the token is not one this server signed for this purpose. */
export function readUnsubscribeToken(secret: string, token: string, purpose: UnsubscribePurpose = 'saved-search'): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, id, purpose));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The URL a mail's List-Unsubscribe names: a POST there turns the search's alerts off, a GET shows the page. */
export function unsubscribeUrl(publicUrl: string, secret: string, savedSearchId: number): string {
  return `${publicUrl}/alerts/unsubscribe?token=${unsubscribeToken(secret, savedSearchId)}`;
}

/** The same for a user's price-drop mails: a POST turns them off, a GET shows the page. */
export function priceDropsUnsubscribeUrl(publicUrl: string, secret: string, userId: number): string {
  return `${publicUrl}/price-drops/unsubscribe?token=${unsubscribeToken(secret, userId, 'price-drops')}`;
}
