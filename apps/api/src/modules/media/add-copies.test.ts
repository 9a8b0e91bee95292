/**
 * `npm run media:add-copies`: a photo stored before the 720 px copy existed gets it, drawn from its 960 px copy,
 * with its size; one whose wider copies are gone is reported and left as it was; a second run has nothing to do.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingWithUploadedPhoto } from '../../../test/fixtures.js';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';
import { addMissingCopies } from './add-copies.js';

type Variant = { width: number; url: string; bytes: number | null };

describe.each(DB_KINDS)('copies added to older photos (%s)', (kind) => {
  let t: TestApp;
  let owner: { token: string };
  const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
  });
  afterAll(async () => t?.close());

  /** A listing with one photo as stored before 720 px was a width: its row and files without that copy. */
  async function olderPhoto() {
    const { id, photoId, variants } = await listingWithUploadedPhoto(t, owner.token);
    const old = variants.filter((v) => v.width !== 720);
    fs.rmSync(fileOf(variants.find((v) => v.width === 720)!.url));
    await t.db
      .updateTable('listing_media')
      .set({ widths: old.map((v) => v.width), variant_bytes: old.map((v) => v.bytes!) })
      .where('id', '=', photoId)
      .execute();
    return { id, variants: old };
  }
  const widthsOf = async (id: number) => ((await http(t.url, 'GET', `/api/v1/listings/${id}`)).body.media[0].variants as Variant[]);

  it('gives a photo the copy it lacks, drawn from the next wider one, with its size; a second run makes nothing', async () => {
    const { id } = await olderPhoto();
    // Approved, so anyone reads it; before: three copies.
    await t.db.updateTable('listings').set({ status: 'approved' }).where('id', '=', id).execute();
    expect((await widthsOf(id)).map((v) => v.width)).toEqual([400, 960, 1600]);

    expect(await addMissingCopies(t.db, t.app.deps.storage)).toEqual({ photos: 1, copies: 1, failed: 0 });
    const after = await widthsOf(id);
    expect(after.map((v) => v.width)).toEqual([400, 720, 960, 1600]);
    const copy = after.find((v) => v.width === 720)!;
    expect(copy.bytes).toBe(fs.statSync(fileOf(copy.url)).size);
    const meta = await sharp(fs.readFileSync(fileOf(copy.url))).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 720]);
    expect(await addMissingCopies(t.db, t.app.deps.storage)).toEqual({ photos: 0, copies: 0, failed: 0 });
  });

  it('reports a photo whose wider copies are gone and leaves it as it was', async () => {
    const { id, variants } = await olderPhoto();
    for (const v of variants.filter((x) => x.width > 720)) fs.rmSync(fileOf(v.url));
    const errors: number[] = [];
    const r = await addMissingCopies(t.db, t.app.deps.storage, { onError: (photo) => errors.push(photo) });
    expect(r).toEqual({ photos: 0, copies: 0, failed: 1 });
    expect(errors).toHaveLength(1);
    const row = await t.db.selectFrom('listing_media').select(['id', 'widths']).where('listing_id', '=', id).executeTakeFirstOrThrow();
    expect(errors[0]).toBe(row.id);
    expect(row.widths).toEqual([400, 960, 1600]);
  });
});
