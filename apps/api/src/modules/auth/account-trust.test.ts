/**
 * Accounts people can recover and trust (issue 20), over HTTP with the mail delivered to a real local SMTP
 * server: e-mail verification, e-mail change, password reset, sessions that end, the per-account sign-in
 * lock, the limits, and ADMIN_EMAIL across restarts.
 */
import nodeHttp from 'node:http';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { buildApp } from '../../app.js';
import { prepareDatabase } from '../../bootstrap.js';
import '../../startup-hooks.js';
import { createTestApp, createTestDatabase, createUser, DB_KINDS, http, testConfig, type TestApp } from '../../../test/helpers.js';
import { startSmtp, until, type ReceivedMail } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';

const quiet = { info() {}, warn() {}, error() {} };
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
let seq = 0;
const newEmail = (tag = 'trust') => `${tag}${++seq}.${Date.now()}@example.test`;
const person = (email: string, password = 'secret1') => ({ email, password, first_name: 'Huda', last_name: 'Saleh', phone_number: '777123456' });

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** The n-th mail (1-based) that reached `to`, waiting for it. */
async function nthMailTo(smtp: Smtp, to: string, n = 1): Promise<ReceivedMail> {
  await smtp.waitForMatch(() => smtp.received.filter((m) => m.to.includes(to)).length >= n);
  return smtp.received.filter((m) => m.to.includes(to))[n - 1]!;
}

/** The link to `page` in a mail's text part, as a URL. */
function linkIn(mail: ReceivedMail, page: '/verify-email' | '/reset-password'): URL {
  const m = new RegExp(`(https?://\\S+${page}\\?\\S+)`).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in:\n${mail.text}`);
  return new URL(m[1]!);
}

/** A POST with a Host header of our choosing (fetch cannot forge one). */
function postWithHost(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const u = new URL(base + path);
  return new Promise((resolve, reject) => {
    const req = nodeHttp.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe.each(DB_KINDS)('accounts people can recover and trust (%s)', (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
    stopWorker = startMailWorker(t.db, t.config, quiet, { pollMs: 50 });
  });
  afterAll(async () => {
    await stopWorker?.();
    await t?.close();
    await smtp?.close();
  });

  // Every request from an address of its own unless a test says otherwise: the per-address limits have their tests.
  let ipSeq = 0;
  const anyIp = () => `198.51.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`;
  const signIn = (email: string, password: string, ip = anyIp()) =>
    http(t.url, 'POST', '/api/v1/login/token', { form: { username: email, password }, headers: { 'x-forwarded-for': ip } });
  const tokenOf = async (email: string, password: string) => {
    const r = await signIn(email, password);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.access_token as string;
  };
  const me = (token: string) => http(t.url, 'GET', '/api/v1/users/me', { token });
  const register = async (email = newEmail(), lang = 'ar') => {
    const r = await http(t.url, 'POST', '/api/v1/users/', { body: person(email), headers: { 'accept-language': lang, 'x-forwarded-for': anyIp() } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { email, id: r.body.id as number };
  };
  const verify = (token: string) => http(t.url, 'POST', '/api/v1/auth/verify-email', { body: { token } });
  const origin = () => `http://localhost:${new URL(t.url).port}`;

  it('registration mails a link in the reader\'s language that verifies the address once', async () => {
    const { email } = await register(newEmail(), 'en-US,en;q=0.9,ar;q=0.5');
    const session = await tokenOf(email, 'secret1');
    expect((await me(session)).body).toMatchObject({ email, email_verified: false, pending_email: null });

    const mail = await nthMailTo(smtp, email);
    expect(mail.subject).toMatch(/^Confirm your email address for Manzil/);
    // English first, then Arabic; the link is on the public origin (no PUBLIC_URL: http://localhost:PORT).
    expect(mail.text.indexOf('Confirm your email address')).toBeLessThan(mail.text.indexOf('تأكيد بريدك الإلكتروني'));
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(origin());
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is kept.
    const stored = await t.db.selectFrom('auth_tokens').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await verify(token)).status).toBe(204);
    expect((await me(session)).body).toMatchObject({ email, email_verified: true });
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MESSAGES.verifyLinkInvalid });
    expect((await verify('A'.repeat(43))).body).toEqual({ detail: MESSAGES.verifyLinkInvalid });
    expect((await verify('not a token!')).status).toBe(422);
  });

  it('a forged Host header never reaches the links in e-mails', async () => {
    const email = newEmail('host');
    const status = await postWithHost(t.url, '/api/v1/users/', person(email), { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(status).toBe(201);
    const mail = await nthMailTo(smtp, email);
    expect(mail.text + mail.html).not.toContain('evil.example');
    expect(linkIn(mail, '/verify-email').origin).toBe(origin());
    expect((await postWithHost(t.url, '/api/v1/auth/password-reset', { email }, { host: 'evil.example' }))).toBe(202);
    const reset = await nthMailTo(smtp, email, 2);
    expect(reset.text + reset.html).not.toContain('evil.example');
    expect(linkIn(reset, '/reset-password').origin).toBe(origin());
  });

  it('resend mails a new link; an expired link is refused; nothing is sent once verified', async () => {
    const { email, id } = await register();
    const session = await tokenOf(email, 'secret1');
    const first = linkIn(await nthMailTo(smtp, email), '/verify-email').searchParams.get('token')!;
    expect((await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', {})).status).toBe(401);
    const resent = await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', { token: session });
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ detail: MESSAGES.verificationSent });
    const second = linkIn(await nthMailTo(smtp, email, 2), '/verify-email').searchParams.get('token')!;
    expect(second).not.toBe(first);

    await t.db.updateTable('auth_tokens').set({ expires_at: sql`now() - interval '1 minute'` }).where('user_id', '=', id).execute();
    expect((await verify(second)).body).toEqual({ detail: MESSAGES.verifyLinkInvalid });
    expect((await me(session)).body.email_verified).toBe(false);

    expect((await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', { token: session })).status).toBe(202);
    expect((await verify(linkIn(await nthMailTo(smtp, email, 3), '/verify-email').searchParams.get('token')!)).status).toBe(204);
    const outbox = () => t.db.selectFrom('mail_outbox').select(sql<number>`count(*)::int`.as('n')).where('to_address', '=', email).executeTakeFirstOrThrow();
    const before = (await outbox()).n;
    expect((await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', { token: session })).status).toBe(202);
    expect((await outbox()).n).toBe(before);
  });

  it('an e-mail change needs the current password, waits for the new address\'s link, then ends the other sessions', async () => {
    const { email } = await register();
    const mine = await tokenOf(email, 'secret1');
    const other = await tokenOf(email, 'secret1');
    const next = newEmail('moved');
    const missing = await http(t.url, 'PATCH', '/api/v1/users/me', { token: mine, body: { email: next } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: MESSAGES.currentPasswordRequired });
    const wrong = await http(t.url, 'PATCH', '/api/v1/users/me', { token: mine, body: { email: next, current_password: 'nope12' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ detail: MESSAGES.currentPasswordWrong });

    // A first change superseded by a second: only the second address's link applies.
    const abandoned = newEmail('abandoned');
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: mine, body: { email: abandoned, current_password: 'secret1' } })).body.pending_email).toBe(abandoned);
    const changed = await http(t.url, 'PATCH', '/api/v1/users/me', { token: mine, body: { email: next, current_password: 'secret1' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email, pending_email: next });
    expect((await me(other)).body).toMatchObject({ email, pending_email: next });
    expect((await signIn(next, 'secret1')).status).toBe(401);

    const stale = linkIn(await nthMailTo(smtp, abandoned), '/verify-email').searchParams.get('token')!;
    expect((await verify(stale)).body).toEqual({ detail: MESSAGES.verifyLinkInvalid });
    const mail = await nthMailTo(smtp, next);
    expect(mail.subject).toContain('Confirm your new email address');
    expect((await verify(linkIn(mail, '/verify-email').searchParams.get('token')!)).status).toBe(204);

    expect((await me(mine)).body).toMatchObject({ email: next, email_verified: true, pending_email: null });
    expect((await me(other)).status).toBe(401);
    // The old address is told, with the new one, in the language of the request that followed the link.
    const told = await nthMailTo(smtp, email, 2);
    expect(told.subject).toBe('تم تغيير البريد الإلكتروني لحسابك في منزل | The email address of your Manzil account was changed');
    expect(told.text).toContain(`New email address: \u2066${next}\u2069`);
    expect(told.html).toContain(`<bdi dir="ltr">${next}</bdi>`);
    expect(told.text).toMatch(/Contact us: http:\/\/\S+\/contact\?lang=en/);
    expect((await signIn(email, 'secret1')).status).toBe(401);
    expect((await signIn(next, 'secret1')).status).toBe(200);
  });

  it('a new address taken before its link is followed answers 409 and changes nothing', async () => {
    const { email } = await register();
    const mine = await tokenOf(email, 'secret1');
    const wanted = newEmail('wanted');
    await http(t.url, 'PATCH', '/api/v1/users/me', { token: mine, body: { email: wanted, current_password: 'secret1' } });
    const token = linkIn(await nthMailTo(smtp, wanted), '/verify-email').searchParams.get('token')!;
    await register(wanted);
    const r = await verify(token);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ detail: MESSAGES.emailTaken });
    expect((await me(mine)).body.email).toBe(email);
  });

  it('password reset: the same 202 for any address, a 60-minute single-use link, every session ended', async () => {
    const { email } = await register();
    const session = await tokenOf(email, 'secret1');
    const unknown = await http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email: newEmail('nobody') }, headers: { 'x-forwarded-for': anyIp() } });
    const known = await http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email: ` ${email.toUpperCase()} ` }, headers: { 'x-forwarded-for': anyIp() } });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual({ detail: MESSAGES.resetEmailSent });
    expect(known.body).toEqual(unknown.body);

    const mail = await nthMailTo(smtp, email, 2); // the first is the verification
    expect(mail.subject).toMatch(/^إعادة تعيين كلمة المرور/);
    const link = linkIn(mail, '/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;
    const expiry = await t.db
      .selectFrom('auth_tokens')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('s'))
      .where('purpose', '=', 'password_reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(expiry.s).toBe(3600);

    const confirm = (tok: string, password = 'brand-new7') => http(t.url, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token: tok, password } });
    // The page asks whether its link is good as it opens; asking does not use it up.
    const check = (tok: string) => http(t.url, 'POST', '/api/v1/auth/password-reset/check', { body: { token: tok } });
    expect((await check('B'.repeat(43))).body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    expect((await check('short')).status).toBe(422);
    expect((await check(token)).status).toBe(204);
    expect((await check(token)).status).toBe(204);
    expect((await confirm('B'.repeat(43))).body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    expect((await confirm(token, '123')).status).toBe(422);
    expect((await confirm(token)).status).toBe(204);
    expect((await check(token)).body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    expect((await me(session)).status).toBe(401);
    expect((await signIn(email, 'secret1')).status).toBe(401);
    const fresh = await tokenOf(email, 'brand-new7');
    expect((await me(fresh)).body.email_verified).toBe(true); // the link reached the address
    // The address hears that the password changed (a reset it did not ask for is then seen at once).
    const changedMail = await nthMailTo(smtp, email, 3);
    expect(changedMail.subject).toBe('تم تغيير كلمة المرور لحسابك في منزل | Your Manzil password was changed');
    expect(changedMail.text).toContain('وتم تسجيل خروجك من أجهزتك الأخرى');
    expect(changedMail.text).not.toMatch(/reset-password\?/);
    const reused = await confirm(token, 'other-pass9');
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: MESSAGES.resetLinkInvalid });

    // An expired link.
    await http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': anyIp() } });
    const late = linkIn(await nthMailTo(smtp, email, 4), '/reset-password').searchParams.get('token')!;
    await t.db.updateTable('auth_tokens').set({ expires_at: sql`now() - interval '1 second'` }).where('purpose', '=', 'password_reset').where('email', '=', email).execute();
    expect((await check(late)).status).toBe(400);
    expect((await confirm(late)).body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    expect((await signIn(email, 'brand-new7')).status).toBe(200);
  });

  it('an account without a password sets its first one through the reset e-mail', async () => {
    const { user, token } = await createUser(t);
    const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { password: 'first-pass1', current_password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: MESSAGES.setPasswordFirst });
    await http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email: user.email }, headers: { 'x-forwarded-for': anyIp() } });
    const tok = linkIn(await nthMailTo(smtp, user.email), '/reset-password').searchParams.get('token')!;
    expect((await http(t.url, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token: tok, password: 'first-pass1' } })).status).toBe(204);
    expect((await me(await tokenOf(user.email, 'first-pass1'))).body.has_password).toBe(true);
    expect((await nthMailTo(smtp, user.email, 2)).subject).toBe('تم تعيين كلمة مرور لحسابك في منزل | A password was set for your Manzil account');
  });

  describe('a blocked account (issue 28) cannot recover its password', () => {
    const block = async (id: number, action: 'block' | 'unblock' = 'block') => {
      const { token: admin } = await createUser(t, { role: 'ADMIN' });
      expect((await http(t.url, 'POST', `/api/v1/admin/users/${id}/${action}`, { token: admin })).status).toBe(200);
    };
    const askReset = (email: string) => http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': anyIp() } });
    const check = (token: string) => http(t.url, 'POST', '/api/v1/auth/password-reset/check', { body: { token } });
    const confirm = (token: string, password: string) => http(t.url, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token, password } });
    // Reset mails only: blocking and unblocking may mail the account too.
    const isResetTo = (to: string) => (m: ReceivedMail) => m.to.includes(to) && m.text.includes('/reset-password?');
    const resetMailsTo = (to: string) => smtp.received.filter(isResetTo(to));
    const resetLink = async (to: string) => linkIn(await smtp.waitForMatch(isResetTo(to)), '/reset-password').searchParams.get('token')!;
    const hashOf = async (id: number) => (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

    it('gets the same 202 but no reset mail; once unblocked it resets as before', async () => {
      const { email, id } = await register();
      await nthMailTo(smtp, email); // the verification
      await block(id);

      const blocked = await askReset(email);
      const unknown = await askReset(newEmail('nobody'));
      expect([blocked.status, unknown.status]).toEqual([202, 202]);
      expect(blocked.body).toEqual(unknown.body);
      // A reset asked for afterwards reaches its (unblocked) address, and the outbox has nothing left to send…
      const { email: other } = await register();
      await askReset(other);
      await nthMailTo(smtp, other, 2);
      await new Promise((r) => setTimeout(r, 300));
      // …and still the blocked address got no reset mail: no link was even made.
      expect(resetMailsTo(email)).toEqual([]);
      expect(await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', id).where('purpose', '=', 'password_reset').execute()).toEqual([]);
      expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('body_text', 'like', '%/reset-password?%').execute()).toEqual([]);

      await block(id, 'unblock');
      expect((await askReset(email)).status).toBe(202);
      const token = await resetLink(email);
      expect((await check(token)).status).toBe(204);
      expect((await confirm(token, 'after-unblock1')).status).toBe(204);
      expect((await signIn(email, 'after-unblock1')).status).toBe(200);
    });

    it('a link mailed before the block is refused by check and confirm as sign-in refuses them, and changes nothing', async () => {
      const { email, id } = await register();
      expect((await askReset(email)).status).toBe(202);
      const token = await resetLink(email);
      expect((await check(token)).status).toBe(204);
      await block(id);
      const before = await hashOf(id);

      const signInRefusal = await signIn(email, 'secret1');
      expect(signInRefusal).toMatchObject({ status: 403, body: { detail: MESSAGES.accountBlocked } });
      const checked = await check(token);
      expect(checked.status).toBe(signInRefusal.status);
      expect(checked.body).toEqual(signInRefusal.body);
      const confirmed = await confirm(token, 'while-blocked1');
      expect(confirmed.status).toBe(signInRefusal.status);
      expect(confirmed.body).toEqual(signInRefusal.body);

      // The password did not change: the old one is still refused as blocked (not as wrong), the new one as wrong.
      expect(await hashOf(id)).toBe(before);
      expect(await signIn(email, 'secret1')).toMatchObject({ status: 403, body: { detail: MESSAGES.accountBlocked } });
      expect(await signIn(email, 'while-blocked1')).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });
      // An unknown link is still the 400 it was: the blocked answer needs a live link of a blocked account.
      expect((await check('C'.repeat(43))).body).toEqual({ detail: MESSAGES.resetLinkInvalid });

      await block(id, 'unblock');
      expect((await signIn(email, 'secret1')).status).toBe(200);
      expect((await signIn(email, 'while-blocked1')).status).toBe(401);
    });
  });

  it('deleting the account mails one confirmation to its address, in both languages, the request\'s first', async () => {
    const isDeletion = (m: ReceivedMail) => /Your Manzil account has been deleted/.test(m.subject);
    const settled = async (to: string) => {
      await until(async () => !(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).where('status', '<>', 'sent').executeTakeFirst()));
      await new Promise((r) => setTimeout(r, 200));
    };

    // Registered in Arabic, deleted from an English page: the confirmation follows the deletion's request.
    const { email, id } = await register(newEmail('deleted'), 'ar');
    await nthMailTo(smtp, email); // the verification
    const token = await tokenOf(email, 'secret1');
    const del = await http(t.url, 'DELETE', '/api/v1/users/me', { token, body: { password: 'secret1' }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(del.status).toBe(204);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    await smtp.waitForMatch((m) => m.to.includes(email) && isDeletion(m));
    await settled(email);
    const deletions = smtp.received.filter((m) => m.to.includes(email) && isDeletion(m));
    expect(deletions).toHaveLength(1);
    const mail = deletions[0]!;
    expect(mail.subject).toBe('Your Manzil account has been deleted | تم حذف حسابك في منزل');
    const en = mail.text.indexOf('Your Manzil account has been deleted as you asked');
    const ar = mail.text.indexOf('تم حذف حسابك في منزل بناءً على طلبك');
    expect(en).toBeGreaterThanOrEqual(0);
    expect(ar).toBeGreaterThan(en);
    expect(mail.text).toMatch(/listings, their photos and the messages/);
    expect(mail.text).toContain(`${origin()}/contact`);
    expect(mail.html).toContain('lang="ar"');
    // The row outlived the user it was about, tied to no user.
    const row = await t.db.selectFrom('mail_outbox').select(['recipient_user_id', 'status']).where('to_address', '=', email).where('subject', '=', mail.subject).execute();
    expect(row).toEqual([{ recipient_user_id: null, status: 'sent' }]);

    // An account without a password, deleted with no language asked for: Arabic first.
    const { user, token: google } = await createUser(t);
    expect((await http(t.url, 'DELETE', '/api/v1/users/me', { token: google, body: { email: user.email } })).status).toBe(204);
    const arMail = await nthMailTo(smtp, user.email);
    await settled(user.email);
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toEqual([arMail]);
    expect(arMail.subject).toBe('تم حذف حسابك في منزل | Your Manzil account has been deleted');
    expect(arMail.text.indexOf('تم حذف حسابك')).toBeLessThan(arMail.text.indexOf('Your Manzil account has been deleted'));
    expect(arMail.text).toContain(user.full_name);

    // A refused deletion mails nothing.
    const { email: kept } = await register();
    await nthMailTo(smtp, kept);
    expect((await http(t.url, 'DELETE', '/api/v1/users/me', { token: await tokenOf(kept, 'secret1'), body: { password: 'wrong-one' } })).status).toBe(403);
    await settled(kept);
    expect(smtp.received.filter((m) => m.to.includes(kept) && isDeletion(m))).toEqual([]);
  });

  it('a password change ends the other sessions and keeps this one; logout and logout-all end sessions', async () => {
    const { email } = await register();
    const [a, b, c] = [await tokenOf(email, 'secret1'), await tokenOf(email, 'secret1'), await tokenOf(email, 'secret1')];
    const changed = await http(t.url, 'PATCH', '/api/v1/users/me', { token: a, body: { password: 'changed1', current_password: 'secret1' }, headers: { 'accept-language': 'en' } });
    expect(changed.status).toBe(200);
    // Told at the account's address, English first as the request asked.
    const told = await nthMailTo(smtp, email, 2);
    expect(told.subject).toBe('Your Manzil password was changed | تم تغيير كلمة المرور لحسابك في منزل');
    expect(told.text.indexOf('your other devices were signed out')).toBeLessThan(told.text.indexOf('وتم تسجيل خروجك'));
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(401);
    expect((await me(c)).status).toBe(401);

    const d = await tokenOf(email, 'changed1');
    expect((await http(t.url, 'POST', '/api/v1/auth/logout', { token: d })).status).toBe(204);
    expect((await me(d)).status).toBe(401);
    expect((await me(a)).status).toBe(200);

    const e = await tokenOf(email, 'changed1');
    expect((await http(t.url, 'POST', '/api/v1/auth/logout-all', {})).status).toBe(401);
    expect((await http(t.url, 'POST', '/api/v1/auth/logout-all', { token: e })).status).toBe(204);
    expect((await me(a)).status).toBe(401);
    expect((await me(e)).status).toBe(401);
    // Another user's sessions are untouched.
    const { token: stranger } = await createUser(t);
    expect((await me(stranger)).status).toBe(200);
  });

  it('ten failed sign-ins lock the account from every address for 15 minutes; a reset lifts the lock', async () => {
    const { email } = await register();
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'wrong-guess', `203.0.113.${100 + i}`)).status).toBe(401);
    const locked = await signIn(email, 'secret1', '203.0.113.200');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: MESSAGES.accountLocked });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // An unknown address gets the same treatment, so the lock tells nothing about who has an account.
    const nobody = newEmail('nobody');
    for (let i = 0; i < 10; i++) await signIn(nobody, 'wrong-guess', `203.0.113.${100 + i}`);
    expect((await signIn(nobody, 'wrong-guess', '203.0.113.201')).body).toEqual({ detail: MESSAGES.accountLocked });

    await http(t.url, 'POST', '/api/v1/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': anyIp() } });
    const tok = linkIn(await nthMailTo(smtp, email, 2), '/reset-password').searchParams.get('token')!;
    expect((await http(t.url, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token: tok, password: 'unlocked1' } })).status).toBe(204);
    expect((await signIn(email, 'unlocked1', '203.0.113.202')).status).toBe(200);
  });

  it('profile changes, verification mails and new listings have per-account limits', async () => {
    const { email } = await register();
    const token = await tokenOf(email, 'secret1');
    for (let i = 0; i < 20; i++) {
      const r = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { full_name: `Huda Saleh ${i}` } });
      expect(r.status).toBe(200);
    }
    const limited = await http(t.url, 'PATCH', '/api/v1/users/me', { token, body: { full_name: 'One Too Many' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MESSAGES.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected.
    const { token: other } = await createUser(t);
    expect((await http(t.url, 'PATCH', '/api/v1/users/me', { token: other, body: { full_name: 'Not Limited' } })).status).toBe(200);

    for (let i = 0; i < 5; i++) expect((await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', { token })).status).toBe(202);
    expect((await http(t.url, 'POST', '/api/v1/auth/verify-email/resend', { token })).status).toBe(429);

    const place = await t.db.selectFrom('districts').select(['id', 'governorate_id']).orderBy('id').executeTakeFirstOrThrow();
    const listing = {
      listing_type: 'FOR_RENT',
      title_ar: 'شقة للإيجار',
      description_ar: 'شقة من غرفتين',
      price: 100,
      currency: 'USD',
      property_details: { property_type: 'APARTMENT', area_sqm: 80, governorate_id: place.governorate_id, district_id: place.id },
    };
    const { token: owner } = await createUser(t);
    for (let i = 0; i < 50; i++) {
      const r = await http(t.url, 'POST', '/api/v1/listings/', { token: owner, body: listing });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect((await http(t.url, 'POST', '/api/v1/listings/', { token: owner, body: listing })).status).toBe(429);
  });
});

describe.each(DB_KINDS)('ADMIN_EMAIL across restarts (%s)', (kind) => {
  it('the first registrant of the address gets no admin rights; ADMIN_PASSWORD does; a later reset survives restarts', async () => {
    const database = await createTestDatabase(kind);
    const smtp = await startSmtp();
    const email = newEmail('operator');
    const plain = testConfig({ SMTP_URL: smtp.url });
    const withAdmin = testConfig({ SMTP_URL: smtp.url, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'operator-pass' });
    const start = async (config: typeof plain) => {
      await prepareDatabase(config, database, quiet);
      const app = await buildApp({ config, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    };
    const login = (url: string, password: string) => http(url, 'POST', '/api/v1/login/token', { form: { username: email, password } });
    try {
      // Before the operator configures the address, someone registers it (and changes nothing else).
      let s = await start(plain);
      expect((await http(s.url, 'POST', '/api/v1/users/', { body: person(email, 'squatter1') })).status).toBe(201);
      const squatter = (await login(s.url, 'squatter1')).body.access_token as string;
      await s.app.close();

      s = await start(withAdmin);
      expect((await http(s.url, 'GET', '/api/v1/admin/stats', { token: squatter })).status).toBe(401);
      expect((await login(s.url, 'squatter1')).status).toBe(401);
      const admin = (await login(s.url, 'operator-pass')).body.access_token as string;
      expect((await http(s.url, 'GET', '/api/v1/admin/stats', { token: admin })).status).toBe(200);

      // The operator resets the password through the mailbox; the next start keeps it and the session.
      const stop = startMailWorker(database.db, withAdmin, quiet, { pollMs: 50 });
      await http(s.url, 'POST', '/api/v1/auth/password-reset', { body: { email } });
      const mail = await smtp.waitForMatch((m) => m.to.includes(email) && m.text.includes('/reset-password?'));
      await stop();
      const token = linkIn(mail, '/reset-password').searchParams.get('token')!;
      expect((await http(s.url, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token, password: 'operator-own' } })).status).toBe(204);
      const afterReset = (await login(s.url, 'operator-own')).body.access_token as string;
      await s.app.close();

      s = await start(withAdmin);
      expect((await http(s.url, 'GET', '/api/v1/admin/stats', { token: afterReset })).status).toBe(200);
      expect((await login(s.url, 'operator-own')).status).toBe(200);
      await s.app.close();
    } finally {
      await smtp.close();
      await database.close();
    }
  });
});

describe.runIf(TEST_REDIS_URL)('limits shared by servers through Redis', () => {
  it('failed sign-ins on one account count on every server', async () => {
    // Per-address limits live in the same Redis: each request comes from an address of its own.
    const env = { REDIS_URL: TEST_REDIS_URL!, TRUST_PROXY: 'true' };
    let n = 0;
    const from = () => ({ 'x-forwarded-for': `192.0.2.${(Date.now() + ++n) % 250}` });
    const a = await createTestApp('pglite', { env });
    // A second server on the same database and Redis.
    const config = testConfig(env);
    const b = await buildApp({ config, database: { db: a.db, kind: 'pglite', close: async () => {} }, logger: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const bUrl = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      const email = newEmail('redis');
      expect((await http(a.url, 'POST', '/api/v1/users/', { body: person(email), headers: from() })).status).toBe(201);
      for (let i = 0; i < 10; i++) {
        const url = i % 2 ? bUrl : a.url;
        expect((await http(url, 'POST', '/api/v1/login/token', { form: { username: email, password: 'wrong-guess' }, headers: from() })).status).toBe(401);
      }
      for (const url of [a.url, bUrl]) {
        const r = await http(url, 'POST', '/api/v1/login/token', { form: { username: email, password: 'secret1' }, headers: from() });
        expect(r.status).toBe(429);
        expect(r.body).toEqual({ detail: MESSAGES.accountLocked });
      }
      expect(await redis.exists(`manzil:limit:failedSignIns:${email}`)).toBe(1);
    } finally {
      await redis.quit();
      await b.close();
      await a.close();
    }
  });
});
