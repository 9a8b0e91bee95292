/**
 * Idempotency-Key on the contact endpoints (issue 30): a message written offline and replayed by the web app's
 * outbox is stored and e-mailed once, whatever the number of sends, over real HTTP on each database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { IDEMPOTENCY_KEEP_MS, sweepIdempotencyKeys } from '../../lib/idempotency.js';

let seq = 0;
/** A fresh key per use, as the outbox makes one per message. */
const newKey = () => `${crypto.randomUUID()}-${++seq}`;

describe.each(DB_KINDS)('contact Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let user: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let listing: number;
  let secondListing: number;
  let hidden: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false', PLATFORM_INBOX: 'inbox@manzil.test' } });
    owner = await createUser(t, { email: `owner.idem.${kind}@example.test` });
    user = await createUser(t);
    other = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
    listing = await insertListing(t.db, owner.user.id);
    secondListing = await insertListing(t.db, owner.user.id);
    hidden = await insertListing(t.db, owner.user.id, { status: 'pending' });
  });
  afterAll(async () => t?.close());

  const ENDPOINTS = {
    platform: () => ({ path: '/api/v1/contact/platform', body: { sender_name: 'Amal', sender_email: 'amal@example.test', message: `Written offline ${++seq}` } }),
    listing: () => ({ path: `/api/v1/contact/listing/${listing}`, body: { sender_name: 'Huda', sender_email: 'huda@example.test', message: `Is it still free? (${++seq})` } }),
  };

  /** Messages and outbox mails carrying this text, and the listing's inquiry counter. */
  const sent = async (message: string) => {
    const rows = await t.db.selectFrom('contact_messages').select('id').where('message', '=', message).execute();
    const mails = rows.length
      ? Number((await t.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('contact_message_id', 'in', rows.map((r) => r.id)).executeTakeFirstOrThrow()).n)
      : 0;
    return { messages: rows.length, mails };
  };
  const inquiries = async (id: number) => (await t.db.selectFrom('listings').select('inquiries').where('id', '=', id).executeTakeFirstOrThrow()).inquiries;
  const keyRows = async () => Number((await t.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const send = (path: string, body: unknown, key: string | null, token?: string): ReturnType<typeof http> =>
    http(t.url, 'POST', path, { body, token, headers: key === null ? {} : { 'idempotency-key': key } });

  describe.each(Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[])('POST /contact/%s', (name) => {
    const callers: [string, () => string | undefined][] = [
      ['anonymous', () => undefined],
      ['a signed-in user', () => user.token],
      ['an administrator', () => admin.token],
    ];
    it.each(callers)('the same key twice from %s: one message, one mail, the same answer, the second marked Idempotent-Replayed', async (_who, token) => {
      const { path, body } = ENDPOINTS[name]();
      const key = newKey();
      const inq = await inquiries(listing);
      const first = await send(path, body, key, token());
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await send(path, body, key, token());
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await sent(body.message)).toEqual({ messages: 1, mails: 1 });
      if (name === 'listing') expect(await inquiries(listing)).toBe(inq + 1);
    });

    it('reads the key in the IETF draft\'s quoted form as the same key, and a body differing only in spaces as the same body', async () => {
      const { path, body } = ENDPOINTS[name]();
      const key = newKey();
      const first = await send(path, body, key);
      const quoted = await send(path, { ...body, sender_name: `  ${body.sender_name} `, message: ` ${body.message}\n` }, `"${key}"`);
      expect(quoted.status).toBe(201);
      expect(quoted.body).toEqual(first.body);
      expect(quoted.headers.get('idempotent-replayed')).toBe('true');
      expect(await sent(body.message)).toEqual({ messages: 1, mails: 1 });
    });

    it('answers 422 to the same key with another body, and sends nothing', async () => {
      const { path, body } = ENDPOINTS[name]();
      const key = newKey();
      expect((await send(path, body, key)).status).toBe(201);
      const changed = { ...body, message: `${body.message} — and something else` };
      const res = await send(path, changed, key);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(MESSAGES.idempotencyKeyReused);
      expect(await sent(changed.message)).toEqual({ messages: 0, mails: 0 });
      // The first answer is still the key's.
      const replay = await send(path, body, key);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['not ASCII', 'clé-de-message'],
      ['a control character', 'abc\tdef'],
      ['an empty quoted string', '""'],
    ])('refuses a malformed key (%s) with 400 and its message, storing nothing', async (_what, key) => {
      const { path, body } = ENDPOINTS[name]();
      const before = await keyRows();
      const res = await send(path, body, key);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MESSAGES.idempotencyKeyInvalid);
      expect(await sent(body.message)).toEqual({ messages: 0, mails: 0 });
      expect(await keyRows()).toBe(before);
    });

    it('accepts a key of exactly 255 printable characters', async () => {
      const { path, body } = ENDPOINTS[name]();
      const key = `${newKey()} ~!@#$%^&*()`.padEnd(255, 'z');
      expect((await send(path, body, key)).status).toBe(201);
      expect((await send(path, body, key)).headers.get('idempotent-replayed')).toBe('true');
      expect(await sent(body.message)).toEqual({ messages: 1, mails: 1 });
    });

    it('without the header, sends each request as before (two sends, two messages, no replay header)', async () => {
      const { path, body } = ENDPOINTS[name]();
      const a = await send(path, body, null);
      const b = await send(path, body, null);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.id).not.toBe(a.body.id);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      expect(await sent(body.message)).toEqual({ messages: 2, mails: 2 });
    });

    it('concurrent sends with one key: exactly one message and mail; the others replay the answer or get 409', async () => {
      const { path, body } = ENDPOINTS[name]();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(path, body, key)));
      const created = answers.filter((a) => a.status === 201);
      expect(answers.every((a) => a.status === 201 || a.status === 409), JSON.stringify(answers.map((a) => [a.status, a.body]))).toBe(true);
      expect(created.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const a of created) expect(a.body).toEqual(created[0]!.body);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.detail).toBe(MESSAGES.idempotencyKeyInProgress);
      expect(await sent(body.message)).toEqual({ messages: 1, mails: 1 });
    });
  });

  it('keeps keys apart per caller: another user, or an anonymous sender, with the same key and body sends their own message', async () => {
    const { path, body } = ENDPOINTS.listing();
    const key = newKey();
    const mine = await send(path, body, key, user.token);
    const theirs = await send(path, body, key, other.token);
    const anonymous = await send(path, body, key);
    for (const r of [mine, theirs, anonymous]) {
      expect(r.status).toBe(201);
      expect(r.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([mine.body.id, theirs.body.id, anonymous.body.id]).size).toBe(3);
    const rows = await t.db.selectFrom('contact_messages').select('sender_user_id').where('message', '=', body.message).orderBy('id').execute();
    expect(rows.map((r) => r.sender_user_id)).toEqual([user.user.id, other.user.id, null]);
    expect((await send(path, body, key, other.token)).body).toEqual(theirs.body);
  });

  it('keeps keys apart per endpoint and listing: one key on two listings and on the platform sends three messages', async () => {
    const key = newKey();
    const body = { sender_name: 'Huda', sender_email: 'huda@example.test', message: `One key, three places ${++seq}` };
    const answers = [
      await send(`/api/v1/contact/listing/${listing}`, body, key),
      await send(`/api/v1/contact/listing/${secondListing}`, body, key),
      await send('/api/v1/contact/platform', body, key),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('idempotent-replayed')])).toEqual([
      [201, null],
      [201, null],
      [201, null],
    ]);
    expect(await sent(body.message)).toEqual({ messages: 3, mails: 3 });
  });

  it('still refuses the owner writing to their own listing (403), and a listing the public cannot see (404), storing no key', async () => {
    const body = { sender_name: 'Me', sender_email: 'me@example.test', message: `Writing to myself ${++seq}` };
    const before = await keyRows();
    const key = newKey();
    for (let i = 0; i < 2; i++) {
      const own = await send(`/api/v1/contact/listing/${listing}`, body, key, owner.token);
      expect(own.status).toBe(403);
      expect(own.body.detail).toBe(MESSAGES.ownListing);
      const unseen = await send(`/api/v1/contact/listing/${hidden}`, body, key);
      expect(unseen.status).toBe(404);
    }
    expect(await sent(body.message)).toEqual({ messages: 0, mails: 0 });
    expect(await keyRows()).toBe(before);
    // The failed attempts kept nothing: the same key works once the request can succeed.
    const ok = await send(`/api/v1/contact/listing/${listing}`, body, key, user.token);
    expect(ok.status).toBe(201);
  });

  it.runIf(kind === 'postgres')('answers 409 while the first request with the key is still being processed, then replays its answer', async () => {
    const { path, body } = ENDPOINTS.listing();
    const key = newKey();
    let first!: ReturnType<typeof http>;
    // Hold the listing's row so the first request stops half-way, inside its transaction, key lock taken.
    await t.db.transaction().execute(async (trx) => {
      await sql`select id from listings where id = ${listing} for update`.execute(trx);
      first = send(path, body, key);
      for (let i = 0; i < 200; i++) {
        const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`.execute(t.db);
        if (held.rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const second = await send(path, body, key);
      expect(second.status).toBe(409);
      expect(second.body.detail).toBe(MESSAGES.idempotencyKeyInProgress);
    });
    const done = await first;
    expect(done.status).toBe(201);
    const third = await send(path, body, key);
    expect(third.body).toEqual(done.body);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(await sent(body.message)).toEqual({ messages: 1, mails: 1 });
  });

  it('keeps an answer 24 hours: the sweep removes older keys only, after which the key sends anew', async () => {
    const { path, body } = ENDPOINTS.platform();
    const [oldKey, youngKey] = [newKey(), newKey()];
    const young = { ...body, message: `${body.message} (young)` };
    expect((await send(path, body, oldKey)).status).toBe(201);
    expect((await send(path, young, youngKey)).status).toBe(201);
    const age = (key: string, ms: number) =>
      t.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - ms) }).where('key', '=', key).execute();
    await age(oldKey, IDEMPOTENCY_KEEP_MS + 60_000);
    await age(youngKey, IDEMPOTENCY_KEEP_MS - 60_000);
    expect(await sweepIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect((await send(path, young, youngKey)).headers.get('idempotent-replayed')).toBe('true');
    const anew = await send(path, body, oldKey);
    expect(anew.status).toBe(201);
    expect(anew.headers.get('idempotent-replayed')).toBeNull();
    expect(await sent(body.message)).toEqual({ messages: 2, mails: 2 });
  });

  it('documents the header and the 400, 409 and 422 on both operations', async () => {
    const doc = (await http(t.url, 'GET', '/api/docs/json')).body;
    for (const p of ['/api/v1/contact/platform', '/api/v1/contact/listing/{id}']) {
      const op = doc.paths[p].post;
      const header = op.parameters.find((x: { in: string; name: string }) => x.in === 'header' && x.name === 'idempotency-key');
      expect(header, p).toBeTruthy();
      expect(header.required).toBeFalsy();
      expect(header.description).toContain('Idempotent-Replayed');
      for (const status of ['201', '400', '409', '422']) expect(Object.keys(op.responses), p).toContain(status);
    }
  });
});

describe.each(DB_KINDS)('contact Idempotency-Key under the rate limit (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PLATFORM_INBOX: 'inbox@manzil.test' } });
  });
  afterAll(async () => t?.close());

  it('lets a replay through once the address has used its 5 messages, but not a new key', async () => {
    const send = (message: string, key?: string) =>
      http(t.url, 'POST', '/api/v1/contact/platform', { body: { sender_name: 'Ali', sender_phone: '777123456', message }, headers: key ? { 'idempotency-key': key } : {} });
    const key = newKey();
    const first = await send('Kept offline', key);
    expect(first.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(`Hello ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const replay = await send('Kept offline', key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await send('A new one', newKey())).status).toBe(429);
    const stored = await t.db.selectFrom('contact_messages').select('id').where('message', '=', 'Kept offline').execute();
    expect(stored).toHaveLength(1);
  });
});
