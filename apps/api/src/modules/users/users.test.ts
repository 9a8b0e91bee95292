import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { prepareDatabase } from '../../bootstrap.js';
import '../../startup-hooks.js';
import { ensureAdmin } from './service.js';

const silent = { info() {}, warn() {}, error() {} };
let seq = 0;
const newEmail = () => `person${++seq}.${Date.now()}@example.test`;

const registration = (over: Record<string, unknown> = {}) => ({
  email: newEmail(),
  password: 'secret1',
  first_name: 'Amal',
  last_name: 'Saleh',
  phone_number: '+967 777 123 456',
  ...over,
});

/** The `msg` texts of a 422 answer. */
const msgs = (body: any): string[] => (Array.isArray(body?.detail) ? body.detail.map((d: any) => d.msg) : []);

async function signIn(t: TestApp, username: string, password: string) {
  return http(t.url, 'POST', '/api/v1/login/token', { form: { username, password } });
}

async function insertListing(t: TestApp, ownerId: number) {
  return t.db
    .insertInto('listings')
    .values({
      owner_id: ownerId,
      listing_type: 'FOR_SALE',
      title_en: 'Flat',
      title_ar: 'شقة',
      description_en: 'A flat',
      description_ar: 'شقة جميلة',
      property_type: 'APARTMENT',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('register → sign in → /users/me → PATCH → sign in with the new password', async () => {
    const body = registration({ email: `  Mixed.Case${Date.now()}@Example.test `, first_name: '  Amal ', last_name: ' Saleh  ' });
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      email: body.email.trim(),
      first_name: 'Amal',
      last_name: 'Saleh',
      full_name: 'Amal Saleh',
      username: 'Amal Saleh',
      phone_number: '+967 777 123 456',
      role: 'USER',
      has_password: true,
      google_linked: false,
      profile_picture_url: null,
    });
    expect(reg.body.id).toBe(reg.body.user_id);
    expect(reg.body).not.toHaveProperty('password_hash');
    expect(reg.body).not.toHaveProperty('password');

    // e-mail matching ignores case
    const login = await signIn(t, body.email.trim().toLowerCase(), 'secret1');
    expect(login.status).toBe(200);
    expect(login.body.token_type).toBe('bearer');
    const token = login.body.access_token as string;

    const me = await http(t.url, 'GET', '/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reg.body);

    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', reg.body.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const newAddress = newEmail();
    const patch = await http(t.url, 'PATCH', '/api/v1/users/me/', {
      token,
      body: { full_name: '  محمد عبد الله  ', phone_number: ' 777-123-456 ', email: newAddress, password: 'another6', current_password: 'secret1' },
    });
    expect(patch.status).toBe(200);
    // The new address waits for its link (account-trust.test.ts follows it); the rest applies at once.
    expect(patch.body).toMatchObject({
      email: reg.body.email,
      pending_email: newAddress,
      email_verified: false,
      full_name: 'محمد عبد الله',
      first_name: 'محمد',
      last_name: 'عبد الله',
      phone_number: '777-123-456',
    });

    expect((await signIn(t, body.email.trim(), 'secret1')).status).toBe(401);
    expect((await signIn(t, newAddress, 'another6')).status).toBe(401);
    const again = await signIn(t, body.email.trim().toUpperCase(), 'another6');
    expect(again.status).toBe(200);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: again.body.access_token })).body.email).toBe(reg.body.email);
  });

  it('PATCH changes only the fields sent, all or nothing ("" is not absent); nothing to change → "No changes detected"', async () => {
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: registration() });
    const token = (await signIn(t, reg.body.email, 'secret1')).body.access_token;
    // One invalid field refuses the whole body: the valid phone number is not applied either.
    for (const body of [{ phone_number: '+1 (555) 000-1111', email: '' }, { phone_number: '+1 (555) 000-1111', password: '' }, { phone_number: '+1 (555) 000-1111', full_name: '   ' }, { phone_number: null }]) {
      const half = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body });
      expect(half.status, JSON.stringify(body)).toBe(422);
    }
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).body.phone_number).toBe(reg.body.phone_number);
    const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { phone_number: ' +1 (555) 000-1111 ' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ phone_number: '+1 (555) 000-1111', email: reg.body.email, full_name: 'Amal Saleh' });
    expect((await signIn(t, reg.body.email, 'secret1')).status).toBe(200);

    for (const body of [{}, { full_name: 'Amal Saleh' }, { email: reg.body.email }]) {
      const same = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body });
      expect(same.status, JSON.stringify(body)).toBe(400);
      expect(same.body).toEqual({ detail: MESSAGES.noChanges });
    }
    const unknown = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { role: 'ADMIN' } });
    expect(unknown.status).toBe(422);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).body.role).toBe('USER');
  });

  it('refuses a duplicate e-mail whatever its case, at registration and on PATCH', async () => {
    const email = newEmail();
    expect((await http(t.url, 'POST', '/api/v1/users/', { body: registration({ email }) })).status).toBe(201);
    const dup = await http(t.url, 'POST', '/api/v1/users/', { body: registration({ email: email.toUpperCase() }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ detail: MESSAGES.emailTaken });

    const other = await http(t.url, 'POST', '/api/v1/users/', { body: registration() });
    const token = (await signIn(t, other.body.email, 'secret1')).body.access_token;
    const clash = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { email: ` ${email.toUpperCase()} `, current_password: 'secret1' } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ detail: MESSAGES.emailTaken });

    // Two registrations of one address at the same moment: exactly one wins.
    const race = newEmail();
    const both = await Promise.all([0, 1].map(() => http(t.url, 'POST', '/api/v1/users/', { body: registration({ email: race }) })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('checks every registration rule of spec §5 with its exact message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, MESSAGES.firstNameRequired],
      [{ first_name: '   ' }, MESSAGES.firstNameRequired],
      [{ first_name: undefined }, MESSAGES.firstNameRequired],
      [{ last_name: '' }, MESSAGES.lastNameRequired],
      [{ email: '' }, MESSAGES.emailRequired],
      [{ email: undefined }, MESSAGES.emailRequired],
      [{ email: 'not-an-address' }, MESSAGES.emailInvalid],
      [{ email: 'a@b' }, MESSAGES.emailInvalid],
      [{ password: undefined }, MESSAGES.passwordRequired],
      [{ password: '12345' }, MESSAGES.passwordTooShort],
      [{ phone_number: '' }, MESSAGES.phoneRequired],
      [{ phone_number: undefined }, MESSAGES.phoneRequired],
      [{ phone_number: '12345' }, MESSAGES.phoneInvalid],
      [{ phone_number: '+967 abc 123' }, MESSAGES.phoneInvalid],
      [{ phone_number: '1'.repeat(26) }, MESSAGES.phoneInvalid],
      [{ phone_number: '++9671234567' }, MESSAGES.phoneInvalid],
    ];
    for (const [over, message] of cases) {
      const r = await http(t.url, 'POST', '/api/v1/users/', { body: registration(over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(msgs(r.body), JSON.stringify(over)).toContain(message);
    }
    // the phone rule's edges: optional plus, 7 and 25 characters, spaces, hyphens, brackets
    for (const phone of ['1234567', '+(967) 1-2 3', '1'.repeat(25)]) {
      const r = await http(t.url, 'POST', '/api/v1/users/', { body: registration({ phone_number: phone }) });
      expect(r.status, phone).toBe(201);
    }
    // a six-character password is enough
    expect((await http(t.url, 'POST', '/api/v1/users/', { body: registration({ password: '123456' }) })).status).toBe(201);
  });

  it('checks the account rules on PATCH with their exact messages', async () => {
    const { token } = await createUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nobody@nowhere' }, MESSAGES.emailInvalid],
      [{ full_name: 'A' }, MESSAGES.fullNameTooShort],
      [{ full_name: ' B ' }, MESSAGES.fullNameTooShort],
      [{ password: 'short' }, MESSAGES.passwordTooShort],
      [{ phone_number: 'call me' }, MESSAGES.phoneInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(msgs(r.body), JSON.stringify(body)).toContain(message);
    }
  });

  it('phones typed in Arabic-Indic or Persian digits are stored in 0-9 (DESIGN §5), at registration and on PATCH', async () => {
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: registration({ phone_number: '+٩٦٧ ٧٧٧ ١٢٣ ٤٥٦' }) });
    expect(reg.status).toBe(201);
    expect(reg.body.phone_number).toBe('+967 777 123 456');
    const token = (await signIn(t, reg.body.email, 'secret1')).body.access_token;
    const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { phone_number: '۷۷۷-۱۲۳-۰۰۰' } });
    expect(r.status).toBe(200);
    expect(r.body.phone_number).toBe('777-123-000');
  });

  it('sign-in: wrong password and unknown e-mail answer the same 401', async () => {
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: registration() });
    const wrong = await signIn(t, reg.body.email, 'wrong-password');
    const unknown = await signIn(t, newEmail(), 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    // a Google-only account (no password) answers the same
    const { user } = await createUser(t);
    expect(await signIn(t, user.email, 'anything')).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });
    // missing fields are validation errors
    const empty = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: '', password: '' } });
    expect(empty.status).toBe(422);
    expect(msgs(empty.body)).toEqual(expect.arrayContaining([MESSAGES.emailRequired, MESSAGES.passwordRequired]));
    // OAuth2 clients also send grant_type
    const oauth = await http(t.url, 'POST', '/api/v1/login/token', { form: { grant_type: 'password', username: reg.body.email, password: 'secret1' } });
    expect(oauth.status).toBe(200);
  });

  it('/users/me needs a valid token of an existing user', async () => {
    expect(await http(t.url, 'GET', '/api/v1/users/me')).toMatchObject({ status: 401, body: { detail: MESSAGES.authRequired } });
    for (const token of ['garbage', 'a.b.c', `${(await createUser(t)).token}x`]) {
      expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
    }
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { body: { full_name: 'Someone Else' } })).status).toBe(401);
    expect((await http(t.url, 'DELETE', '/api/v1/users/me')).status).toBe(401);
    // an expired token
    const { SignJWT } = await import('jose');
    const { user } = await createUser(t);
    const expired = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: expired })).status).toBe(401);
  });

  it('each user reads and changes only their own account', async () => {
    const a = await createUser(t, { first_name: 'Ali', last_name: 'One' });
    const b = await createUser(t, { first_name: 'Badr', last_name: 'Two' });
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: a.token })).body.id).toBe(a.user.id);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: b.token })).body.id).toBe(b.user.id);
    await http(t.url, 'PATCH', '/api/v1/users/me', { token: a.token, body: { full_name: 'Ali Changed' } });
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: b.token })).body.full_name).toBe('Badr Two');
    // body ids are not accepted
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: a.token, body: { id: b.user.id, full_name: 'X Y' } })).status).toBe(422);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: b.token })).body.full_name).toBe('Badr Two');
  });

  it('DELETE removes the account and everything it owns; its token and credentials stop working', async () => {
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: registration() });
    const token = (await signIn(t, reg.body.email, 'secret1')).body.access_token;
    const id = reg.body.id as number;
    const other = await createUser(t);

    // a listing with a stored photo, a message to the owner, a message the owner sent to someone else
    const listing = await insertListing(t, id);
    const key = `listings/${listing.id}/test-photo`;
    await t.app.deps.storage.put(`${key}-400.webp`, Buffer.from('x'), 'image/webp');
    await t.db.insertInto('listing_media').values({ listing_id: listing.id, storage_key: key, widths: [400], width: 1, height: 1, bytes: 1 }).execute();
    await t.db.insertInto('contact_messages').values({ kind: 'listing', listing_id: listing.id, recipient_user_id: id, sender_name: 'Visitor', sender_email: 'v@example.test', message: 'Is it still available?' }).execute();
    const othersListing = await insertListing(t, other.user.id);
    const sent = await t.db.insertInto('contact_messages').values({ kind: 'listing', listing_id: othersListing.id, recipient_user_id: other.user.id, sender_user_id: id, sender_name: 'Amal', sender_email: reg.body.email, message: 'Hello there, owner' }).returning('id').executeTakeFirstOrThrow();

    const summary = await http(t.url, 'GET', '/api/v1/users/me/deletion-summary', { token });
    expect(summary.body).toEqual({ listings: 1, photos: 1, messages: 1 });

    // Confirmed with the password: none, or a wrong one, deletes nothing.
    expect(await http(t.url, 'DELETE', '/api/v1/users/me', { token })).toMatchObject({ status: 400, body: { detail: MESSAGES.deletePasswordRequired } });
    expect(await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { password: 'wrong-one' } })).toMatchObject({ status: 403, body: { detail: MESSAGES.currentPasswordWrong } });
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
    const del = await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { password: 'secret1' } });
    expect(del.status).toBe(204);

    expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
    expect((await http(t.url, 'DELETE', '/api/v1/users/me', { token })).status).toBe(401);
    expect(await signIn(t, reg.body.email, 'secret1')).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });

    const left = await sql<{ users: number; listings: number; media: number; messages: number }>`
      select (select count(*) from users where id = ${id})::int users,
             (select count(*) from listings where owner_id = ${id})::int listings,
             (select count(*) from listing_media where listing_id = ${listing.id})::int media,
             (select count(*) from contact_messages where recipient_user_id = ${id})::int messages`.execute(t.db);
    expect(left.rows[0]).toEqual({ users: 0, listings: 0, media: 0, messages: 0 });
    expect(await t.app.deps.storage.exists(`${key}-400.webp`)).toBe(false);
    // other people's data stays; the message the user sent stays with the sender unlinked
    const kept = await t.db.selectFrom('contact_messages').select('sender_user_id').where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(kept.sender_user_id).toBeNull();
    expect(await t.db.selectFrom('listings').select('id').where('id', '=', othersListing.id).executeTakeFirst()).toBeDefined();
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: other.token })).status).toBe(200);

    // the e-mail is free again
    expect((await http(t.url, 'POST', '/api/v1/users/', { body: registration({ email: reg.body.email }) })).status).toBe(201);
  });

  it('an account without a password (Google) is deleted by typing its e-mail again', async () => {
    const { user, token } = await createUser(t, { email: 'Google.Only@example.test' });
    expect(await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { email: 'someone.else@example.test' } })).toMatchObject({ status: 400, body: { detail: MESSAGES.deleteEmailMismatch } });
    expect((await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { password: 'anything' } })).status).toBe(400);
    expect((await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { email: ' google.only@example.test ' } })).status).toBe(204);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('a token of a deleted user is refused (the auth plugin reloads the user)', async () => {
    const { user, token } = await createUser(t);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await http(t.url, 'GET', '/api/v1/users/me', { token })).toMatchObject({ status: 401, body: { detail: MESSAGES.authRequired } });
  });

  it('ADMIN_EMAIL + ADMIN_PASSWORD create the admin at start-up, idempotently', async () => {
    const email = newEmail();
    const config = { ...t.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'admin-pass' };
    const handle = { db: t.db, kind: t.kind, close: async () => {} };
    await prepareDatabase(config, handle, silent);
    await prepareDatabase(config, handle, silent);
    const rows = await t.db.selectFrom('users').select(['role', 'email']).where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();
    expect(rows).toEqual([{ role: 'ADMIN', email }]);
    const login = await signIn(t, email, 'admin-pass');
    expect(login.status).toBe(200);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: login.body.access_token })).body.role).toBe('ADMIN');
    expect(await ensureAdmin(t.db, email, 'admin-pass')).toBe('unchanged');
  });

  it('ADMIN_EMAIL is the operator\'s: an account registered with it first gets ADMIN_PASSWORD, loses its sessions, Google link and pending change', async () => {
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: registration() });
    const squatter = await signIn(t, reg.body.email, 'secret1');
    await t.db.updateTable('users').set({ google_id: `g-${reg.body.id}`, pending_email: 'elsewhere@example.test' }).where('id', '=', reg.body.id).execute();
    expect(await ensureAdmin(t.db, reg.body.email.toUpperCase(), 'configured-pass')).toBe('reset');
    expect(await ensureAdmin(t.db, reg.body.email, 'configured-pass')).toBe('unchanged');
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: squatter.body.access_token })).status).toBe(401);
    expect((await signIn(t, reg.body.email, 'secret1')).status).toBe(401);
    const login = await signIn(t, reg.body.email, 'configured-pass');
    expect(login.status).toBe(200);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: login.body.access_token })).body).toMatchObject({
      role: 'ADMIN',
      email_verified: true,
      pending_email: null,
      google_linked: false,
    });
    expect(await t.db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', reg.body.email.toLowerCase()).execute()).toHaveLength(1);
    // Unchanged configuration, unchanged account: its sessions live on. A new ADMIN_PASSWORD applies again.
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: login.body.access_token })).status).toBe(200);
    expect(await ensureAdmin(t.db, reg.body.email, 'configured-pass-2')).toBe('reset');
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: login.body.access_token })).status).toBe(401);
    expect((await signIn(t, reg.body.email, 'configured-pass-2')).status).toBe(200);
  });
});
