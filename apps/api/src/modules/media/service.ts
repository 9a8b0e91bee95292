/**
 * Listing photos (DESIGN §1, §5): judged by content (JPEG, PNG, WebP only), at most 5 MB and 10 per listing
 * even under parallel uploads, re-encoded by sharp into WebP variants with every piece of metadata (EXIF,
 * GPS, XMP, ICC) dropped, stored through the Storage interface.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, LIMITS, MESSAGES, type MediaItem } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, notFound, tooLarge, unprocessable, unsupportedMedia } from '../../lib/errors.js';
import { deleteMediaFiles, type Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { mediaToItem } from '../listings/read.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Guards against decompression bombs: a 5 MB file may still claim gigapixels. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface ProcessedImage {
  variants: { width: number; height: number; data: Buffer }[];
  width: number;
  height: number;
}

/** The widths to store for an image `width` px wide: the targets below it, and never wider than it is. */
export function variantWidths(width: number): number[] {
  const out: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!);
  if (!out.includes(largest)) out.push(largest);
  return out;
}

/** One stored copy of a photo: upright, `width` px wide at most, WebP. Throws on content sharp cannot decode. */
export async function encodeVariant(input: Buffer, width: number): Promise<ProcessedImage['variants'][number]> {
  // No withMetadata(): sharp writes none of the input's EXIF/GPS/XMP into the output.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { width, height: info.height, data };
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LIMITS.imageBytes) throw tooLarge(MESSAGES.fileTooLarge);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unsupportedMedia(MESSAGES.invalidFileType);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw unsupportedMedia(MESSAGES.invalidFileType);
  }
  // EXIF orientations 5–8 swap width and height once the picture is turned upright.
  const upright = (meta.orientation ?? 1) >= 5 ? { w: meta.height, h: meta.width } : { w: meta.width, h: meta.height };
  const variants: ProcessedImage['variants'] = [];
  try {
    for (const w of variantWidths(upright.w)) variants.push(await encodeVariant(input, w));
  } catch {
    // Truncated or corrupt content behind a valid header.
    throw unsupportedMedia(MESSAGES.invalidFileType);
  }
  const largest = variants[variants.length - 1]!;
  return { variants, width: largest.width, height: largest.height };
}

async function ownedListing(db: Database, user: AuthUser, listingId: number, allowAdmin: boolean) {
  const row = await db.selectFrom('listings').select(['owner_id']).where('id', '=', listingId).executeTakeFirst();
  if (!row) throw notFound();
  if (row.owner_id !== user.id && !(allowAdmin && user.role === 'ADMIN')) throw forbidden();
}

/** Cheap checks before the upload body is read and decoded: the listing, its owner, room for one more. */
export async function checkCanUpload(db: Database, user: AuthUser, listingId: number) {
  await ownedListing(db, user, listingId, false);
  const { n } = await db
    .selectFrom('listing_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= LIMITS.imagesPerListing) throw conflict(MESSAGES.tooManyImages);
}

/**
 * Stores the files, then inside one transaction locks the listing row, counts its images and inserts the
 * new one: parallel uploads to one listing take turns at the lock, so the eleventh is always refused.
 * When the insert is refused, the files just written are removed again.
 * `position` is the photo's place as the owner chose it (issue 25): stored as given, so a batch uploaded in
 * parallel keeps its order whichever upload finishes first (photos sort by position, then id). Without it
 * the photo goes after the last one.
 */
export async function addImage(
  db: Database,
  storage: Storage,
  user: AuthUser,
  listingId: number,
  img: ProcessedImage,
  position?: number,
): Promise<MediaItem> {
  const key = `listings/${listingId}/${randomBytes(12).toString('hex')}`;
  const stored = { storage_key: key, widths: img.variants.map((v) => v.width) };
  await Promise.all(img.variants.map((v) => storage.put(`${key}-${v.width}.webp`, v.data, 'image/webp')));
  try {
    const row = await db.transaction().execute(async (trx) => {
      const listing = await trx.selectFrom('listings').select(['owner_id']).where('id', '=', listingId).forUpdate().executeTakeFirst();
      if (!listing) throw notFound();
      if (listing.owner_id !== user.id) throw forbidden();
      const existing = await trx
        .selectFrom('listing_media')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
        .where('listing_id', '=', listingId)
        .executeTakeFirstOrThrow();
      if (Number(existing.n) >= LIMITS.imagesPerListing) throw conflict(MESSAGES.tooManyImages);
      const place = position ?? (existing.last == null ? 0 : Number(existing.last) + 1);
      const inserted = await trx
        .insertInto('listing_media')
        .values({
          listing_id: listingId,
          storage_key: key,
          widths: stored.widths,
          variant_bytes: img.variants.map((v) => v.data.length),
          width: img.width,
          height: img.height,
          bytes: img.variants.reduce((s, v) => s + v.data.length, 0),
          position: place,
        })
        .returning(['id', 'storage_key', 'widths', 'variant_bytes', 'width', 'height', 'position'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('listings').set({ updated_at: new Date() }).where('id', '=', listingId).execute();
      return inserted;
    });
    return mediaToItem(storage, row);
  } catch (err) {
    await deleteMediaFiles(storage, [stored]);
    throw err;
  }
}

/** Owner (or an admin) removes one image; its files go once the row is gone. */
export async function deleteImage(db: Database, storage: Storage, user: AuthUser, listingId: number, imageId: number) {
  await ownedListing(db, user, listingId, true);
  const row = await db
    .deleteFrom('listing_media')
    .where('id', '=', imageId)
    .where('listing_id', '=', listingId)
    .returning(['storage_key', 'widths'])
    .executeTakeFirst();
  if (!row) throw notFound();
  return deleteMediaFiles(storage, [row]);
}

/**
 * PUT /listings/{id}/images/order (issue 25): the owner puts the listing's photos in this order, the first the
 * cover. `imageIds` must be exactly the listing's photos, each once. The listing row is locked, so an upload or
 * a delete running at the same time waits, and the positions 0..n-1 are rewritten in one statement. Touching
 * the listing moves its revision (migration 009), so search pages show the new cover on their next request.
 */
export async function reorderImages(db: Database, storage: Storage, user: AuthUser, listingId: number, imageIds: number[]): Promise<MediaItem[]> {
  const rows = await db.transaction().execute(async (trx) => {
    const listing = await trx.selectFrom('listings').select(['owner_id']).where('id', '=', listingId).forUpdate().executeTakeFirst();
    if (!listing) throw notFound();
    if (listing.owner_id !== user.id) throw forbidden();
    const media = await trx
      .selectFrom('listing_media')
      .select(['id', 'storage_key', 'widths', 'variant_bytes', 'width', 'height', 'position'])
      .where('listing_id', '=', listingId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const byId = new Map(media.map((m) => [m.id, m]));
    if (new Set(imageIds).size !== imageIds.length) throw unprocessable(MESSAGES.imageOrderDuplicate);
    if (imageIds.some((imageId) => !byId.has(imageId))) throw unprocessable(MESSAGES.imageOrderUnknown);
    if (imageIds.length !== media.length) throw unprocessable(MESSAGES.imageOrderMissing);
    // Already in this order at positions 0..n-1: nothing is written (the revision stays, pages stay cached).
    if (imageIds.some((imageId, i) => media[i]!.id !== imageId || media[i]!.position !== i)) {
      // The listing first: its own update moves the revision, and the photo trigger then leaves it alone.
      await trx.updateTable('listings').set({ updated_at: new Date() }).where('id', '=', listingId).execute();
      await sql`
        update listing_media m set position = o.n - 1
        from unnest(${imageIds}::int[]) with ordinality o(id, n)
        where m.id = o.id and m.listing_id = ${listingId} and m.position <> o.n - 1`.execute(trx);
    }
    return imageIds.map((imageId, i) => ({ ...byId.get(imageId)!, position: i }));
  });
  return rows.map((r) => mediaToItem(storage, r));
}
