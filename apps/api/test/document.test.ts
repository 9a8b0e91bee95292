/**
 * The disagreements issue 21 found between the OpenAPI document and the server, each over HTTP: what the document
 * says (read from /api/docs/json) and what the server answers (http() checks every answer against the document as
 * well). And one error shape for the refusals Fastify and Node make themselves.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { insertListing, insertMedia } from './fixtures.js';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from './helpers.js';
import { contractOf, type Contract } from './openapi.js';

/** One request written on a socket as it is (what fetch refuses to send); the answer's status line, headers and body. */
function rawRequest(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
  });
}

describe.each(DB_KINDS)('the document and the server agree (%s)', (kind) => {
  let t: TestApp;
  let doc: Contract;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let place: { id: number; governorate_id: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
    doc = await contractOf(t.url);
    owner = await createUser(t);
    place = await t.db.selectFrom('districts').select(['id', 'governorate_id']).orderBy('id').executeTakeFirstOrThrow();
  });
  afterAll(async () => t?.close());

  const count = async (table: 'listings' | 'users' | 'contact_messages' | 'listing_media') =>
    Number((await t.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const op = (method: string, path: string) => doc.find(method, path)!.op;
  const jsonBody = (method: string, path: string) => op(method, path).requestBody.content['application/json'].schema;
  const parameter = (method: string, path: string, name: string) => op(method, path).parameters.find((p: { name: string }) => p.name === name);
  const msgs = (body: { detail: unknown }) => (Array.isArray(body.detail) ? body.detail.map((d: { msg: string }) => d.msg) : [body.detail]);

  it('every operation lists the statuses of its kind, with the error bodies', () => {
    for (const o of doc.operations) {
      const statuses = Object.keys(o.op.responses);
      const name = `${o.method} ${o.path}`;
      const validates = o.op.requestBody || o.parameters.length;
      if (validates) expect(statuses, name).toContain('422');
      if (o.method !== 'GET') expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (o.path.includes('{')) expect(statuses, name).toEqual(expect.arrayContaining(['400', '414']));
      if (o.op.security?.length) expect(statuses, name).toContain('401');
      // /health's 503 is the health report itself ({status: "degraded", database}).
      for (const status of statuses.filter((s) => Number(s) >= 400 && !(o.path === '/api/v1/health' && s === '503'))) {
        const schema = o.op.responses[status].content['application/json'].schema;
        expect(schema.required, `${name} ${status}`).toEqual(['detail']);
        expect(o.op.responses[status].description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
    // The validation body: a list of {loc, msg, type}, or a message for a rule about stored data.
    const invalid = op('POST', '/api/v1/listings/').responses['422'].content['application/json'].schema;
    expect(invalid.properties.detail.anyOf[0].items.required).toEqual(['loc', 'msg', 'type']);
    // What the server answers before any operation is in the document's description.
    expect(doc.doc.info.description).toMatch(/405[^]*431[^]*501/);
  });

  it('a body that does not parse answers 400, a text body 415 and a body past 1 MB 413, on every operation that reads JSON', async () => {
    const reading = doc.operations.filter((o) => o.op.requestBody?.content['application/json']);
    expect(reading.length).toBeGreaterThanOrEqual(12);
    const listingId = await insertListing(t.db, owner.user.id);
    // An administrator passes every operation's access check (the admin area's is made before the body is read).
    const { token } = await createUser(t, { role: 'ADMIN' });
    for (const o of reading) {
      const path = o.path.replace('{id}', String(listingId));
      const broken = await http(t.url, o.method, path, { token, raw: '{"title_ar": ', headers: { 'content-type': 'application/json' } });
      expect(broken.status, `${o.method} ${o.path}`).toBe(400);
      expect(broken.body).toEqual({ detail: MESSAGES.badRequest });
      const textual = await http(t.url, o.method, path, { token, raw: 'hello', headers: { 'content-type': 'text/plain' } });
      expect(textual.status, `${o.method} ${o.path}`).toBe(415);
      expect(textual.body).toEqual({ detail: 'Unsupported content type' });
      const big = await http(t.url, o.method, path, { token, raw: JSON.stringify({ search: 'x'.repeat(1024 * 1024) }), headers: { 'content-type': 'application/json' } });
      expect(big.status, `${o.method} ${o.path}`).toBe(413);
      expect(big.body).toEqual({ detail: 'Request body is too large' });
    }
    const form = await http(t.url, 'POST', '/api/v1/login/token', { raw: `username=${'a'.repeat(70 * 1024)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(413);
  });

  it('the three deletions answer 204 with no content, as the document says', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/v1/users/me'],
      ['DELETE', '/api/v1/listings/{id}'],
      ['DELETE', '/api/v1/listings/{id}/images/{imageId}'],
    ] as const) {
      expect(op(method, path).responses['204'].content, path).toBeUndefined();
    }
    const someone = await createUser(t);
    const listingId = await insertListing(t.db, someone.user.id);
    const imageId = await insertMedia(t.db, listingId);
    for (const path of [`/api/v1/listings/${listingId}/images/${imageId}`, `/api/v1/listings/${listingId}`, '/api/v1/users/me']) {
      // The account is confirmed by its e-mail (createUser's accounts have no password).
      const body = path === '/api/v1/users/me' ? { email: someone.user.email } : undefined;
      const r = await http(t.url, 'DELETE', path, { token: someone.token, body });
      expect(r.status, path).toBe(204);
      expect(r.body, path).toBeUndefined();
      expect(r.headers.get('content-type'), path).toBeNull();
    }
  });

  it('a listing needs its governorate and district, in the document and on the server', async () => {
    const details = jsonBody('POST', '/api/v1/listings/').properties.property_details;
    expect(details.required).toEqual(expect.arrayContaining(['governorate_id', 'district_id', 'area_sqm']));
    expect(details.properties.district_id.nullable).toBeUndefined();
    expect(details.description).toMatch(/district_id lies in governorate_id/);
    const listing = (prop: Record<string, unknown>) => ({
      title_ar: 'شقة',
      description_ar: 'شقة جميلة',
      price: 1000,
      property_details: { area_sqm: 90, governorate_id: place.governorate_id, district_id: place.id, ...prop },
    });
    const before = await count('listings');
    for (const prop of [{ district_id: undefined }, { district_id: null }, { governorate_id: 0 }, { district_id: '' }]) {
      const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: listing(prop) });
      expect(r.status, JSON.stringify(prop)).toBe(422);
      expect(r.body.detail[0]).toEqual({ loc: ['body', 'property_details', Object.keys(prop)[0]], msg: MESSAGES.required, type: 'invalid_type' });
    }
    const id = await insertListing(t.db, owner.user.id, { governorate_id: place.governorate_id, district_id: place.id });
    const clear = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body: { property_details: { district_id: null } } });
    expect(clear.status).toBe(422);
    expect(await count('listings')).toBe(before + 1);
    expect((await t.db.selectFrom('listings').select('district_id').where('id', '=', id).executeTakeFirstOrThrow()).district_id).toBe(place.id);
    const ok = await http(t.url, 'POST', '/api/v1/listings/', { token: owner.token, body: listing({}) });
    expect(ok.status).toBe(201);
  });

  it('contact messages need a name and an e-mail (or, to the platform, a phone), in the document and on the server', async () => {
    const platform = jsonBody('POST', '/api/v1/contact/platform');
    expect(platform.required).toEqual(['sender_name', 'message']);
    expect(platform.anyOf).toEqual([{ required: ['sender_email'] }, { required: ['sender_phone'] }]);
    const toOwner = jsonBody('POST', '/api/v1/contact/listing/{id}');
    expect(toOwner.required).toEqual(['sender_name', 'sender_email', 'message']);
    expect(toOwner.properties.message.allOf).toEqual([{ pattern: '\\S[\\s\\S]{8,}\\S' }]);

    const listingId = await insertListing(t.db, owner.user.id);
    const before = await count('contact_messages');
    const cases: [string, Record<string, string>, string][] = [
      ['/api/v1/contact/platform', { message: 'Do you list shops?', sender_email: 'ali@example.test' }, MESSAGES.nameRequired],
      ['/api/v1/contact/platform', { sender_name: '   ', message: 'Do you list shops?', sender_email: 'ali@example.test' }, MESSAGES.nameRequired],
      ['/api/v1/contact/platform', { sender_name: 'Ali', message: 'Do you list shops?' }, MESSAGES.emailOrPhoneRequired],
      [`/api/v1/contact/listing/${listingId}`, { sender_name: 'Ali', message: 'Is it still available?' }, MESSAGES.emailRequired],
      [`/api/v1/contact/listing/${listingId}`, { sender_email: 'ali@example.test', message: 'Is it still available?' }, MESSAGES.fullNameRequired],
      [`/api/v1/contact/listing/${listingId}`, { sender_name: 'Ali', sender_email: 'ali@example.test', message: '  short   ' }, MESSAGES.messageTooShort],
    ];
    for (const [path, body, message] of cases) {
      const r = await http(t.url, 'POST', path, { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(msgs(r.body), JSON.stringify(body)).toEqual([message]);
    }
    expect(await count('contact_messages')).toBe(before);
  });

  it('/locations/villages needs uzaal_id (uzlah_id is read in its place)', async () => {
    expect(parameter('GET', '/api/v1/locations/villages', 'uzaal_id').required).toBe(true);
    const none = await http(t.url, 'GET', '/api/v1/locations/villages');
    expect(none.status).toBe(422);
    expect(none.body.detail).toEqual([{ loc: ['querystring', 'uzaal_id'], msg: 'uzaal_id is required', type: 'invalid_type' }]);
    expect((await http(t.url, 'GET', '/api/v1/locations/villages?uzaal_id=abc')).status).toBe(422);
    const uzlah = await t.db.selectFrom('uzaal').select('id').orderBy('id').executeTakeFirst();
    if (uzlah) {
      const a = await http(t.url, 'GET', `/api/v1/locations/villages?uzaal_id=${uzlah.id}`);
      const b = await http(t.url, 'GET', `/api/v1/locations/villages?uzlah_id=${uzlah.id}`);
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
    }
  });

  it('search bounds and paging have a size, in the document and on the server', async () => {
    const search = jsonBody('POST', '/api/v1/listings/search');
    expect(search.properties.skip).toMatchObject({ type: 'integer', minimum: 0, maximum: 1_000_000 });
    expect(search.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(search.properties.min_price).toMatchObject({ type: 'number', minimum: 0, maximum: 1e12 });
    expect(search.properties.min_lat).toMatchObject({ minimum: -90, maximum: 90 });
    expect(search.properties.max_bedrooms).toMatchObject({ minimum: 0, maximum: 100 });
    expect(search.anyOf).toContainEqual({ properties: { limit: { maximum: 100 } } });
    expect(search.anyOf).toContainEqual({ required: ['min_lat'] });
    for (const [body, status] of [
      [{ skip: 1_000_001 }, 422],
      [{ limit: 0 }, 422],
      [{ limit: 101 }, 422],
      [{ limit: 101, min_lat: 12 }, 200],
      [{ limit: 1001, min_lat: 12 }, 422],
      [{ min_price: -1 }, 422],
      [{ max_bedrooms: 101 }, 422],
      [{ min_lon: 181 }, 422],
      [{ polygon_coordinates: [[12, 44], [13, 44], [13, 45]], limit: 500 }, 200],
    ] as const) {
      const r = await http(t.url, 'POST', '/api/v1/listings/search', { body });
      expect(r.status, JSON.stringify(body)).toBe(status);
    }
  });

  it('Fastify\'s and Node\'s own refusals answer {"detail": ...} with the right status', async () => {
    // A method Node does not know: 501, and a known path asked with another method: 405 with Allow.
    const foo = await rawRequest(t.url, 'FOO /api/v1/choices HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(foo.status).toBe(501);
    expect(JSON.parse(foo.body)).toEqual({ detail: 'Request method is not implemented' });
    const put = await http(t.url, 'PUT', '/api/v1/users/me', { token: owner.token, body: {} });
    expect(put.status).toBe(405);
    expect(put.body).toEqual({ detail: 'Method Not Allowed' });
    expect(put.headers.get('allow')!.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
    const purge = await rawRequest(t.url, 'PURGE /api/v1/choices HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(purge.status).toBe(405);
    expect(JSON.parse(purge.body)).toEqual({ detail: 'Method Not Allowed' });
    expect((await http(t.url, 'GET', '/api/v1/nothing-here')).status).toBe(404);
    // Headers past Node's 16 KB: 431.
    const big = await rawRequest(t.url, `GET /api/v1/choices HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.headers).toContain('content-type: application/json');
    expect(JSON.parse(big.body)).toEqual({ detail: 'Request headers are too large' });
    // Not HTTP at all: 400.
    const garbage = await rawRequest(t.url, 'GET /api/v1/choices HTTP/9\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ detail: 'Malformed HTTP request' });
    // An unsupported media type and a body past the limit.
    const text = await http(t.url, 'POST', '/api/v1/listings/search', { raw: '{}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ detail: 'Unsupported content type' });
    const large = await http(t.url, 'POST', '/api/v1/contact/platform', { body: { message: 'x'.repeat(1024 * 1024 + 1) } });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ detail: 'Request body is too large' });
    // The server still serves.
    expect((await http(t.url, 'GET', '/api/v1/choices')).status).toBe(200);
  });
});
