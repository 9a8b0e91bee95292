/**
 * Reports of listings and the admin's decisions (issue 28) over HTTP on a real database: anonymous and signed-in
 * reports, a user's second report (409), the per-address rate limit, the hold after 3 different reporters (gone
 * from search, details and the sitemap), dismiss bringing it back, hide e-mailing the owner the reason (read
 * from a real SMTP server), the record of admin actions, and every endpoint as anonymous, other user, owner and
 * administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createUser, createWebTestApp, DB_KINDS, http, testIndexHtml } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { startSmtp } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';

const quiet = { info() {}, warn() {}, error() {} };
type User = Awaited<ReturnType<typeof createUser>>;

describe.each(DB_KINDS)('reports (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof createWebTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopWorker: () => Promise<void>;
  let owner: User;
  let alice: User;
  let bob: User;
  let admin: User;
  let listing: number;
  let other: number;
  let addr = 0;
  /** Each anonymous visitor comes from an address of their own (TRUST_PROXY: the proxy's X-Forwarded-For). */
  const from = (ip = `10.0.${Math.floor(++addr / 250)}.${(addr % 250) + 1}`) => ({ 'x-forwarded-for': ip });
  const report = (id: number, body: unknown, opts: { token?: string; ip?: string } = {}) =>
    http(t.url, 'POST', `/api/v1/listings/${id}/report`, { body, token: opts.token, headers: from(opts.ip) });
  const cases = (token?: string, query = '') => http(t.url, 'GET', `/api/v1/admin/reports${query}`, { token, headers: from() });
  const decide = (caseId: number, action: 'dismiss' | 'hide' | 'unhide', token?: string, body?: unknown) =>
    http(t.url, 'POST', `/api/v1/admin/reports/${caseId}/${action}`, { token, body, headers: from() });
  const publicDetails = (id: number) => http(t.url, 'GET', `/api/v1/listings/${id}`, { headers: from() });
  const searchIds = async () =>
    ((await http(t.url, 'POST', '/api/v1/listings/search', { body: { limit: 100 }, headers: from() })).body.items as { id: number }[]).map((i) => i.id);
  const sitemap = async () => (await fetch(`${t.url}/sitemap.xml`)).text();
  const withheld = async (id: number) => (await t.db.selectFrom('listings').select('withheld').where('id', '=', id).executeTakeFirstOrThrow()).withheld;

  beforeAll(async () => {
    t = await createWebTestApp({ 'index.html': testIndexHtml() }, { kind, env: { PUBLIC_URL: 'https://manzil.example', TRUST_PROXY: 'true' } });
    smtp = await startSmtp();
    stopWorker = startMailWorker(t.db, { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@manzil.test' }, quiet, { pollMs: 30 });
    owner = await createUser(t, { email: `owner.reports.${kind}@example.test` });
    [alice, bob, admin] = [await createUser(t), await createUser(t), await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Admin' })];
    listing = await insertListing(t.db, owner.user.id, { title_en: 'Reported flat', title_ar: 'شقة مبلغ عنها' });
    other = await insertListing(t.db, owner.user.id, { title_en: 'Another flat', title_ar: 'شقة أخرى' });
  }, 60_000);
  afterAll(async () => {
    await stopWorker?.();
    await smtp?.close();
    await t?.close();
  });

  it('refuses a bad reason (422), too long details (422), a listing the public cannot see (404) and the owner (403)', async () => {
    expect((await report(listing, { reason: 'boring' })).status).toBe(422);
    expect((await report(listing, {})).status).toBe(422);
    expect((await report(listing, { reason: 'other', details: 'x'.repeat(1001) })).status).toBe(422);
    const pending = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const inactive = await insertListing(t.db, owner.user.id, { is_active: false });
    for (const id of [pending, inactive, 999_999]) expect((await report(id, { reason: 'scam' })).status).toBe(404);
    expect((await report(pending, { reason: 'scam' }, { token: admin.token })).status).toBe(404);
    const own = await report(listing, { reason: 'scam' }, { token: owner.token });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe(MESSAGES.ownListingReport);
    expect(await t.db.selectFrom('listing_reports').select('id').execute()).toEqual([]);
  });

  it('takes an anonymous report, keeping no address (only a keyed hash), and a second from the same address counts once', async () => {
    const r = await report(listing, { reason: 'scam', details: '  Asked me to pay a deposit by transfer  ' }, { ip: '203.0.113.7' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), created_at: expect.any(String) });
    const again = await report(listing, { reason: 'duplicate' }, { ip: '203.0.113.7' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(r.body.id);
    const rows = await t.db.selectFrom('listing_reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'scam', details: 'Asked me to pay a deposit by transfer', reporter_user_id: null });
    expect(rows[0]!.reporter_key).toMatch(/^a:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
    expect(await withheld(listing)).toEqual([]);
  });

  it('takes a signed-in report once per listing: a second answers 409 with a clear message', async () => {
    expect((await report(listing, { reason: 'wrong_details' }, { token: alice.token })).status).toBe(201);
    const dup = await report(listing, { reason: 'scam', details: 'again' }, { token: alice.token, ip: '198.51.100.1' });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe(MESSAGES.alreadyReported);
    // Still public: two reporters.
    expect(await withheld(listing)).toEqual([]);
    expect((await publicDetails(listing)).status).toBe(200);
  });

  it('anonymous callers, users and the owner get 401/403 on every admin endpoint; an admin sees the open case', async () => {
    const [c] = (await cases(admin.token)).body.items;
    for (const [token, status] of [[undefined, 401], [alice.token, 403], [owner.token, 403]] as const) {
      expect((await cases(token)).status).toBe(status);
      expect((await decide(c.id, 'dismiss', token)).status).toBe(status);
      expect((await decide(c.id, 'hide', token, { reason: 'Scam' })).status).toBe(status);
    }
    const r = await cases(admin.token);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.items[0]).toMatchObject({
      status: 'open',
      reporters: 2,
      reasons: { scam: 1, wrong_details: 1, unavailable: 0, duplicate: 0, offensive: 0, other: 0 },
      listing: { id: listing, title_en: 'Reported flat', owner: { email: owner.user.email } },
      decided_at: null,
    });
    expect(r.body.items[0].reports.map((x: { signed_in: boolean }) => x.signed_in)).toEqual([true, false]);
    expect(r.body.items[0].reports[1].details).toBe('Asked me to pay a deposit by transfer');
    expect((await decide(999_999, 'dismiss', admin.token)).status).toBe(404);
    expect((await decide(999_999, 'hide', admin.token, { reason: 'Scam' })).status).toBe(404);
    expect((await decide(c.id, 'hide', admin.token, { reason: '   ' })).status).toBe(422);
    expect((await cases(admin.token, '?status=closed')).status).toBe(422);
  });

  it('a third different reporter takes the listing out of public view at once: search, details and the sitemap', async () => {
    expect(await searchIds()).toContain(listing);
    expect(await sitemap()).toContain(`/property-details/${listing}<`);
    expect((await report(listing, { reason: 'scam' }, { token: bob.token })).status).toBe(201);
    expect(await withheld(listing)).toEqual(['reported']);
    expect(await searchIds()).not.toContain(listing);
    expect(await searchIds()).toContain(other);
    expect((await publicDetails(listing)).status).toBe(404);
    expect(await sitemap()).not.toContain(`/property-details/${listing}<`);
    // Its owner and administrators still read it; nobody can report it while it is held.
    expect((await http(t.url, 'GET', `/api/v1/listings/${listing}`, { token: owner.token })).body.withheld).toEqual(['reported']);
    expect((await report(listing, { reason: 'scam' })).status).toBe(404);
  });

  it('dismiss brings the listing back, is recorded, and a decided case answers 409', async () => {
    const [c] = (await cases(admin.token)).body.items;
    const r = await decide(c.id, 'dismiss', admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, status: 'dismissed', decided_by: admin.user.id, decided_by_name: 'Nadia Admin' });
    expect(r.body.actions[0]).toMatchObject({ action: 'dismiss', admin_id: admin.user.id, admin_name: 'Nadia Admin', listing_id: listing });
    expect(await withheld(listing)).toEqual([]);
    expect((await publicDetails(listing)).status).toBe(200);
    expect(await searchIds()).toContain(listing);
    expect((await decide(c.id, 'dismiss', admin.token)).status).toBe(409);
    const again = await decide(c.id, 'hide', admin.token, { reason: 'Scam' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.reportAlreadyDecided);
    expect((await cases(admin.token)).body).toEqual({ items: [], total: 0 });
    expect((await cases(admin.token, '?status=dismissed')).body.total).toBe(1);
  });

  it('a report after a decision opens a new case; hide keeps it out of view, records it and e-mails the owner the reason', async () => {
    // Alice and Bob reported once already: a user reports a listing once, whatever the case.
    expect((await report(listing, { reason: 'offensive' }, { token: alice.token })).status).toBe(409);
    expect((await report(listing, { reason: 'unavailable', details: 'Rented last month' })).status).toBe(201);
    const open = (await cases(admin.token)).body;
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ status: 'open', reporters: 1, reasons: { unavailable: 1 } });
    // The earlier decision shows on the listing in the case.
    expect(open.items[0].actions.map((a: { action: string }) => a.action)).toEqual(['dismiss']);
    const reason = 'The same flat is listed by another owner; please send us the title deed.';
    const r = await decide(open.items[0].id, 'hide', admin.token, { reason });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'hidden', decision_reason: reason });
    expect(r.body.actions.map((a: { action: string }) => a.action)).toEqual(['hide', 'dismiss']);
    expect(await withheld(listing)).toEqual(['hidden']);
    expect((await publicDetails(listing)).status).toBe(404);
    expect(await searchIds()).not.toContain(listing);
    const mail = await smtp.waitForMatch((m) => m.to.includes(owner.user.email) && m.subject.includes('Reported flat'));
    expect(mail.subject.startsWith('تم إخفاء إعلانك')).toBe(true); // Arabic first: the listing was written in Arabic
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('شقة مبلغ عنها');
    expect(mail.text).toContain('https://manzil.example/my-properties');
    expect(mail.html).toContain('dir="rtl"');
    // The admin's listing views show who did what and when.
    const review = await http(t.url, 'GET', `/api/v1/admin/listings/review/${listing}`, { token: admin.token });
    expect(review.body.admin_actions.map((a: { action: string; admin_name: string }) => [a.action, a.admin_name])).toEqual([
      ['hide', 'Nadia Admin'],
      ['dismiss', 'Nadia Admin'],
    ]);
  });

  it('writes the mail in English first for an owner who wrote the listing in English', async () => {
    const en = await createUser(t, { email: `en.owner.${kind}@example.test` });
    const id = await insertListing(t.db, en.user.id, { title_en: 'English owner house', title_ar: 'بيت مالك إنجليزي' });
    // As creating, editing or renewing it with the app in English records it.
    await t.db.updateTable('listings').set({ owner_lang: 'en' }).where('id', '=', id).execute();
    expect((await report(id, { reason: 'other', details: 'Photos are stolen' })).status).toBe(201);
    const c = (await cases(admin.token)).body.items.find((x: { listing: { id: number } }) => x.listing.id === id);
    expect((await decide(c.id, 'hide', admin.token, { reason: 'Stolen photos' })).status).toBe(200);
    const mail = await smtp.waitForMatch((m) => m.subject.includes('English owner house'));
    expect(mail.subject.startsWith('Your listing was hidden')).toBe(true);
    // Each half of the subject names the listing, in its own language.
    expect(mail.subject).toContain('تم إخفاء إعلانك «بيت مالك إنجليزي»');
    expect(mail.text.indexOf('Stolen photos')).toBeGreaterThan(0);
    expect(mail.text.indexOf('An administrator hid')).toBeLessThan(mail.text.indexOf('أخفى أحد المشرفين'));
  });

  it('unhide shows a hidden listing again (admins only), the case reads as dismissed; recorded; 409 unless hidden', async () => {
    const id = await insertListing(t.db, owner.user.id, { title_en: 'Hidden by mistake', title_ar: 'مخفي خطأً' });
    expect((await report(id, { reason: 'duplicate' })).status).toBe(201);
    const c = (await cases(admin.token)).body.items.find((x: { listing: { id: number } }) => x.listing.id === id);
    expect((await decide(c.id, 'unhide', admin.token)).body.detail).toBe(MESSAGES.reportNotHidden);
    expect((await decide(c.id, 'hide', admin.token, { reason: 'Looks like a copy' })).status).toBe(200);
    expect((await publicDetails(id)).status).toBe(404);

    expect((await decide(c.id, 'unhide')).status).toBe(401);
    expect((await decide(c.id, 'unhide', owner.token)).status).toBe(403);
    expect((await decide(c.id, 'unhide', alice.token)).status).toBe(403);
    expect((await decide(999_999, 'unhide', admin.token)).status).toBe(404);
    const r = await decide(c.id, 'unhide', admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'dismissed', decided_by: admin.user.id });
    expect(r.body.actions.map((a: { action: string }) => a.action)).toEqual(['unhide', 'hide']);
    expect(await withheld(id)).toEqual([]);
    expect((await publicDetails(id)).status).toBe(200);
    expect(await searchIds()).toContain(id);
    const again = await decide(c.id, 'unhide', admin.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.reportNotHidden);
  });

  it('records approve and reject as admin actions', async () => {
    const id = await insertListing(t.db, owner.user.id, { status: 'pending' });
    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${id}/reject`, { token: admin.token, body: { reason: 'Blurry photos' } })).status).toBe(200);
    const r = await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token });
    expect(r.body.admin_actions.map((a: { action: string; reason: string | null }) => [a.action, a.reason])).toEqual([
      ['approve', null],
      ['reject', 'Blurry photos'],
    ]);
  });

  it('limits each address to 5 reports a minute (429)', async () => {
    const ids = await Promise.all(Array.from({ length: 7 }, () => insertListing(t.db, owner.user.id)));
    const statuses: number[] = [];
    for (const id of ids) {
      const r = await report(id, { reason: 'duplicate' }, { ip: '192.0.2.55' });
      statuses.push(r.status);
      if (r.status === 429) expect(r.body.detail).toBe(MESSAGES.tooManyRequests);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    // Another address is not held back.
    expect((await report(ids[6]!, { reason: 'duplicate' })).status).toBe(201);
  });

  it('blocks a user: no sign-in (403), sessions end, listings withheld; unblock undoes it; both recorded; admin only', async () => {
    const creds = { email: `blocked.${kind}@example.test`, password: 'secret123', first_name: 'Bad', last_name: 'Actor', phone_number: '+967 777 000 222' };
    const reg = await http(t.url, 'POST', '/api/v1/users/', { body: creds, headers: from() });
    expect(reg.status).toBe(201);
    const login = () => http(t.url, 'POST', '/api/v1/login/token', { form: { username: creds.email, password: creds.password }, headers: from() });
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token as string;
    const userId = reg.body.id as number;
    const id = await insertListing(t.db, userId, { title_en: 'Blocked owner flat' });
    const block = (who: number, action: 'block' | 'unblock', tok?: string) => http(t.url, 'POST', `/api/v1/admin/users/${who}/${action}`, { token: tok, headers: from() });
    for (const [tok, status] of [[undefined, 401], [alice.token, 403], [token, 403]] as const) {
      expect((await block(userId, 'block', tok)).status).toBe(status);
      expect((await block(userId, 'unblock', tok)).status).toBe(status);
    }
    expect((await block(999_999, 'block', admin.token)).status).toBe(404);
    const adminTarget = await block(admin.user.id, 'block', admin.token);
    expect(adminTarget.status).toBe(409);
    expect(adminTarget.body.detail).toBe(MESSAGES.cannotBlockAdmin);

    const r = await block(userId, 'block', admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: userId, blocked: true, blocked_at: expect.any(String) });
    expect((await block(userId, 'block', admin.token)).status).toBe(200); // again: nothing changes
    // Their session ended; signing in again is refused with a clear message.
    expect((await http(t.url, 'GET', '/api/v1/users/me', { token, headers: from() })).status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MESSAGES.accountBlocked);
    expect(await withheld(id)).toEqual(['blocked']);
    expect((await publicDetails(id)).status).toBe(404);
    expect(await searchIds()).not.toContain(id);

    expect((await block(userId, 'unblock', admin.token)).body).toEqual({ id: userId, blocked: false, blocked_at: null });
    expect(await withheld(id)).toEqual([]);
    expect((await publicDetails(id)).status).toBe(200);
    expect((await login()).status).toBe(200);
    const review = await http(t.url, 'GET', `/api/v1/admin/listings/review/${id}`, { token: admin.token, headers: from() });
    expect(review.body.admin_actions.map((a: { action: string; user_id: number }) => [a.action, a.user_id])).toEqual([
      ['unblock', userId],
      ['block', userId],
    ]);
  });
});
