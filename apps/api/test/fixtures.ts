/**
 * Listing fixtures for tests of any area: insertListing puts an approved, active listing straight into
 * the database with search_text, price_usd and the location point computed as the real write path does.
 * Override anything, e.g. insertListing(db, owner.id, { status: 'pending', listing_type: 'FOR_RENT' }).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/types.js';
import { insertListingRow, type ListingInput } from '../src/db/demo/rows.js';

export type { ListingInput };

let seq = 0;

/** Inserts one listing and returns its id. Defaults: approved, active apartment for sale in Sana'a, 100,000 USD. */
export async function insertListing(db: Kysely<DB>, ownerId: number, overrides: ListingInput = {}, rates?: Record<string, number>) {
  seq += 1;
  return insertListingRow(
    db,
    ownerId,
    { title_en: `Test apartment ${seq}`, title_ar: `شقة تجريبية ${seq}`, ...overrides },
    rates,
  );
}

/** A media row for a listing (no files on disk; enough for reads that list images). */
export async function insertMedia(db: Kysely<DB>, listingId: number, position = 0) {
  const row = await db
    .insertInto('listing_media')
    .values({
      listing_id: listingId,
      storage_key: `listings/${listingId}/fixture${position}`,
      widths: [400, 720, 960, 1600],
      width: 1600,
      height: 1067,
      bytes: 1000,
      position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
