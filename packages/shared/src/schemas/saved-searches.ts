import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { text } from './common.js';
import { searchBody } from './search.js';

/**
 * Saved searches (issue 27): a search a user keeps, named, with how often to be told of new matches.
 *
 * `filters` is a body of POST /listings/search, validated by the same schema; skip, limit and view are a page's
 * business, not the search's, and are dropped when it is stored. Alerts: `instant` (an e-mail within two
 * minutes of a matching listing becoming public), `daily` / `weekly` (one digest at a fixed hour, Asia/Aden),
 * `off` (no e-mail; new matches are still counted for the saved-searches page).
 */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** Filter keys a stored search never keeps: they belong to one page of results. */
export const SAVED_SEARCH_PAGE_KEYS = ['skip', 'limit', 'view'] as const;

const name = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  text(LIMITS.savedSearchNameMax, { min: 1, trimmed: true, minMessage: MESSAGES.savedSearchNameRequired }),
);

export const savedSearchCreate = z
  .object({
    name,
    filters: searchBody,
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES).default('daily'),
  })
  .strict();
export type SavedSearchCreate = z.infer<typeof savedSearchCreate>;
export type SavedSearchCreateInput = z.input<typeof savedSearchCreate>;

/** Rename, change how often alerts come, and/or `seen: true` (the visitor opened it: "new" counts from now). */
export const savedSearchPatch = z
  .object({
    name: name.optional(),
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES).optional(),
    seen: z.literal(true).optional(),
  })
  .strict();
export type SavedSearchPatch = z.infer<typeof savedSearchPatch>;

export const savedSearchRead = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The search body as stored (defaults filled in, page keys dropped): send it to POST /listings/search as is. */
  filters: z.record(z.string(), z.unknown()),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  created_at: z.string(),
  updated_at: z.string(),
  last_seen_at: z.string(),
  /** Listings matched (and still public) since the search was last opened. */
  new_count: z.number().int(),
});
export type SavedSearchRead = z.infer<typeof savedSearchRead>;

export const savedSearchList = z.object({ items: z.array(savedSearchRead), total: z.number().int() });
export type SavedSearchList = z.infer<typeof savedSearchList>;

export const savedSearchParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
