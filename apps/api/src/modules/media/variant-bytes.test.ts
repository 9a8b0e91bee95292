/**
 * Data saver (issue 30): a photo's placeholder says the size of the file a tap loads, so every variant carries its
 * size in bytes: written at upload, and filled from storage at start for photos stored before migration 032.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingWithUploadedPhoto } from '../../../test/fixtures.js';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';
import { backfillVariantBytes } from './variant-bytes.js';

type Variant = { width: number; url: string; bytes: number | null };

describe.each(DB_KINDS)('photo variant sizes (%s)', (kind) => {
  let t: TestApp;
  let owner: { token: string };
  const fileSize = (url: string) => fs.statSync(path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''))).size;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
  });
  afterAll(async () => t?.close());

  const listingWithPhoto = () => listingWithUploadedPhoto(t, owner.token);

  it('answers each variant with the size of its file, from the upload on', async () => {
    const { id, variants } = await listingWithPhoto();
    expect(variants.map((v) => v.width)).toEqual([400, 720, 960, 1600]);
    for (const v of variants) expect(v.bytes).toBe(fileSize(v.url));
    // Smaller variants are smaller files: the 400 px one is what a card loads with the data saver on.
    expect(variants[0]!.bytes!).toBeLessThan(variants[2]!.bytes!);
    const read = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(read.body.media[0].variants).toEqual(variants);
  });

  it('fills the sizes of photos stored before them from storage', async () => {
    const { id, variants } = await listingWithPhoto();
    await t.db.updateTable('listing_media').set({ variant_bytes: null }).where('listing_id', '=', id).execute();
    const before = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(before.body.media[0].variants.map((v: Variant) => v.bytes)).toEqual([null, null, null, null]);

    expect(await backfillVariantBytes(t.db, t.app.deps.storage)).toBe(1);
    const after = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(after.body.media[0].variants).toEqual(variants);
    // Nothing left to do on the next start.
    expect(await backfillVariantBytes(t.db, t.app.deps.storage)).toBe(0);
  });
});
