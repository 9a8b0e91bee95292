/**
 * Saved searches (issue 27): a user keeps up to 50 searches, each a POST /listings/search body as the shared
 * schema parsed it, names them, and says how often to hear of new matches. What matched is recorded by the
 * alerts module (alert_matches); this module reads it back as "new since last opened".
 */
import { sql } from 'kysely';
import {
  LIMITS,
  MESSAGES,
  SAVED_SEARCH_PAGE_KEYS,
  type SavedSearchCreate,
  type SavedSearchList,
  type SavedSearchPatch,
  type SavedSearchRead,
} from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isPublicL } from '../listings/read.js';
import type { Lang } from '@manzil/shared';

interface Row {
  id: number;
  name: string;
  filters: Record<string, unknown>;
  frequency: SavedSearchRead['frequency'];
  created_at: Date | string;
  updated_at: Date | string;
  last_seen_at: Date | string;
  new_count: number;
}

// Matches since the search was last opened, of listings the public can still see: the rows holding the search,
// found through the GIN over search_ids (a listing matches a search in one of its rows at most).
const NEW_COUNT = sql<number>`(
  select count(*)::int from alert_matches m join listings l on l.id = m.listing_id
  where m.search_ids @> array[s.id] and m.matched_at > s.last_seen_at and ${isPublicL}
)`;

const toIso = (d: Date | string) => new Date(d).toISOString();

function toRead(r: Row): SavedSearchRead {
  return {
    id: r.id,
    name: r.name,
    filters: typeof r.filters === 'string' ? JSON.parse(r.filters) : r.filters,
    frequency: r.frequency,
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
    last_seen_at: toIso(r.last_seen_at),
    new_count: Number(r.new_count),
  };
}

/** What a stored search keeps of a parsed search body: everything but the page (skip, limit, view). */
export function storedFilters(filters: SavedSearchCreate['filters']): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...filters };
  for (const k of SAVED_SEARCH_PAGE_KEYS) delete kept[k];
  for (const k of Object.keys(kept)) if (kept[k] === undefined) delete kept[k];
  return kept;
}

async function readOne(db: Database, userId: number, id: number): Promise<SavedSearchRead> {
  const res = await sql<Row>`
    select s.id, s.name, s.filters, s.frequency, s.created_at, s.updated_at, s.last_seen_at, ${NEW_COUNT} as new_count
    from saved_searches s where s.id = ${id} and s.user_id = ${userId}`.execute(db);
  const row = res.rows[0];
  if (!row) throw notFound(MESSAGES.savedSearchNotFound);
  return toRead(row);
}

export async function listSavedSearches(db: Database, userId: number): Promise<SavedSearchList> {
  const res = await sql<Row>`
    select s.id, s.name, s.filters, s.frequency, s.created_at, s.updated_at, s.last_seen_at, ${NEW_COUNT} as new_count
    from saved_searches s where s.user_id = ${userId}
    order by s.created_at desc, s.id desc`.execute(db);
  const items = res.rows.map(toRead);
  return { items, total: items.length };
}

/**
 * Saves a search; the 51st is refused (409). The user's row is locked so two saves at once cannot pass 50.
 * Its alerts are written in `lang`, the language of the page it was saved from.
 */
export async function createSavedSearch(db: Database, userId: number, body: SavedSearchCreate, lang: Lang): Promise<SavedSearchRead> {
  const id = await db.transaction().execute(async (trx) => {
    await sql`select id from users where id = ${userId} for update`.execute(trx);
    const { n } = await trx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= LIMITS.savedSearchesPerUser) throw conflict(MESSAGES.savedSearchLimit);
    const row = await trx
      .insertInto('saved_searches')
      .values({ user_id: userId, name: body.name, filters: JSON.stringify(storedFilters(body.filters)), frequency: body.frequency, lang })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return readOne(db, userId, id);
}

/** Rename, change the frequency, or mark it seen (its "new" count starts again from now). */
export async function updateSavedSearch(db: Database, userId: number, id: number, patch: SavedSearchPatch, lang: Lang): Promise<SavedSearchRead> {
  const changes: Record<string, unknown> = {};
  // A change made in the other language says which one the user reads now.
  if (patch.name !== undefined || patch.frequency !== undefined) changes.lang = lang;
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.frequency !== undefined) changes.frequency = patch.frequency;
  if (patch.name !== undefined || patch.frequency !== undefined) changes.updated_at = sql`now()`;
  if (patch.seen) changes.last_seen_at = sql`now()`;
  if (Object.keys(changes).length > 0) {
    const res = await db.updateTable('saved_searches').set(changes).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(MESSAGES.savedSearchNotFound);
  }
  return readOne(db, userId, id);
}

export async function deleteSavedSearch(db: Database, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(MESSAGES.savedSearchNotFound);
}
