/**
 * Listing fixtures for tests of any area: insertListing puts an approved, active listing straight into
 * the database with search_text, price_usd and the location point computed as the real write path does.
 * Override anything, e.g. insertListing(db, owner.id, { status: 'pending', listing_type: 'FOR_RENT' }).
 */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../src/db/types.js';
import { insertListingRow, type ListingInput } from '../src/db/demo/rows.js';
import { http } from './helpers.js';

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

/**
 * A listing of the `token`'s user with one photo, both through the API as an owner makes them: a 2000 × 1300 JPEG,
 * so the photo has every stored copy. Returns the listing, the photo's id and its copies as the upload answered.
 */
export async function listingWithUploadedPhoto(t: { url: string; db: Kysely<DB> }, token: string) {
  const d = await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const created = await http(t.url, 'POST', '/api/v1/listings/', {
    token,
    body: { title_ar: 'بيت', description_ar: 'بيت جميل', price: 1000, currency: 'USD', property_details: { property_type: 'HOUSE', area_sqm: 200, governorate_id: 1, district_id: d.id } },
  });
  if (created.status !== 201) throw new Error(`listing not created: ${created.status} ${JSON.stringify(created.body)}`);
  const fd = new FormData();
  const jpeg = await sharp({ create: { width: 2000, height: 1300, channels: 3, background: '#8e44ad' } }).jpeg().toBuffer();
  fd.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
  const up = await http(t.url, 'POST', `/api/v1/listings/${created.body.id}/upload-image/`, { token, raw: fd });
  if (up.status !== 201) throw new Error(`photo not uploaded: ${up.status} ${JSON.stringify(up.body)}`);
  return {
    id: created.body.id as number,
    photoId: up.body.id as number,
    variants: up.body.variants as { width: number; url: string; bytes: number | null }[],
  };
}
