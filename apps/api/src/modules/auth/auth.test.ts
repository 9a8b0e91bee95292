import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** A local stand-in for Google's signing keys, and a way to sign ID tokens with it (or with a forger's key). */
async function googleKeys() {
  const real = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(real.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [jwk] });
  const sign = async (
    claims: Record<string, unknown>,
    opts: { key?: 'real' | 'forger'; aud?: string; iss?: string; exp?: number; iat?: number } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setSubject(String(claims.sub ?? '1000'))
      .setIssuedAt(opts.iat ?? now)
      .setExpirationTime(opts.exp ?? now + 3600)
      .sign((opts.key === 'forger' ? forger : real).privateKey);
  };
  return { keySet, sign };
}

let gseq = 0;
const googleSub = () => `1${Date.now()}${++gseq}`;

describe.each(DB_KINDS)('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let keys: Awaited<ReturnType<typeof googleKeys>>;
  beforeAll(async () => {
    keys = await googleKeys();
    t = await createTestApp(kind, { env: { GOOGLE_CLIENT_ID: CLIENT_ID, RATE_LIMITS: 'false' }, overrides: { googleKeys: keys.keySet } });
  }, 120_000);
  afterAll(async () => t?.close());

  const google = (token: string, user_info?: Record<string, unknown>) =>
    http(t.url, 'POST', '/api/v1/auth/google', { body: { token, ...(user_info ? { user_info } : {}) } });

  it('a valid token signs in a new user, and again the same user', async () => {
    const sub = googleSub();
    const email = `g${sub}@gmail.com`;
    const token = await keys.sign({ sub, email, given_name: 'Huda', family_name: 'Ali', picture: 'https://lh3.googleusercontent.com/a/x' });
    const r = await google(token, { email: 'someone-else@example.test', google_id: 'spoofed' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      token_type: 'bearer',
      user: { email, first_name: 'Huda', last_name: 'Ali', full_name: 'Huda Ali', google_linked: true, has_password: false, role: 'USER', profile_picture_url: 'https://lh3.googleusercontent.com/a/x' },
    });
    const me = await http(t.url, 'GET', '/api/v1/users/me', { token: r.body.access_token });
    expect(me.body.email).toBe(email);
    const again = await google(await keys.sign({ sub, email }));
    expect(again.body.user.id).toBe(r.body.user.id);
    // user_info is never trusted for identity
    const row = await t.db.selectFrom('users').select('google_id').where('id', '=', r.body.user.id).executeTakeFirstOrThrow();
    expect(row.google_id).toBe(sub);
  });

  it('refuses a blocked user (issue 28) with a clear 403, and signs them in again once unblocked', async () => {
    const sub = googleSub();
    const email = `blocked${sub}@gmail.com`;
    const first = await google(await keys.sign({ sub, email }));
    expect(first.status).toBe(200);
    const admin = await createUser(t, { role: 'ADMIN' });
    expect((await http(t.url, 'POST', `/api/v1/admin/users/${first.body.user.id}/block`, { token: admin.token })).status).toBe(200);
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: first.body.access_token })).status).toBe(401);
    const refused = await google(await keys.sign({ sub, email }));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MESSAGES.accountBlocked);
    expect((await http(t.url, 'POST', `/api/v1/admin/users/${first.body.user.id}/unblock`, { token: admin.token })).status).toBe(200);
    expect((await google(await keys.sign({ sub, email }))).status).toBe(200);
  });

  it('links to an existing account with the same verified e-mail (any case)', async () => {
    const email = `linked${Date.now()}@example.test`;
    const reg = await http(t.url, 'POST', '/api/v1/users/', {
      body: { email, password: 'secret1', first_name: 'Sara', last_name: 'Omar', phone_number: '777123456' },
    });
    expect(reg.status).toBe(201);
    // The owner proved the address (followed the link), so their password stays usable after linking.
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', reg.body.id).execute();
    const sub = googleSub();
    const r = await google(await keys.sign({ sub, email: email.toUpperCase(), given_name: 'Other', family_name: 'Name' }));
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: reg.body.id, first_name: 'Sara', google_linked: true, email_verified: true, has_password: true });
    // the password still works too
    expect((await http(t.url, 'POST', '/api/v1/login/token', { form: { username: email, password: 'secret1' } })).status).toBe(200);
  });

  it('linking an unverified account drops the password and sessions of whoever registered the address', async () => {
    // Someone registers a victim's address first (never verified); the victim then signs in with Google.
    const email = `prehijack${Date.now()}@example.test`;
    const reg = await http(t.url, 'POST', '/api/v1/users/', {
      body: { email, password: 'attacker1', first_name: 'Eve', last_name: 'X', phone_number: '777123456' },
    });
    const before = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: email, password: 'attacker1' } });
    expect(before.status).toBe(200);
    const r = await google(await keys.sign({ sub: googleSub(), email }));
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: reg.body.id, google_linked: true, email_verified: true, has_password: false });
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token: before.body.access_token })).status).toBe(401);
    expect((await http(t.url, 'POST', '/api/v1/login/token', { form: { username: email, password: 'attacker1' } })).status).toBe(401);
  });

  it('refuses forged, expired, wrong-audience, wrong-issuer and unverified tokens', async () => {
    const sub = googleSub();
    const email = `x${sub}@gmail.com`;
    const now = Math.floor(Date.now() / 1000);
    const bad: [string, Promise<string> | string, string][] = [
      ['forged', keys.sign({ sub, email }, { key: 'forger' }), MESSAGES.googleInvalidToken],
      ['expired', keys.sign({ sub, email }, { iat: now - 7200, exp: now - 3600 }), MESSAGES.googleInvalidToken],
      ['wrong audience', keys.sign({ sub, email }, { aud: 'someone-elses-client' }), MESSAGES.googleInvalidToken],
      ['wrong issuer', keys.sign({ sub, email }, { iss: 'https://evil.example' }), MESSAGES.googleInvalidToken],
      ['unverified e-mail', keys.sign({ sub, email, email_verified: false }), MESSAGES.googleNoEmail],
      ['no e-mail', keys.sign({ sub }), MESSAGES.googleNoEmail],
      ['not a JWT', 'this-is-not-a-token', MESSAGES.googleInvalidToken],
    ];
    for (const [name, token, message] of bad) {
      const r = await google(await token, { email, google_id: sub });
      expect(r.status, name).toBe(401);
      expect(r.body, name).toEqual({ detail: message });
    }
    // an HS256 token signed with some secret (algorithm confusion) is refused too
    const hs = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setIssuer('accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await google(hs)).status).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('accepts the issuer without https too', async () => {
    const sub = googleSub();
    const r = await google(await keys.sign({ sub, email: `i${sub}@gmail.com` }, { iss: 'accounts.google.com' }));
    expect(r.status).toBe(200);
  });

  it('validates the body', async () => {
    const r = await http(t.url, 'POST', '/api/v1/auth/google', { body: { user_info: { email: 'a@b.c' } } });
    expect(r.status).toBe(422);
  });
});

describe('Google sign-in not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 503 with a clear detail when GOOGLE_CLIENT_ID is unset', async () => {
    const r = await http(t.url, 'POST', '/api/v1/auth/google', { body: { token: 'a.b.c-0123456789' } });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ detail: MESSAGES.googleNotConfigured });
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a reverse proxy, so X-Forwarded-For tells clients apart.
    t = await createTestApp('pglite', { env: { TRUST_PROXY: 'true' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('sign-in: 10 attempts a minute per address, then 429 with the message', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.10' };
    // A different account each time, so only the per-address limit is met (the per-account one has its own test).
    const someone = (i: number) => `ip-limit-${i}.${Date.now()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const r = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: someone(i), password: 'wrong1' }, headers });
      expect(r.status).toBe(401);
    }
    const limited = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: someone(10), password: 'wrong1' }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MESSAGES.tooManyRequests });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // another client address is not affected
    const other = await http(t.url, 'POST', '/api/v1/login/token', { form: { username: someone(11), password: 'wrong1' }, headers: { 'x-forwarded-for': '203.0.113.11' } });
    expect(other.status).toBe(401);
  });

  it('registration: 5 a minute per address, then 429 with the message', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.20' };
    const body = (i: number) => ({ email: `rl${i}.${Date.now()}@example.test`, password: 'secret1', first_name: 'R', last_name: 'L', phone_number: '777123456' });
    for (let i = 0; i < 5; i++) expect((await http(t.url, 'POST', '/api/v1/users/', { body: body(i), headers })).status).toBe(201);
    const limited = await http(t.url, 'POST', '/api/v1/users/', { body: body(9), headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MESSAGES.tooManyRequests });
  });

  it('Google sign-in is limited too', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.30' };
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await http(t.url, 'POST', '/api/v1/auth/google', { body: { token: 'a.b.c-0123456789' }, headers })).status;
    expect(last).toBe(429);
  });
});

describe('rate limits without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('ignores a forged X-Forwarded-For, so changing it does not escape the limit', async () => {
    const { user } = await createUser(t);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const r = await http(t.url, 'POST', '/api/v1/login/token', {
        form: { username: user.email, password: 'wrong1' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      last = r.status;
    }
    expect(last).toBe(429);
  });
});
