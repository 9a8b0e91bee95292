import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, MESSAGES } from '@manzil/shared';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';
import { STORAGE_KINDS, startS3, type TestS3 } from '../../../test/s3.js';
import { variantWidths } from './service.js';

const jpeg = (width = 800, height = 600, colour = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 80 }).toBuffer();
const png = (width = 640, height = 480) => sharp({ create: { width, height, channels: 4, background: '#2980b9' } }).png().toBuffer();

/** A JPEG carrying EXIF with a GPS position and a camera model, as phones write them. */
const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#16a085' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '15/1 22/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '44/1 11/1 5678/100' },
    })
    .toBuffer();

function form(data: Buffer | string, name = 'photo.jpg', type = 'image/jpeg', field = 'file') {
  const fd = new FormData();
  fd.append(field, new Blob([data], { type }), name);
  return fd;
}

// Every case on the local folder and on a real S3 protocol server (s3rver), each on every database engine.
const CASES = DB_KINDS.flatMap((db) => STORAGE_KINDS.map((storage) => [db, storage] as const));

describe.each(CASES)('listing images on %s, %s storage', (kind, storageKind) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let owner: { token: string; user: { id: number } };
  let other: { token: string };
  let admin: { token: string };

  // What the storage holds, looked at from outside the app: the folder itself, or a client of its own for the bucket.
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const bytesOf = async (url: string) => {
    if (!s3) return fs.readFileSync(path.join(t.config.uploadsDir, keyOf(url)));
    const o = await s3.storage.read(keyOf(url));
    if (!o) throw new Error(`no object ${keyOf(url)}`);
    const chunks: Buffer[] = [];
    for await (const c of o.body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const stored = async (url: string) => (s3 ? s3.storage.exists(keyOf(url)) : fs.existsSync(path.join(t.config.uploadsDir, keyOf(url))));
  const storedKeys = async (prefix: string) => {
    if (!s3) return fs.readdirSync(path.join(t.config.uploadsDir, prefix)).map((f) => `${prefix}/${f}`);
    const keys: string[] = [];
    for await (const o of s3.storage.list()) if (o.key.startsWith(`${prefix}/`)) keys.push(o.key);
    return keys;
  };
  const newListing = async (token = owner.token) => {
    const d = await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const r = await http(t.url, 'POST', '/api/v1/listings/', {
      token,
      body: {
        title_ar: 'بيت للبيع',
        description_ar: 'بيت جميل',
        price: 1000,
        currency: 'USD',
        property_details: { property_type: 'HOUSE', area_sqm: 200, governorate_id: 1, district_id: d.id },
      },
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const upload = (id: number, fd: FormData, token: string | null = owner.token) =>
    http(t.url, 'POST', `/api/v1/listings/${id}/upload-image/`, { token: token ?? undefined, raw: fd });

  beforeAll(async () => {
    if (storageKind === 's3') s3 = await startS3();
    t = await createTestApp(kind, { env: s3?.env ?? {} });
    owner = await createUser(t);
    other = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('keeps variant widths within the original (never upscales)', () => {
    expect(variantWidths(3000)).toEqual([400, 720, 960, 1600]);
    expect(variantWidths(1200)).toEqual([400, 720, 960, 1200]);
    expect(variantWidths(960)).toEqual([400, 720, 960]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('stores a JPEG as WebP variants and answers 201 with the media item', async () => {
    const id = await newListing();
    const r = await upload(id, form(await jpeg(2000, 1500)));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.any(Number), width: 1600, height: 1200, position: 0 });
    expect(r.body.file_url).toMatch(/^\/uploads\/listings\/\d+\/[0-9a-f]+-960\.webp$/);
    expect(r.body.variants.map((v: { width: number }) => v.width)).toEqual([400, 720, 960, 1600]);
    for (const v of r.body.variants) {
      const meta = await sharp(await bytesOf(v.url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
    }
    const read = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(read.body.media).toEqual([r.body]);
    // PNG and WebP are accepted too.
    expect((await upload(id, form(await png(), 'a.png', 'image/png'))).status).toBe(201);
    const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#000' } }).webp().toBuffer();
    const w = await upload(id, form(webp, 'a.webp', 'image/webp'));
    expect(w.status).toBe(201);
    expect(w.body.variants.map((v: { width: number }) => v.width)).toEqual([400, 500]);
  });

  it('strips EXIF, GPS included, from every stored variant and turns photos upright', async () => {
    const id = await newListing();
    const src = await jpegWithGps();
    expect((await sharp(src).metadata()).exif).toBeDefined();
    const r = await upload(id, form(src));
    expect(r.status).toBe(201);
    for (const v of r.body.variants) {
      const bytes = await bytesOf(v.url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('SecretPhone'))).toBe(false);
    }
    // EXIF orientation 6 (rotated 90°): 800×600 stored as an upright 600×800 picture.
    const rotated = await sharp(await jpeg(800, 600)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const u = await upload(id, form(rotated));
    expect(u.body).toMatchObject({ width: 600, height: 800 });
  });

  it('takes 10 photos uploaded in parallel and refuses the rest, even when they race', async () => {
    const id = await newListing();
    const files = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? png(320 + i, 240) : jpeg(320 + i, 240))));
    const results = await Promise.all(
      files.map((f, i) => upload(id, form(f, i % 2 ? `p${i}.png` : `p${i}.jpg`, i % 2 ? 'image/png' : 'image/jpeg'))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body).toEqual({ detail: MESSAGES.tooManyImages });
    const eleventh = await upload(id, form(await jpeg()));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toBe(MESSAGES.tooManyImages);
    const rows = await t.db.selectFrom('listing_media').select(['position', 'storage_key']).where('listing_id', '=', id).execute();
    expect(rows).toHaveLength(10);
    // No orphan files from the refused uploads: exactly the stored images' files are in storage.
    const onDisk = await storedKeys(`listings/${id}`);
    expect(new Set(onDisk.map((f) => f.replace(/-\d+\.webp$/, '')))).toEqual(new Set(rows.map((r) => r.storage_key)));
  });

  it('refuses a text file renamed .jpg, a GIF, an SVG and a truncated JPEG with 415', async () => {
    const id = await newListing();
    const text = await upload(id, form('hello, I am not a picture', 'holiday.jpg', 'image/jpeg'));
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ detail: MESSAGES.invalidFileType });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    expect((await upload(id, form(gif, 'a.jpg'))).status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(id, form(svg, 'a.png', 'image/png'))).status).toBe(415);
    const full = await jpeg(1000, 800);
    expect((await upload(id, form(full.subarray(0, 300)))).status).toBe(415);
    expect(await t.db.selectFrom('listing_media').select('id').where('listing_id', '=', id).execute()).toHaveLength(0);
  });

  it('refuses a file over 5 MB with 413, and a request without a file', async () => {
    const id = await newListing();
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const r = await upload(id, form(big));
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ detail: MESSAGES.fileTooLarge });
    expect((await upload(id, form(await jpeg(), 'a.jpg', 'image/jpeg', 'picture'))).status).toBe(422);
    const json = await http(t.url, 'POST', `/api/v1/listings/${id}/upload-image/`, { token: owner.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const broken = await http(t.url, 'POST', `/api/v1/listings/${id}/upload-image/`, {
      token: owner.token,
      raw: '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
    });
    expect([415, 422]).toContain(broken.status);
    expect(await t.db.selectFrom('listing_media').select('id').where('listing_id', '=', id).execute()).toHaveLength(0);
  });

  it("another user's upload answers 403, an anonymous one 401, an unknown listing 404", async () => {
    const id = await newListing();
    const img = await jpeg();
    expect((await upload(id, form(img), other.token)).status).toBe(403);
    expect((await upload(id, form(img), admin.token)).status).toBe(403);
    expect((await upload(id, form(img), null)).status).toBe(401);
    expect((await upload(99999999, form(img))).status).toBe(404);
    expect(await t.db.selectFrom('listing_media').select('id').where('listing_id', '=', id).execute()).toHaveLength(0);
  });

  it('deletes one image with its files: owner or admin; others 403, anonymous 401', async () => {
    const id = await newListing();
    const a = (await upload(id, form(await jpeg()))).body;
    const b = (await upload(id, form(await jpeg()))).body;
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}/images/${a.id}`)).status).toBe(401);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}/images/${a.id}`, { token: other.token })).status).toBe(403);
    expect(await stored(a.file_url)).toBe(true);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}/images/${a.id}`, { token: owner.token })).status).toBe(204);
    for (const v of a.variants) expect(await stored(v.url)).toBe(false);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}/images/${a.id}`, { token: owner.token })).status).toBe(404);
    // An image id of another listing is not found through this listing.
    const other2 = await newListing();
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${other2}/images/${b.id}`, { token: owner.token })).status).toBe(404);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}/images/${b.id}`, { token: admin.token })).status).toBe(204);
    expect(await stored(b.file_url)).toBe(false);
  });

  it("the owner's listing delete removes every image file from disk", async () => {
    const id = await newListing();
    const items = await Promise.all([1, 2, 3].map(async () => (await upload(id, form(await jpeg(1700, 1000)))).body));
    const files: string[] = items.flatMap((i) => i.variants.map((v: { url: string }) => v.url));
    expect(files).toHaveLength(3 * IMAGE_VARIANT_WIDTHS.length);
    for (const f of files) expect(await stored(f)).toBe(true);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: other.token })).status).toBe(403);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: owner.token })).status).toBe(204);
    for (const f of files) expect(await stored(f)).toBe(false);
    expect(await t.db.selectFrom('listing_media').select('id').where('listing_id', '=', id).execute()).toHaveLength(0);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${id}`, { token: owner.token })).status).toBe(404);
  });
});
