/**
 * Enquiries in the app (issue 25), over HTTP: the owner reads the messages sent to a listing (newest first, with
 * the sender's phone), marks them read with a POST, and sees the unread counts on my-listings. Nobody else reads
 * them: anonymous 401, another user and an administrator 403, a missing listing 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('messages of a listing (%s)', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: User;
  let listing: number;
  let second: number;
  /** Message ids in the order they were sent. */
  const sent: number[] = [];
  let elsewhere: number;

  const send = async (listingId: number, body: Record<string, string>) => {
    const r = await http(t.url, 'POST', `/api/v1/contact/listing/${listingId}`, { body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  const messages = (listingId: number, token?: string, query = '') => http(t.url, 'GET', `/api/v1/listings/${listingId}/messages${query}`, { token });
  const markRead = (listingId: number, ids: unknown, token?: string) => http(t.url, 'POST', `/api/v1/listings/${listingId}/messages/read`, { token, body: { message_ids: ids } });
  const readAt = async () =>
    (await t.db.selectFrom('contact_messages').select(['id', 'read_at']).orderBy('id').execute()).map((r) => [r.id, r.read_at == null ? null : 'read']);
  const mine = async () => {
    const r = await http(t.url, 'GET', '/api/v1/listings/my-listings', { token: owner.token });
    expect(r.status).toBe(200);
    return new Map<number, { message_count: number; unread_messages: number; inquiries: number }>(r.body.items.map((l: { id: number }) => [l.id, l]));
  };

  beforeAll(async () => {
    // No SMTP_URL: the owner's mails wait in the outbox, where the test reads them.
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
    owner = await createUser(t, { email: 'owner.messages@example.test' });
    other = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
    listing = await insertListing(t.db, owner.user.id, { title_en: 'Flat with messages' });
    second = await insertListing(t.db, owner.user.id, { title_en: 'Flat without messages' });
    sent.push(await send(listing, { sender_name: 'Huda Ahmed', sender_email: 'huda@example.test', message: 'Is the flat still available?' }));
    // A phone typed on an Arabic keyboard: stored with 0–9.
    sent.push(await send(listing, { sender_name: 'Ali Nasser', sender_email: 'ali@example.test', sender_phone: ' ٠٧٧٧ ١٢٣ ٤٥٦ ', message: 'Can I visit on Saturday?' }));
    sent.push(await send(listing, { sender_name: 'Salma', sender_email: 'salma@example.test', sender_phone: '+967 733 000 111', message: 'What is the final price?' }));
    const another = await insertListing(t.db, (await createUser(t)).user.id);
    elsewhere = await send(another, { sender_name: 'Someone', sender_email: 'someone@example.test', message: 'A message to another owner' });
  });
  afterAll(async () => t?.close());

  it('answers 401 without a session, 403 to another user and to an administrator, 404 for a missing listing', async () => {
    const anonymous = await messages(listing);
    expect(anonymous.status).toBe(401);
    const someoneElse = await messages(listing, other.token);
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body).toEqual({ detail: MESSAGES.notAuthorized });
    // Privacy: administrators moderate listings, not what visitors wrote to their owners.
    expect((await messages(listing, admin.token)).status).toBe(403);
    const missing = await messages(2_000_000_000, owner.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: MESSAGES.propertyNotFound });
  });

  it('gives the owner the messages newest first, with the sender\'s e-mail and optional phone, all unread', async () => {
    const r = await messages(listing, owner.token);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    expect(r.body.unread).toBe(3);
    expect(r.body.items.map((m: { id: number }) => m.id)).toEqual([...sent].reverse());
    expect(r.body.items[0]).toEqual({
      id: sent[2],
      sender_name: 'Salma',
      sender_email: 'salma@example.test',
      sender_phone: '+967 733 000 111',
      message: 'What is the final price?',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      unread: true,
    });
    expect(r.body.items[1]).toMatchObject({ sender_name: 'Ali Nasser', sender_phone: '0777 123 456' });
    expect(r.body.items[2]).toMatchObject({ sender_name: 'Huda Ahmed', sender_phone: null });
    const times = r.body.items.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Only this listing's: the message to another owner's listing is not among them.
    expect(r.body.items.map((m: { id: number }) => m.id)).not.toContain(elsewhere);
    expect((await messages(second, owner.token)).body).toEqual({ items: [], total: 0, unread: 0 });
  });

  it('stores the phone and puts it in the owner\'s e-mail', async () => {
    const row = await t.db.selectFrom('contact_messages').select(['sender_phone', 'read_at']).where('id', '=', sent[1]!).executeTakeFirstOrThrow();
    expect(row).toEqual({ sender_phone: '0777 123 456', read_at: null });
    const mail = await t.db.selectFrom('mail_outbox').select(['to_address', 'body_text']).where('contact_message_id', '=', sent[1]!).executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('owner.messages@example.test');
    // Each between LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE, so the Arabic half keeps it in order.
    expect(mail.body_text).toContain('Phone: \u20660777 123 456\u2069');
    expect(mail.body_text).toContain('الهاتف: \u20660777 123 456\u2069');
  });

  it('refuses a phone that is not one (422, nothing stored), and reports every missing field at once', async () => {
    const before = await t.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad = await http(t.url, 'POST', `/api/v1/contact/listing/${listing}`, {
      body: { sender_name: 'Ali', sender_email: 'ali@example.test', sender_phone: 'call me', message: 'Can I visit on Sunday?' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([{ loc: ['body', 'sender_phone'], msg: MESSAGES.phoneInvalid, type: 'custom' }]);
    const empty = await http(t.url, 'POST', `/api/v1/contact/listing/${listing}`, { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg])).toEqual([
      ['body.sender_name', MESSAGES.fullNameRequired],
      ['body.sender_email', MESSAGES.emailRequired],
      ['body.message', MESSAGES.messageRequired],
    ]);
    const after = await t.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('shows the counts on my-listings, and reading the messages (twice) marks nothing read', async () => {
    const before = await readAt();
    expect((await messages(listing, owner.token)).status).toBe(200);
    expect((await messages(listing, owner.token, '?skip=1&limit=1')).status).toBe(200);
    expect(await readAt()).toEqual(before);
    const counts = await mine();
    expect(counts.get(listing)).toMatchObject({ message_count: 3, unread_messages: 3, inquiries: 3 });
    expect(counts.get(second)).toMatchObject({ message_count: 0, unread_messages: 0 });
  });

  it('pages with skip and limit (limit at most 100)', async () => {
    const first = await messages(listing, owner.token, '?limit=2');
    expect(first.body.items.map((m: { id: number }) => m.id)).toEqual([sent[2], sent[1]]);
    expect(first.body.total).toBe(3);
    const next = await messages(listing, owner.token, '?skip=2&limit=2');
    expect(next.body.items.map((m: { id: number }) => m.id)).toEqual([sent[0]]);
    for (const q of ['?limit=0', '?limit=101', '?skip=-1', '?skip=1000001', '?limit=abc']) expect((await messages(listing, owner.token, q)).status, q).toBe(422);
  });

  it('marks read only for the owner: 401, 403 (another user, an administrator), 404; nothing changes', async () => {
    const before = await readAt();
    expect((await markRead(listing, [sent[0]])).status).toBe(401);
    expect((await markRead(listing, [sent[0]], other.token)).status).toBe(403);
    expect((await markRead(listing, [sent[0]], admin.token)).status).toBe(403);
    expect((await markRead(2_000_000_000, [sent[0]], owner.token)).status).toBe(404);
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['1'], [0], [1.5], 'all']) {
      expect((await markRead(listing, ids, owner.token)).status, JSON.stringify(ids)).toBe(422);
    }
    expect(await readAt()).toEqual(before);
  });

  it('marks the messages the owner opened read, and the unread counts follow', async () => {
    // The newest (twice), and the id of a message to another owner's listing, which is left alone.
    const r = await markRead(listing, [sent[2], sent[2], elsewhere], owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ marked: 1, unread_messages: 2 });
    const elsewhereRow = await t.db.selectFrom('contact_messages').select('read_at').where('id', '=', elsewhere).executeTakeFirstOrThrow();
    expect(elsewhereRow.read_at).toBeNull();

    const list = await messages(listing, owner.token);
    expect(list.body.unread).toBe(2);
    expect(list.body.items.map((m: { unread: boolean }) => m.unread)).toEqual([false, true, true]);
    expect((await mine()).get(listing)).toMatchObject({ message_count: 3, unread_messages: 2 });

    // Marking again changes nothing; the rest follow.
    expect((await markRead(listing, [sent[2]], owner.token)).body).toEqual({ marked: 0, unread_messages: 2 });
    expect((await markRead(listing, [sent[0], sent[1]], owner.token)).body).toEqual({ marked: 2, unread_messages: 0 });
    expect((await mine()).get(listing)).toMatchObject({ message_count: 3, unread_messages: 0 });
    expect((await messages(listing, owner.token)).body.unread).toBe(0);
  });

  it('counts a new message unread again after the others were read', async () => {
    const id = await send(listing, { sender_name: 'Late visitor', sender_email: 'late@example.test', message: 'Is it still free next month?' });
    const list = await messages(listing, owner.token);
    expect(list.body.items[0]).toMatchObject({ id, unread: true });
    expect(list.body).toMatchObject({ total: 4, unread: 1 });
    expect((await mine()).get(listing)).toMatchObject({ message_count: 4, unread_messages: 1 });
  });
});
