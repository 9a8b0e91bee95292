/**
 * The token of an alert's unsubscribe link: the saved search's id and an HMAC of it under the server's secret
 * (JWT_SECRET, which every server of one site shares). Nothing is stored and it does not expire: it can only
 * turn that one search's alerts off, and nobody without the secret can make one for another id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, id: number) =>
  // A purpose of its own in the MAC, so no other signed value of the server can pass for this one.
  createHmac('sha256', secret).update(`saved-search-unsubscribe:${id}`).digest('base64url');

export function unsubscribeToken(secret: string, savedSearchId: number): string {
  return `${savedSearchId}.${signature(secret, savedSearchId)}`;
}

/** The saved search's id, or null when the token is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The URL a mail's List-Unsubscribe names: a POST there turns the search's alerts off, a GET shows the page. */
export function unsubscribeUrl(publicUrl: string, secret: string, savedSearchId: number): string {
  return `${publicUrl}/alerts/unsubscribe?token=${unsubscribeToken(secret, savedSearchId)}`;
}
