import nodeHttp from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { startSmtp, until } from '../mail/smtp-test-server.js';
import { listingMessageMail } from '../mail/templates.js';
import { NO_SMTP_NOTE, startMailWorker } from '../mail/worker.js';

const quiet = { info() {}, warn() {}, error() {} };
const fast = { pollMs: 30, backoffMs: () => 50 };

/** JSON POST over node:http, which (unlike fetch) lets a test forge the Host header as any client can. */
function forgedPost(base: string, pathname: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = nodeHttp.request(
      `${base}${pathname}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** What a client or a proxy in front of us could forge. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' },
];

describe.each(DB_KINDS)('contact (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopWorker: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false', PLATFORM_INBOX: 'inbox@manzil.test', PUBLIC_URL: 'https://manzil.example', TRUST_PROXY: 'true' } });
    smtp = await startSmtp();
    stopWorker = startMailWorker(t.db, { SMTP_URL: smtp.url, MAIL_FROM: 'Manzil <no-reply@manzil.test>' }, quiet, fast);
    owner = await createUser(t, { email: 'owner@example.test', first_name: 'Salem' });
    other = await createUser(t);
    id.public = await insertListing(t.db, owner.user.id, { title_en: 'Sea view flat', title_ar: 'شقة مطلة على البحر' });
    id.pending = await insertListing(t.db, owner.user.id, { status: 'pending' });
    id.rejected = await insertListing(t.db, owner.user.id, { status: 'rejected' });
    id.inactive = await insertListing(t.db, owner.user.id, { is_active: false });
  });
  afterAll(async () => {
    await stopWorker?.();
    await smtp?.close();
    await t?.close();
  });

  const count = async (table: 'contact_messages' | 'mail_outbox') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const inquiries = async (listingId: number) =>
    (await t.db.selectFrom('listings').select('inquiries').where('id', '=', listingId).executeTakeFirstOrThrow()).inquiries;

  it('stores a platform message, then e-mails it to PLATFORM_INBOX with Reply-To the sender', async () => {
    const res = await http(t.url, 'POST', '/api/v1/contact/platform', {
      body: { sender_name: '  Amal Saeed ', sender_email: 'amal@example.test', sender_phone: '', message: ' Do you list shops in Aden? ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toBeGreaterThan(0);
    const row = await t.db.selectFrom('contact_messages').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'platform', sender_name: 'Amal Saeed', sender_email: 'amal@example.test', sender_phone: null, message: 'Do you list shops in Aden?' });
    const mail = await smtp.waitForMatch((m) => m.text.includes('Do you list shops in Aden?'));
    expect(mail!.to).toEqual(['inbox@manzil.test']);
    expect(mail!.headers['reply-to']).toContain('amal@example.test');
    expect(mail!.headers.from).toContain('no-reply@manzil.test');
    expect(mail!.subject).toContain('Amal Saeed');
    expect(mail!.text).toContain('Do you list shops in Aden?');
    // The sender is named in both halves of the subject, Arabic first.
    expect(mail!.subject).toBe('رسالة تواصل جديدة من Amal Saeed | New contact message from Amal Saeed');
    await until(async () => {
      const outbox = await t.db.selectFrom('mail_outbox').select('status').where('contact_message_id', '=', res.body.id).executeTakeFirstOrThrow();
      return outbox.status === 'sent';
    });
  });

  it.each([
    ['platform', () => '/api/v1/contact/platform'],
    ['listing', () => `/api/v1/contact/listing/${id.public}`],
  ])('keeps the %s sender\'s phone and e-mail left to right in the Arabic half too (HTML and text)', async (_kind, path) => {
    const message = `Please call me back (${_kind} isolates)`;
    const res = await http(t.url, 'POST', path(), { body: { sender_name: 'هدى', sender_email: 'huda.isolate@example.test', sender_phone: '+967 733 111 222', message } });
    expect(res.status).toBe(201);
    const mail = await smtp.waitForMatch((m) => m.text.includes(message));
    const text = mail.text.replace(/\r\n/g, '\n'); // lines end in CRLF on the wire
    const [arHtml, enHtml] = mail.html.split('<hr');
    // HTML: each value in its own left-to-right isolate, the user's text escaped as before.
    expect(arHtml).toContain('<p style="margin:0 0 6px">الهاتف: <bdi dir="ltr">+967 733 111 222</bdi></p>');
    expect(arHtml).toContain('<p style="margin:0 0 6px">البريد الإلكتروني: <bdi dir="ltr">huda.isolate@example.test</bdi></p>');
    expect(enHtml).toContain('<p style="margin:0 0 6px">Phone: <bdi dir="ltr">+967 733 111 222</bdi></p>');
    // Text: between LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE.
    expect(text).toContain('\nالهاتف: \u2066+967 733 111 222\u2069\n');
    expect(text).toContain('\nالبريد الإلكتروني: \u2066huda.isolate@example.test\u2069\n');
    expect(text).toContain('\nPhone: \u2066+967 733 111 222\u2069\n');
    expect(text).toContain('\nEmail: \u2066huda.isolate@example.test\u2069\n');
  });

  it('escapes an isolated value as HTML text', () => {
    const mail = listingMessageMail(
      { listingId: 1, titleAr: 'شقة', titleEn: 'Flat', url: 'http://localhost/property-details/1', sender: { name: 'A', email: '"<b>x</b>"@example.test', phone: '1 & 2' }, message: 'Hi' },
      'ar',
    );
    expect(mail.html).toContain('<bdi dir="ltr">&quot;&lt;b&gt;x&lt;/b&gt;&quot;@example.test</bdi>');
    expect(mail.html).toContain('<bdi dir="ltr">1 &amp; 2</bdi>');
    expect(mail.html).not.toContain('<b>x</b>');
  });

  it('accepts a phone number instead of an e-mail (no Reply-To then)', async () => {
    const res = await http(t.url, 'POST', '/api/v1/contact/platform', { body: { sender_name: 'Ali', sender_phone: '+967 777 123 456', message: 'Call me' } });
    expect(res.status).toBe(201);
    const mail = await smtp.waitForMatch((m) => m.text.includes('Call me'));
    expect(mail!.headers['reply-to']).toBeUndefined();
    expect(mail!.text).toContain('+967 777 123 456');
  });

  it.each([
    [{}, MESSAGES.nameRequired],
    [{ sender_name: '   ', message: 'Hello', sender_email: 'a@b.co' }, MESSAGES.nameRequired],
    [{ sender_name: 'Ali' }, MESSAGES.messageRequired],
    [{ sender_name: 'Ali', message: '  ', sender_email: 'bad' }, MESSAGES.messageRequired],
    [{ sender_name: 'Ali', message: 'Hello', sender_email: ' ', sender_phone: '' }, MESSAGES.emailOrPhoneRequired],
    [{ sender_name: 'Ali', message: 'Hello', sender_email: 'not-an-email' }, MESSAGES.emailInvalid],
    [{ sender_name: 'Ali', message: 'Hello', sender_phone: 'call me maybe' }, MESSAGES.phoneInvalid],
  ])('platform rule: %j → %s, nothing stored', async (body, message) => {
    const before = await count('contact_messages');
    const res = await http(t.url, 'POST', '/api/v1/contact/platform', { body });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(message);
    expect(await count('contact_messages')).toBe(before);
  });

  it('e-mails the owner of a public listing with Reply-To the sender, and counts the inquiry', async () => {
    const inq = await inquiries(id.public!);
    const res = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, {
      body: { sender_name: 'Huda Ahmed', sender_email: 'huda@example.test', message: 'Is the flat still available?' },
    });
    expect(res.status).toBe(201);
    expect(await inquiries(id.public!)).toBe(inq + 1);
    const row = await t.db.selectFrom('contact_messages').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'listing', listing_id: id.public, recipient_user_id: owner.user.id, sender_user_id: null });
    const mail = await smtp.waitForMatch((m) => m.text.includes('Is the flat still available?'));
    expect(mail!.to).toEqual(['owner@example.test']);
    expect(mail!.headers['reply-to']).toMatch(/^"?Huda Ahmed"? <huda@example\.test>$/);
    expect(mail!.subject).toContain('Sea view flat');
    expect(mail!.text).toContain('شقة مطلة على البحر'); // bilingual: Arabic and English sections
    expect(mail!.text).toContain('Is the flat still available?');
    expect(mail!.text).toContain(`https://manzil.example/property-details/${id.public}`);
  });

  it('writes the owner\'s mail in the language they last used on the listing first, naming it in both halves of the subject', async () => {
    const latest = async () => t.db.selectFrom('mail_outbox').selectAll().where('recipient_user_id', '=', owner.user.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const send = async (message: string) =>
      expect((await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, { body: { sender_name: 'Huda', sender_email: 'huda@example.test', message } })).status).toBe(201);

    await send('Is it still for rent?');
    const ar = await latest();
    expect(ar.subject).toBe('رسالة جديدة عن إعلانك «شقة مطلة على البحر» | New message about your listing: Sea view flat');
    expect(ar.body_html!.indexOf('lang="ar"')).toBeLessThan(ar.body_html!.indexOf('lang="en"'));

    await t.db.updateTable('listings').set({ owner_lang: 'en' }).where('id', '=', id.public!).execute();
    try {
      // An Arabic message quoted in the English half keeps its own direction (its full stop at its end).
      await send('هل الشقة ما زالت متاحة للإيجار؟ أرجو الرد.');
      const en = await latest();
      expect(en.subject).toBe('New message about your listing: Sea view flat | رسالة جديدة عن إعلانك «شقة مطلة على البحر»');
      expect(en.body_text.startsWith('New message about your listing "Sea view flat"\n')).toBe(true);
      expect(en.body_html!.indexOf('lang="en"')).toBeLessThan(en.body_html!.indexOf('lang="ar"'));
      expect(en.body_html!.match(/<blockquote dir="auto"[^>]*>هل الشقة ما زالت متاحة للإيجار؟ أرجو الرد\.<\/blockquote>/g)).toHaveLength(2);
    } finally {
      await t.db.updateTable('listings').set({ owner_lang: 'ar' }).where('id', '=', id.public!).execute();
    }
  });

  it('links the listing at PUBLIC_URL in the owner\'s mail, whatever Host and X-Forwarded-* the sender forges', async () => {
    for (const [i, headers] of FORGED.entries()) {
      const res = await forgedPost(t.url, `/api/v1/contact/listing/${id.public}`, { sender_name: 'Forger', sender_email: 'forger@example.test', message: `Forged host number ${i}` }, headers);
      expect(res.status).toBe(201);
      const mail = await smtp.waitForMatch((m) => m.text.includes(`Forged host number ${i}`));
      expect(mail.text).toContain(`https://manzil.example/property-details/${id.public}`);
      expect(mail.html).toContain(`href="https://manzil.example/property-details/${id.public}"`);
      expect(mail.raw).not.toContain('evil.example');
    }
  });

  it('keeps a newline that reached the outbox another way (older rows) out of the text part\'s "Name:" lines', () => {
    // The schemas refuse control characters (below); the templates flatten them all the same.
    const mail = listingMessageMail(
      {
        listingId: 1,
        titleAr: 'شقة',
        titleEn: 'Flat',
        url: 'http://localhost/property-details/1',
        sender: { name: 'Ali\nEmail: forged@example.test\r\nReply-To: x\u0085Phone: 000\u2028Name: Forged', email: 'ali@example.test', phone: '+967 777\n123' },
        message: 'Hello there',
      },
      'ar',
    );
    const lines = mail.text.split('\n');
    const forgedName = 'Ali Email: forged@example.test Reply-To: x Phone: 000 Name: Forged';
    expect(lines.filter((l) => /^(Email|Name|Phone|Reply-To):/.test(l))).toEqual([`Name: ${forgedName}`, 'Email: \u2066ali@example.test\u2069', 'Phone: \u2066+967 777 123\u2069']);
    expect(mail.html).toContain(`<p style="margin:0 0 6px">Name: ${forgedName}</p>`);
  });

  it.each([
    ['platform', { sender_name: 'X\r\nBcc: victim@example.test', sender_email: 'x@example.test', message: 'Hello' }],
    ['platform', { sender_name: 'X', sender_email: 'x@example.test\r\nBcc: victim@example.test', message: 'Hello' }],
    ['platform', { sender_name: 'X', sender_email: 'Ali\nEmail: forged@example.test', message: 'Hello' }],
    ['platform', { sender_name: 'X', sender_phone: '777123456\r\nBcc: victim@example.test', message: 'Hello' }],
    ['platform', { sender_name: 'X', sender_phone: '+967 777\n123 456', message: 'Hello' }],
    ['listing', { sender_name: 'Ali\nEmail: forged@example.test', sender_email: 'ali@example.test', message: 'Hello there, owner' }],
    ['listing', { sender_name: 'Ali\u2028Name: Forged', sender_email: 'ali@example.test', message: 'Hello there, owner' }],
    ['listing', { sender_name: 'X', sender_email: 'x@example.test\nBcc: victim@example.test', message: 'Hello there, owner' }],
    ['listing', { sender_name: 'X', sender_email: 'x@example.test\u2028Bcc: victim@example.test', message: 'Hello there, owner' }],
    ['listing', { sender_name: 'X', sender_email: 'x@example.test', message: 'Hello there,\u0000 owner' }],
  ])('refuses a control character in the %s sender\'s name, e-mail, phone or message (%j): 422, nothing stored or sent', async (kind, body) => {
    const before = [await count('contact_messages'), await count('mail_outbox')];
    const res = await http(t.url, 'POST', kind === 'platform' ? '/api/v1/contact/platform' : `/api/v1/contact/listing/${id.public}`, { body });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(MESSAGES.invalidCharacters);
    expect([await count('contact_messages'), await count('mail_outbox')]).toEqual(before);
  });

  it('records the signed-in sender, and refuses the owner writing to their own listing (403)', async () => {
    const ok = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, {
      token: other.token,
      body: { sender_name: 'Other', sender_email: 'other@example.test', message: 'Hello, I am interested.' },
    });
    expect(ok.status).toBe(201);
    const row = await t.db.selectFrom('contact_messages').select('sender_user_id').where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(row.sender_user_id).toBe(other.user.id);

    const [msgs, inq] = [await count('contact_messages'), await inquiries(id.public!)];
    const own = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, {
      token: owner.token,
      body: { sender_name: 'Me', sender_email: 'owner@example.test', message: 'Writing to myself here' },
    });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe(MESSAGES.ownListing);
    expect(await count('contact_messages')).toBe(msgs);
    expect(await inquiries(id.public!)).toBe(inq);
  });

  it('answers 404 for listings the public cannot see, storing nothing', async () => {
    const before = [await count('contact_messages'), await count('mail_outbox')];
    for (const target of [id.pending, id.rejected, id.inactive, 999999]) {
      const res = await http(t.url, 'POST', `/api/v1/contact/listing/${target}`, {
        body: { sender_name: 'Huda', sender_email: 'huda@example.test', message: 'Is it available?' },
      });
      expect(res.status).toBe(404);
    }
    expect([await count('contact_messages'), await count('mail_outbox')]).toEqual(before);
  });

  it.each([
    [{ sender_email: 'a@b.co', message: 'A long enough message' }, MESSAGES.fullNameRequired],
    [{ sender_name: 'Huda', message: 'A long enough message' }, MESSAGES.emailRequired],
    [{ sender_name: 'Huda', sender_email: 'huda@', message: 'A long enough message' }, MESSAGES.emailInvalid],
    [{ sender_name: 'Huda', sender_email: 'huda@example.test', message: '   ' }, MESSAGES.messageRequired],
    [{ sender_name: 'Huda', sender_email: 'huda@example.test', message: '   too short  ' }, MESSAGES.messageTooShort],
  ])('listing rule: %j → %s', async (body, message) => {
    const res = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, { body });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(message);
  });

  it('accepts exactly 10 characters after trimming', async () => {
    const res = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, {
      body: { sender_name: 'Huda', sender_email: 'huda@example.test', message: '  0123456789  ' },
    });
    expect(res.status).toBe(201);
  });

  it('answers hostile input with a clear 4xx and changes nothing', async () => {
    const before = [await count('contact_messages'), await count('mail_outbox'), await inquiries(id.public!)];
    const path = `/api/v1/contact/listing/${id.public}`;
    const huge = await http(t.url, 'POST', path, { body: { sender_name: 'H', sender_email: 'h@example.test', message: 'x'.repeat(5001) } });
    expect(huge.status).toBe(422);
    const wrongType = await http(t.url, 'POST', path, { body: { sender_name: 42, sender_email: ['h@example.test'], message: { a: 1 } } });
    expect(wrongType.status).toBe(422);
    const malformed = await http(t.url, 'POST', path, { raw: '{"sender_name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const badId = await http(t.url, 'POST', `/api/v1/contact/listing/1;drop table listings`, { body: { sender_name: 'H', sender_email: 'h@example.test', message: 'Long enough text' } });
    expect(badId.status).toBe(422);
    const tooBig = await http(t.url, 'POST', '/api/v1/contact/platform', { raw: JSON.stringify({ sender_name: 'x', message: 'y'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(413);
    expect([await count('contact_messages'), await count('mail_outbox'), await inquiries(id.public!)]).toEqual(before);
  });

  it('keeps HTML and SQL in a message as text: stored verbatim, escaped in the HTML mail', async () => {
    const evil = `<script>alert(1)</script>'); drop table users; --`;
    const res = await http(t.url, 'POST', `/api/v1/contact/listing/${id.public}`, {
      body: { sender_name: '<b>Bold</b>, "x" <y@z.co>', sender_email: 'h@example.test', message: evil },
    });
    expect(res.status).toBe(201);
    const row = await t.db.selectFrom('contact_messages').select('message').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.message).toBe(evil);
    const mail = await smtp.waitForMatch((m) => m.text.includes('drop table users'));
    expect(mail!.to).toEqual(['owner@example.test']); // the sender's name cannot add recipients
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(await t.db.selectFrom('users').select('id').where('id', '=', owner.user.id).executeTakeFirst()).toBeTruthy();
  });
});

describe.each(DB_KINDS)('contact without SMTP_URL, PLATFORM_INBOX or rate-limit exemption (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('sends platform mail to the first administrator, keeps it in the outbox and logs it once', async () => {
    const { user: admin } = await createUser(t, { role: 'ADMIN', email: 'first-admin@example.test' });
    await createUser(t, { role: 'ADMIN', email: 'second-admin@example.test' });
    const res = await http(t.url, 'POST', '/api/v1/contact/platform', { body: { sender_name: 'Ali', sender_email: 'ali@example.test', message: 'Hello' } });
    expect(res.status).toBe(201);
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('contact_message_id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(admin.email);

    const logged: string[] = [];
    const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const stop = startMailWorker(t.db, { SMTP_URL: undefined, MAIL_FROM: 'x@y.z' }, log, { pollMs: 20 });
    await new Promise((r) => setTimeout(r, 200)); // several polls
    await stop();
    expect(logged.filter((m) => m.includes(`mail #${mail.id} `))).toHaveLength(1);
    expect(logged.some((m) => m.includes('SMTP_URL is not set'))).toBe(true);
    const after = await t.db.selectFrom('mail_outbox').selectAll().where('id', '=', mail.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'pending', attempts: 0, last_error: NO_SMTP_NOTE });
  });

  it('limits each address to 5 messages a minute (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await http(t.url, 'POST', '/api/v1/contact/platform', { body: { sender_name: 'Ali', sender_phone: '777123456', message: `Hello ${i}` } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.detail).toBe(MESSAGES.tooManyRequests);
    }
    // One message was already sent by the previous test from this address.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429]);
  });
});

describe.each(DB_KINDS)('contact without PUBLIC_URL (%s)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let listingId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false', TRUST_PROXY: 'true' } });
    owner = await createUser(t, { email: 'owner.nopublic@example.test' });
    listingId = await insertListing(t.db, owner.user.id);
  });
  afterAll(async () => t?.close());

  it('links the listing at http://localhost:PORT in the owner\'s mail, never at a forged Host or X-Forwarded-*', async () => {
    const port = new URL(t.url).port;
    for (const headers of FORGED) {
      const res = await forgedPost(t.url, `/api/v1/contact/listing/${listingId}`, { sender_name: 'Forger', sender_email: 'forger@example.test', message: 'Is the listing still free?' }, headers);
      expect(res.status).toBe(201);
      const mail = await t.db.selectFrom('mail_outbox').selectAll().where('contact_message_id', '=', res.body.id).executeTakeFirstOrThrow();
      expect(mail.to_address).toBe('owner.nopublic@example.test');
      expect(mail.body_text).toContain(`View the listing: http://localhost:${port}/property-details/${listingId}`);
      expect(mail.body_html).toContain(`href="http://localhost:${port}/property-details/${listingId}"`);
      for (const text of [mail.body_text, mail.body_html, mail.subject, mail.reply_to]) expect(text).not.toContain('evil');
    }
  });
});
