import { z } from 'zod';
import { SAVED_SEARCH_FREQUENCIES } from './saved-searches.js';

/**
 * Unsubscribing from a saved search's alerts (issue 27) without signing in: every alert mail carries a link
 * `/alerts/unsubscribe?token=…` (also its List-Unsubscribe header). The token is the search's id signed by the
 * server; a token that is not one answers 400.
 */
const token = z.string().min(1).max(200).describe("The token of the alert mail's unsubscribe link");

export const alertUnsubscribeQuery = z.object({ token });
export const alertUnsubscribeBody = z.object({ token }).strict();
export type AlertUnsubscribeBody = z.infer<typeof alertUnsubscribeBody>;

/**
 * RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as form data to the header's URL. The body
 * says nothing the URL does not, so the server does not read it (it may be left out); this is for the document.
 */
export const alertOneClickBodyDoc = {
  type: 'object',
  properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
} as const;

/** What the unsubscribe page shows: which search the link is about, and whether its alerts are already off. */
export const alertUnsubscribeRead = z.object({ name: z.string(), frequency: z.enum(SAVED_SEARCH_FREQUENCIES) });
export type AlertUnsubscribeRead = z.infer<typeof alertUnsubscribeRead>;
