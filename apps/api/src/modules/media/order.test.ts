/**
 * Photos in the order the owner chose, with a cover (issue 25), over HTTP: uploads carry their place, so a batch
 * sent in parallel keeps its order whichever upload finishes first; PUT /listings/{id}/images/order puts them in a
 * new order (owner only, exactly the listing's own photos), and the details read and search results show it.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { DB_KINDS, createTestApp, createUser, http, type TestApp } from '../../../test/helpers.js';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { STORAGE_KINDS, startS3, type TestS3 } from '../../../test/s3.js';

const jpeg = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 90 }).toBuffer();

/** A large photo with noise: several times slower to decode and encode than a small plain one. */
const heavyJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

function form(data: Buffer, name = 'photo.jpg') {
  const fd = new FormData();
  fd.append('file', new Blob([data], { type: 'image/jpeg' }), name);
  return fd;
}

// On the local folder and on a real S3 protocol server (s3rver), each on every database engine.
const CASES = DB_KINDS.flatMap((db) => STORAGE_KINDS.map((storage) => [db, storage] as const));

describe.each(CASES)('photo order and cover on %s, %s storage', (kind, storageKind) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;

  const upload = (id: number, fd: FormData, position?: number | string, token = owner.token) =>
    http(t.url, 'POST', `/api/v1/listings/${id}/upload-image/${position === undefined ? '' : `?position=${position}`}`, { token, raw: fd });
  const order = (id: number, body: unknown, token?: string) => http(t.url, 'PUT', `/api/v1/listings/${id}/images/order`, { token, body });
  const mediaIds = async (id: number) => {
    const r = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(r.status).toBe(200);
    return (r.body.media as { id: number }[]).map((m) => m.id);
  };
  const stored = (id: number) =>
    t.db.selectFrom('listing_media').select(['id', 'position']).where('listing_id', '=', id).orderBy('position').orderBy('id').execute();

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

  it('keeps the chosen order when the uploads arrive last place first (2, then 0, then 1)', async () => {
    const id = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const byPlace = new Map<number, number>();
    for (const [place, colour] of [[2, '#2e86c1'], [0, '#c0392b'], [1, '#27ae60']] as const) {
      const r = await upload(id, form(await jpeg(640, 480, colour), `p${place}.jpg`), place);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.position).toBe(place);
      byPlace.set(place, r.body.id);
    }
    // Stored in arrival order (ids 2, 0, 1), read in the order chosen: the first picked is the cover.
    expect([...byPlace.values()]).toEqual([...byPlace.values()].sort((a, b) => a - b));
    expect(await mediaIds(id)).toEqual([byPlace.get(0), byPlace.get(1), byPlace.get(2)]);
  });

  it('keeps the chosen order under parallel uploads that finish out of order', async () => {
    const id = await insertListing(t.db, owner.user.id, { status: 'pending' });
    // The cover is the heaviest photo, the last a tiny one: sent together, the cover's upload ends last.
    const files = [await heavyJpeg(2400, 1800), await jpeg(1200, 900, '#27ae60'), await jpeg(200, 150, '#2e86c1')];
    const finished: number[] = [];
    const sent = [2, 0, 1].map(async (place) => {
      const r = await upload(id, form(files[place]!, `p${place}.jpg`), place);
      finished.push(place);
      return [place, r] as const;
    });
    const results = await Promise.all(sent);
    for (const [, r] of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const idOf = new Map(results.map(([place, r]) => [place, r.body.id as number]));
    expect(await mediaIds(id)).toEqual([idOf.get(0), idOf.get(1), idOf.get(2)]);
    // When the uploads did finish out of order, the ids (arrival order) disagree with the places.
    if (finished[0] !== 0) expect(Math.min(...idOf.values())).not.toBe(idOf.get(0));
    const cover = (await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token })).body.media[0];
    expect(cover).toMatchObject({ id: idOf.get(0), width: 1600, position: 0 });
  });

  it('places an upload without position after the last photo, and refuses a position outside 0-9 with 422', async () => {
    const id = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const a = await upload(id, form(await jpeg(300, 200, '#111111')), 4);
    const b = await upload(id, form(await jpeg(300, 200, '#222222')));
    expect(b.body.position).toBe(5);
    for (const bad of [10, -1, 'x', 1.5]) {
      const r = await upload(id, form(await jpeg(300, 200, '#333333')), bad);
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.detail[0].loc).toEqual(['querystring', 'position']);
    }
    expect(await mediaIds(id)).toEqual([a.body.id, b.body.id]);
  });

  it('PUT images/order: anonymous 401, another user 403, an admin 403, a missing listing 404; nothing moves', async () => {
    const id = await insertListing(t.db, owner.user.id);
    const ids = [await insertMedia(t.db, id, 0), await insertMedia(t.db, id, 1)];
    const reversed = [...ids].reverse();
    const anonymous = await order(id, { image_ids: reversed });
    expect(anonymous.status).toBe(401);
    const stranger = await order(id, { image_ids: reversed }, other.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ detail: expect.any(String) });
    // Admins may delete a photo, not rearrange someone's listing (as they may not edit it).
    expect((await order(id, { image_ids: reversed }, admin.token)).status).toBe(403);
    const missing = await order(99_999_999, { image_ids: reversed }, owner.token);
    expect(missing.status).toBe(404);
    expect(await mediaIds(id)).toEqual(ids);
  });

  it('PUT images/order refuses ids that are not exactly the listing\'s photos with 422 and a clear detail', async () => {
    const id = await insertListing(t.db, owner.user.id);
    const ids = [await insertMedia(t.db, id, 0), await insertMedia(t.db, id, 1), await insertMedia(t.db, id, 2)];
    const elsewhere = await insertMedia(t.db, await insertListing(t.db, owner.user.id), 0);
    const before = await stored(id);
    const rev = async () => (await t.db.selectFrom('listings').select('rev').where('id', '=', id).executeTakeFirstOrThrow()).rev;
    const revBefore = await rev();

    const foreign = await order(id, { image_ids: [ids[2], ids[1], elsewhere] }, owner.token);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual({ detail: MESSAGES.imageOrderUnknown });
    const extra = await order(id, { image_ids: [...ids, elsewhere] }, owner.token);
    expect(extra.body).toEqual({ detail: MESSAGES.imageOrderUnknown });
    const short = await order(id, { image_ids: [ids[2], ids[0]] }, owner.token);
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ detail: MESSAGES.imageOrderMissing });
    const twice = await order(id, { image_ids: [ids[2], ids[2], ids[0]] }, owner.token);
    expect(twice.status).toBe(422);
    expect(twice.body.detail).toEqual([{ loc: ['body', 'image_ids'], msg: MESSAGES.imageOrderDuplicate, type: 'custom' }]);
    for (const body of [{}, { image_ids: 'x' }, { image_ids: [0] }, { image_ids: ids, extra: 1 }, { image_ids: Array.from({ length: 11 }, (_, i) => i + 1) }]) {
      expect((await order(id, body, owner.token)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await stored(id)).toEqual(before);
    expect(await rev()).toBe(revBefore);
  });

  it('PUT images/order by the owner answers the photos in order; the details read and search show the new cover', async () => {
    const mark = `orderedcover${kind}`;
    const id = await insertListing(t.db, owner.user.id, { title_en: `Flat ${mark}`, governorate_id: 3 });
    const ids = [await insertMedia(t.db, id, 0), await insertMedia(t.db, id, 1), await insertMedia(t.db, id, 2)];
    const search = async () => {
      const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { search: mark, skip: 0, limit: 10 } });
      expect(r.status).toBe(200);
      expect(r.body.items).toHaveLength(1);
      return (r.body.items[0].media as { id: number }[]).map((m) => m.id);
    };
    // The page is written and kept by this server before the change.
    expect(await search()).toEqual(ids);
    expect(await search()).toEqual(ids);

    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    const r = await order(id, { image_ids: wanted }, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((m: { id: number; position: number }) => [m.id, m.position])).toEqual([
      [wanted[0], 0],
      [wanted[1], 1],
      [wanted[2], 2],
    ]);
    expect(r.body[0].file_url).toMatch(/^\/uploads\/listings\/\d+\/fixture\d-960\.webp$/);
    expect(await mediaIds(id)).toEqual(wanted);
    const details = await http(t.url, 'GET', `/api/v1/listings/${id}`);
    expect(details.body.media[0].id).toBe(wanted[0]);
    expect(await search()).toEqual(wanted);
    expect((await stored(id)).map((m) => m.position)).toEqual([0, 1, 2]);

    // The same order again changes nothing; an approved listing stays approved (photos are not content to review).
    expect((await order(id, { image_ids: wanted }, owner.token)).status).toBe(200);
    const after = await http(t.url, 'GET', `/api/v1/listings/${id}`, { token: owner.token });
    expect(after.body.status).toBe('approved');
  });

  it('a listing without photos takes the empty order', async () => {
    const id = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const r = await order(id, { image_ids: [] }, owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });
});
