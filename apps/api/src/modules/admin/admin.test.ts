import nodeHttp from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASONS, rejectionReasonText } from '@manzil/shared';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { startSmtp } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';

const quiet = { info() {}, warn() {}, error() {} };
const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * POST over node:http, which (unlike fetch) lets a test forge the Host header as any client can: no body for an
 * approval, a reason for a rejection (required).
 */
function forgedPost(base: string, pathname: string, headers: Record<string, string>): Promise<number> {
  const body = pathname.endsWith('/reject') ? JSON.stringify({ reason: 'The photos are of another property' }) : undefined;
  return new Promise((resolve, reject) => {
    const req = nodeHttp.request(`${base}${pathname}`, { method: 'POST', headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What a client or a proxy in front of us could forge. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' },
];

describe.each(DB_KINDS)('admin API (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopWorker: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let user: Awaited<ReturnType<typeof createUser>>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const id: Record<string, number> = {};
  const day = (n: number) => new Date(Date.UTC(2025, 2, 1 + n));

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://manzil.example', TRUST_PROXY: 'true' } });
    smtp = await startSmtp();
    stopWorker = startMailWorker(t.db, { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@manzil.test' }, quiet, { pollMs: 30 });
    admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Admin' });
    user = await createUser(t);
    owner = await createUser(t, { email: 'owner.admin-test@example.test' });
    id.pendingOld = await insertListing(t.db, owner.user.id, { status: 'pending', created_at: day(1), title_en: 'Old pending villa', title_ar: 'فيلا قديمة', listing_type: 'FOR_RENT' });
    id.pendingNew = await insertListing(t.db, owner.user.id, { status: 'pending', created_at: day(5), title_en: 'New pending flat', title_ar: 'شقة جديدة بانتظار المراجعة' });
    id.pendingMid = await insertListing(t.db, owner.user.id, { status: 'pending', created_at: day(3) });
    id.approved = await insertListing(t.db, owner.user.id, { created_at: day(2) });
    id.rejected = await insertListing(t.db, owner.user.id, { status: 'rejected', created_at: day(4) });
  });
  afterAll(async () => {
    await stopWorker?.();
    await smtp?.close();
    await t?.close();
  });

  /** The latest mail about a listing, as queued (subject and bodies exactly as the templates wrote them). */
  const outboxOf = async (listingId: number) => {
    const l = await t.db.selectFrom('listings').select('title_en').where('id', '=', listingId).executeTakeFirstOrThrow();
    return t.db.selectFrom('mail_outbox').selectAll().where('subject', 'like', `%${l.title_en}%`).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  };

  /** In both halves, text and HTML: "Reason:", then the reason (HTML: in its own direction), then the advice. */
  const expectReasonThenAdvice = (mail: { body_text: string; body_html: string | null }, reason: string) => {
    const halves = [
      ['السبب:', 'يمكنك تعديل الإعلان وإرساله للمراجعة مرة أخرى.'],
      ['Reason:', 'You can edit the listing and submit it for review again.'],
    ];
    for (const [label, advice] of halves) {
      expect(mail.body_text).toContain(`${label}\n\n${reason}\n\n${advice}`);
      expect(mail.body_html).toMatch(
        new RegExp(`<p[^>]*>${reEscape(label!)}</p><blockquote dir="auto"[^>]*>${reEscape(reason)}</blockquote><p[^>]*>${reEscape(advice!)}</p>`),
      );
    }
  };

  const endpoints: [string, string, () => string][] = [
    ['GET', 'stats', () => '/api/v1/admin/stats'],
    ['GET', 'pending', () => '/api/v1/admin/listings/pending'],
    ['GET', 'all listings', () => '/api/v1/admin/listings?offset=0&limit=20'],
    ['GET', 'review', () => `/api/v1/admin/listings/review/${id.pendingMid}`],
    ['POST', 'approve', () => `/api/v1/admin/listings/${id.pendingMid}/approve`],
    ['POST', 'reject', () => `/api/v1/admin/listings/${id.pendingMid}/reject`],
    ['GET', 'users', () => '/api/v1/admin/users?q=owner.admin'],
  ];
  it.each(endpoints)('%s %s: 401 anonymous, 403 user, 200 admin', async (method, name, path) => {
    const statusBefore = (await t.db.selectFrom('listings').select('status').where('id', '=', id.pendingMid!).executeTakeFirstOrThrow()).status;
    const body = name === 'reject' ? { reason: 'Incomplete description' } : undefined;
    expect((await http(t.url, method, path(), { body })).status).toBe(401);
    const forbidden = await http(t.url, method, path(), { token: user.token, body });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toBe('You are not authorized to perform this action.');
    // Owners are no admins either.
    expect((await http(t.url, method, path(), { token: owner.token, body })).status).toBe(403);
    if (method === 'POST') {
      const after = (await t.db.selectFrom('listings').select('status').where('id', '=', id.pendingMid!).executeTakeFirstOrThrow()).status;
      expect(after).toBe(statusBefore); // refused writes change nothing
    }
    expect((await http(t.url, method, path(), { token: admin.token, body })).status).toBe(200);
  });

  it('stats count every status in the database', async () => {
    const res = await http(t.url, 'GET', '/api/v1/admin/stats', { token: admin.token });
    const rows = await t.db.selectFrom('listings').select('status').execute();
    const by = (s: string) => rows.filter((r) => r.status === s).length;
    expect(res.body).toEqual({ pending: by('pending'), approved: by('approved'), rejected: by('rejected'), total: rows.length });
    expect(res.body.pending).toBeGreaterThan(0);
  });

  it('lists pending listings as an array, oldest first', async () => {
    const res = await http(t.url, 'GET', '/api/v1/admin/listings/pending', { token: admin.token });
    // The review queue shows whether each owner's e-mail is verified.
    expect(res.body.every((l: { owner: { email_verified: unknown } }) => typeof l.owner.email_verified === 'boolean')).toBe(true);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.every((l: { status: string }) => l.status === 'pending')).toBe(true);
    const ids: number[] = res.body.map((l: { id: number }) => l.id);
    // Both are there before their places are compared (indexOf answers -1 for a missing one).
    expect(ids).toContain(id.pendingOld);
    expect(ids).toContain(id.pendingNew);
    expect(ids.indexOf(id.pendingOld!)).toBeLessThan(ids.indexOf(id.pendingNew!));
    // And the whole queue is oldest first, each pending listing of the database exactly once.
    const pending = await t.db.selectFrom('listings').select('id').where('status', '=', 'pending').orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
    expect(ids).toEqual(pending.map((r) => r.id));
    expect(res.body[0].owner.id).toBe(owner.user.id);
  });

  it('approve publishes the listing, sets posted_at once, records who did it and e-mails the owner', async () => {
    const search = async () =>
      (await http(t.url, 'POST', '/api/v1/listings/search', { body: { skip: 0, limit: 100 } })).body.items.map((l: { id: number }) => l.id);
    expect(await search()).not.toContain(id.pendingNew);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id.pendingNew}`)).status).toBe(404);

    const res = await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingNew}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: id.pendingNew, status: 'approved', rejection_reason: null });
    expect(res.body.posted_at).toBeTruthy();
    expect(res.body.moderation_history[0]).toMatchObject({ action: 'approve', admin_id: admin.user.id, admin_name: 'Nadia Admin', reason: null });
    expect(await search()).toContain(id.pendingNew);
    expect((await http(t.url, 'GET', `/api/v1/listings/${id.pendingNew}`)).status).toBe(200);

    const mail = await smtp.waitForMatch((m) => m.subject.includes('New pending flat'));
    expect(mail.to).toEqual(['owner.admin-test@example.test']);
    expect(mail.text).toContain('approved');
    expect(mail.text).toContain('تمت الموافقة');
    expect(mail.text).toContain(`https://manzil.example/property-details/${id.pendingNew}`);
    // The owner last used Arabic on it (the default): Arabic first, and each half of the subject names it.
    const row = await outboxOf(id.pendingNew!);
    expect(row.subject).toBe('تمت الموافقة على إعلانك «شقة جديدة بانتظار المراجعة» | Your listing was approved: New pending flat');
    expect(row.body_text.startsWith('تمت الموافقة على إعلانك\n')).toBe(true);
    expect(row.body_html!.indexOf('lang="ar"')).toBeLessThan(row.body_html!.indexOf('lang="en"'));
    // Each half links the page in its own language: the English half's with ?lang=en, the Arabic half's bare
    // (Arabic is the site's default), in the text and the HTML as sent.
    const page = `https://manzil.example/property-details/${id.pendingNew}`;
    const [arText, enText] = mail.text.replace(/\r\n/g, '\n').split('----------------------------------------');
    const [arHtml, enHtml] = mail.html.replace(/\r\n/g, '\n').split('<hr');
    expect(enText).toMatch(new RegExp(`View the listing: ${reEscape(page)}\\?lang=en\\n`));
    expect(enHtml).toContain(`href="${page}?lang=en"`);
    expect(arText).toMatch(new RegExp(`عرض الإعلان: ${reEscape(page)}\\n`));
    expect(arHtml).toContain(`href="${page}"`);

    // The same approval again (a double click, a second administrator): the listing as it is, no second record,
    // no second mail, the expiry not restarted.
    const before = await t.db.selectFrom('listings').select('expires_at').where('id', '=', id.pendingNew!).executeTakeFirstOrThrow();
    const mailsBefore = await t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', '%New pending flat%').execute();
    const again = await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingNew}/approve`, { token: admin.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'approved', posted_at: res.body.posted_at });
    expect(again.body.moderation_history).toHaveLength(1);
    const after = await t.db.selectFrom('listings').select('expires_at').where('id', '=', id.pendingNew!).executeTakeFirstOrThrow();
    expect(after.expires_at).toEqual(before.expires_at);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', '%New pending flat%').execute()).toHaveLength(mailsBefore.length);

    // Rejected, then approved again: a new decision, recorded and mailed; the first publication date stays.
    await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingNew}/reject`, { token: admin.token, body: { reason: 'Wrong district' } });
    const twice = await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingNew}/reject`, { token: admin.token, body: { reason: 'Wrong district' } });
    expect(twice.body.moderation_history).toHaveLength(2);
    const back = await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingNew}/approve`, { token: admin.token });
    expect(back.body).toMatchObject({ status: 'approved', posted_at: res.body.posted_at });
    expect(back.body.moderation_history.map((e: { action: string }) => e.action)).toEqual(['approve', 'reject', 'approve']);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', '%New pending flat%').execute()).toHaveLength(mailsBefore.length + 2);
  });

  it('reject keeps the reason, records it, and e-mails the owner the reason', async () => {
    const res = await http(t.url, 'POST', `/api/v1/admin/listings/${id.pendingOld}/reject`, {
      token: admin.token,
      body: { reason: '  Photos do not show the property  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejection_reason: 'Photos do not show the property' });
    const events = await t.db.selectFrom('moderation_events').selectAll().where('listing_id', '=', id.pendingOld!).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'reject', admin_id: admin.user.id, reason: 'Photos do not show the property' });
    expect(events[0]!.created_at).toBeTruthy();

    const mail = await smtp.waitForMatch((m) => m.subject.includes('Old pending villa'));
    expect(mail.to).toEqual(['owner.admin-test@example.test']);
    expect(mail.text).toContain('Photos do not show the property');
    expect(mail.text).toContain('not approved');
    expect(mail.text).toContain(`https://manzil.example/edit-property/${id.pendingOld}`);
    const row = await outboxOf(id.pendingOld!);
    expect(row.subject).toBe('لم تتم الموافقة على إعلانك «فيلا قديمة» | Your listing was not approved: Old pending villa');
    expectReasonThenAdvice(row, 'Photos do not show the property');

    const pending = await http(t.url, 'GET', '/api/v1/admin/listings/pending', { token: admin.token });
    expect(pending.body.map((l: { id: number }) => l.id)).not.toContain(id.pendingOld);
  });

  it('gives the common reasons of a rejection in each half\'s language only, one per line, with the administrator\'s own words', async () => {
    const listingId = await insertListing(t.db, owner.user.id, { status: 'pending', title_en: 'Reasons in each language', title_ar: 'أسباب بكل لغة' });
    const own = 'The photos show another flat.';
    const reason = rejectionReasonText(['photos', 'price'], own);
    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${listingId}/reject`, { token: admin.token, body: { reason } })).status).toBe(200);
    // Stored as sent (both languages), for the history and the administrators.
    expect((await t.db.selectFrom('listings').select('rejection_reason').where('id', '=', listingId).executeTakeFirstOrThrow()).rejection_reason).toBe(reason);

    const mail = await smtp.waitForMatch((m) => m.subject.includes('Reasons in each language'));
    // As sent: lines end in CRLF on the wire.
    const [arText, enText] = mail.text.replace(/\r\n/g, '\n').split('----------------------------------------');
    const [arHtml, enHtml] = mail.html.replace(/\r\n/g, '\n').split('<hr');
    const { photos, price } = REJECTION_REASONS;
    expect(arText).toContain(`السبب:\n\n${photos.ar}\n${price.ar}\n${own}\n\n`);
    expect(enText).toContain(`Reason:\n\n${photos.en}\n${price.en}\n${own}\n\n`);
    for (const half of [arText, enText, arHtml, enHtml]) expect(half).not.toContain(' — ');
    expect(arText).not.toContain(photos.en);
    expect(enText).not.toContain(photos.ar);
    // HTML: each line its own direction.
    const lines = (...l: string[]) => l.map((x) => `<div dir="auto">${x}</div>`).join('');
    expect(arHtml).toMatch(new RegExp(`<blockquote dir="auto"[^>]*>${reEscape(lines(photos.ar, price.ar, own))}</blockquote>`));
    expect(enHtml).toMatch(new RegExp(`<blockquote dir="auto"[^>]*>${reEscape(lines(photos.en, price.en, own))}</blockquote>`));
  });

  it('writes the approval and rejection mails in English first for an owner who last used English on the listing', async () => {
    const enOwner = await createUser(t, { email: 'owner.en.admin-test@example.test' });
    const listing = (title_en: string, title_ar: string) => insertListing(t.db, enOwner.user.id, { status: 'pending', title_en, title_ar });
    const approved = await listing('New flat for rent in Taiz', 'شقة جديدة للإيجار في تعز');
    const rejected = await listing('Shop in Aden', 'محل في عدن');
    const noArabic = await listing('Villa in Ibb', '');
    await t.db.updateTable('listings').set({ owner_lang: 'en' }).where('owner_id', '=', enOwner.user.id).execute();

    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${approved}/approve`, { token: admin.token })).status).toBe(200);
    const a = await outboxOf(approved);
    expect(a.subject).toBe('Your listing was approved: New flat for rent in Taiz | تمت الموافقة على إعلانك «شقة جديدة للإيجار في تعز»');
    expect(a.body_text.startsWith('Your listing was approved\n')).toBe(true);
    expect(a.body_html!.indexOf('lang="en"')).toBeLessThan(a.body_html!.indexOf('lang="ar"'));

    // An Arabic reason inside the English half: its own direction (dir="auto"), right after "Reason:".
    const reason = 'الصور لا تطابق العقار.';
    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${rejected}/reject`, { token: admin.token, body: { reason } })).status).toBe(200);
    const r = await outboxOf(rejected);
    expect(r.subject).toBe('Your listing was not approved: Shop in Aden | لم تتم الموافقة على إعلانك «محل في عدن»');
    expect(r.body_text.startsWith('Your listing was not approved\n')).toBe(true);
    expectReasonThenAdvice(r, reason);

    // No Arabic title: the Arabic half names the listing by its title all the same.
    expect((await http(t.url, 'POST', `/api/v1/admin/listings/${noArabic}/approve`, { token: admin.token })).status).toBe(200);
    expect((await outboxOf(noArabic)).subject).toBe('Your listing was approved: Villa in Ibb | تمت الموافقة على إعلانك «Villa in Ibb»');
  });

  it('links PUBLIC_URL in approval and rejection mails, whatever Host and X-Forwarded-* the request forges', async () => {
    for (const [i, headers] of FORGED.entries()) {
      for (const action of ['approve', 'reject'] as const) {
        const title = `Forged host ${action} ${i}`;
        const listingId = await insertListing(t.db, owner.user.id, { status: 'pending', title_en: title });
        expect(await forgedPost(t.url, `/api/v1/admin/listings/${listingId}/${action}`, { ...headers, authorization: `Bearer ${admin.token}` })).toBe(200);
        const mail = await smtp.waitForMatch((m) => m.subject.includes(title));
        const link = `https://manzil.example/${action === 'approve' ? 'property-details' : 'edit-property'}/${listingId}`;
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link}"`);
        expect(mail.raw).not.toContain('evil');
      }
    }
  });

  it('accepts approve with no body, an empty JSON body, or null; a rejection needs its reason; bad bodies 4xx and no change', async () => {
    const l1 = await insertListing(t.db, owner.user.id, { status: 'pending' });
    const empty = await http(t.url, 'POST', `/api/v1/admin/listings/${l1}/approve`, { token: admin.token, raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(200);
    expect(empty.body.status).toBe('approved');
    const nul = await http(t.url, 'POST', `/api/v1/admin/listings/${l1}/approve`, { token: admin.token, raw: 'null', headers: { 'content-type': 'application/json' } });
    expect(nul.status).toBe(200);

    const l2 = await insertListing(t.db, owner.user.id, { status: 'pending' });
    // No reason, an empty body, blanks only, or null: the owner would not learn what to fix.
    for (const opts of [{}, { raw: '', headers: { 'content-type': 'application/json' } }, { body: {} }, { body: { reason: '   ' } }, { body: { reason: null } }]) {
      const refused = await http(t.url, 'POST', `/api/v1/admin/listings/${l2}/reject`, { token: admin.token, ...opts });
      expect(refused.status, JSON.stringify(opts)).toBe(422);
      expect(JSON.stringify(refused.body.detail)).toContain('Give the owner a reason for the rejection');
    }
    const tooLong = await http(t.url, 'POST', `/api/v1/admin/listings/${l2}/reject`, { token: admin.token, body: { reason: 'x'.repeat(1001) } });
    expect(tooLong.status).toBe(422);
    const wrongType = await http(t.url, 'POST', `/api/v1/admin/listings/${l2}/reject`, { token: admin.token, body: { reason: 5 } });
    expect(wrongType.status).toBe(422);
    const malformed = await http(t.url, 'POST', `/api/v1/admin/listings/${l2}/reject`, { token: admin.token, raw: '{"reason":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const sqlId = await http(t.url, 'POST', `/api/v1/admin/listings/1%20or%201=1/approve`, { token: admin.token });
    expect(sqlId.status).toBe(422);
    const row = await t.db.selectFrom('listings').select('status').where('id', '=', l2).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await t.db.selectFrom('moderation_events').select('id').where('listing_id', '=', l2).execute()).toHaveLength(0);
    expect((await http(t.url, 'POST', '/api/v1/admin/listings/999999/approve', { token: admin.token })).status).toBe(404);
  });

  it('review shows the listing with its moderation history and the administrators’ names', async () => {
    const res = await http(t.url, 'GET', `/api/v1/admin/listings/review/${id.pendingOld}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id.pendingOld);
    expect(res.body.owner.email).toBe('owner.admin-test@example.test');
    expect(res.body.moderation_history).toEqual([
      expect.objectContaining({ action: 'reject', reason: 'Photos do not show the property', admin_name: 'Nadia Admin' }),
    ]);
    expect((await http(t.url, 'GET', '/api/v1/admin/listings/review/999999', { token: admin.token })).status).toBe(404);
  });

  it('lists all listings with offset, limit, status filter and total', async () => {
    const all = await http(t.url, 'GET', '/api/v1/admin/listings', { token: admin.token });
    const total = (await t.db.selectFrom('listings').select('id').execute()).length;
    expect(all.body.total).toBe(total);
    expect(all.body.items).toHaveLength(Math.min(total, 20));
    const created = all.body.items.map((l: { created_at: string }) => l.created_at);
    expect([...created].sort().reverse()).toEqual(created); // newest first

    const page = await http(t.url, 'GET', '/api/v1/admin/listings?offset=2&limit=2', { token: admin.token });
    expect(page.body.items.map((l: { id: number }) => l.id)).toEqual(all.body.items.slice(2, 4).map((l: { id: number }) => l.id));

    const rejected = await http(t.url, 'GET', '/api/v1/admin/listings?status=rejected', { token: admin.token });
    expect(rejected.body.items.every((l: { status: string }) => l.status === 'rejected')).toBe(true);
    expect(rejected.body.total).toBe((await t.db.selectFrom('listings').select('id').where('status', '=', 'rejected').execute()).length);
    const withHistory = rejected.body.items.find((l: { id: number }) => l.id === id.pendingOld);
    expect(withHistory.moderation_history[0]).toMatchObject({ action: 'reject', admin_name: 'Nadia Admin' });

    for (const q of ['status=deleted', 'limit=0', 'limit=1000', 'offset=-1', 'offset=abc']) {
      expect((await http(t.url, 'GET', `/api/v1/admin/listings?${q}`, { token: admin.token })).status).toBe(422);
    }
  });

  it('lists users newest first, finds one by part of the e-mail or name, literally, and by blocked state', async () => {
    const all = await http(t.url, 'GET', '/api/v1/admin/users?limit=100', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const ids = all.body.items.map((u: { id: number }) => u.id);
    expect(ids.indexOf(owner.user.id)).toBeLessThan(ids.indexOf(admin.user.id)); // created later: listed first

    const found = await http(t.url, 'GET', '/api/v1/admin/users?q=%20OWNER.Admin-test%20', { token: admin.token });
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({ id: owner.user.id, email: 'owner.admin-test@example.test', role: 'USER', blocked_at: null });
    expect(found.body.items[0].listings_count).toBeGreaterThanOrEqual(5);
    expect((await http(t.url, 'GET', '/api/v1/admin/users?q=nadia%20admin', { token: admin.token })).body.items.map((u: { id: number }) => u.id)).toEqual([admin.user.id]);
    // % and _ are characters to find, not wildcards
    expect((await http(t.url, 'GET', '/api/v1/admin/users?q=%25', { token: admin.token })).body.total).toBe(0);
    expect((await http(t.url, 'GET', '/api/v1/admin/users?q=owner_admin', { token: admin.token })).body.total).toBe(0);

    const victim = await createUser(t, { first_name: 'Blockable', last_name: 'Person' });
    expect((await http(t.url, 'POST', `/api/v1/admin/users/${victim.user.id}/block`, { token: admin.token })).status).toBe(200);
    const blocked = await http(t.url, 'GET', '/api/v1/admin/users?status=blocked', { token: admin.token });
    expect(blocked.body.items.map((u: { id: number }) => u.id)).toEqual([victim.user.id]);
    expect(blocked.body.items[0].blocked_at).toEqual(expect.any(String));
    const active = await http(t.url, 'GET', '/api/v1/admin/users?status=active&q=blockable', { token: admin.token });
    expect(active.body.total).toBe(0);
    await http(t.url, 'POST', `/api/v1/admin/users/${victim.user.id}/unblock`, { token: admin.token });
    expect((await http(t.url, 'GET', '/api/v1/admin/users?status=blocked', { token: admin.token })).body.total).toBe(0);

    const firstTwo = await http(t.url, 'GET', '/api/v1/admin/users?limit=2', { token: admin.token });
    const page = await http(t.url, 'GET', '/api/v1/admin/users?limit=1&offset=1', { token: admin.token });
    expect(page.body.items.map((u: { id: number }) => u.id)).toEqual([firstTwo.body.items[1].id]);
    for (const bad of ['status=gone', 'limit=101', 'q=' + 'x'.repeat(101)]) {
      expect((await http(t.url, 'GET', `/api/v1/admin/users?${bad}`, { token: admin.token })).status).toBe(422);
    }
  });

  it('mails a blocked user once, in both languages, with the contact page; unblocking mails them too', async () => {
    const blockee = await createUser(t, { email: 'blocked.admin-test@example.test' });
    // Their listing was last used in English: the mails are in English first, as the other owner mails.
    const listingId = await insertListing(t.db, blockee.user.id, { title_en: 'Blocked owner flat' });
    await t.db.updateTable('listings').set({ owner_lang: 'en' }).where('id', '=', listingId).execute();
    const outbox = () => t.db.selectFrom('mail_outbox').selectAll().where('recipient_user_id', '=', blockee.user.id).orderBy('id').execute();
    const toBlockee = () => smtp.received.filter((m) => m.to.includes('blocked.admin-test@example.test'));
    const halves = (m: { text: string; html: string }) => {
      const [enText, arText] = m.text.replace(/\r\n/g, '\n').split('----------------------------------------');
      const [enHtml, arHtml] = m.html.replace(/\r\n/g, '\n').split('<hr');
      return { enText: enText!, arText: arText!, enHtml: enHtml!, arHtml: arHtml! };
    };
    const post = (action: 'block' | 'unblock') => http(t.url, 'POST', `/api/v1/admin/users/${blockee.user.id}/${action}`, { token: admin.token });

    expect((await post('block')).status).toBe(200);
    // Queued with the block itself: there by the time the answer is.
    expect(await outbox()).toHaveLength(1);
    const blocked = await smtp.waitForMatch((m) => m.to.includes('blocked.admin-test@example.test'));
    expect(blocked.subject).toBe('Your Manzil account was blocked | تم حظر حسابك في منزل');
    const b = halves(blocked);
    expect(b.enText.startsWith('Your account was blocked\n')).toBe(true);
    expect(b.enText).toContain('your listings are no longer shown to the public, and you cannot sign in');
    expect(b.enText).toContain('Contact us: https://manzil.example/contact?lang=en\n');
    expect(b.enHtml).toContain('href="https://manzil.example/contact?lang=en"');
    expect(b.arText).toContain('تم حظر حسابك\n');
    expect(b.arText).toContain('لم تعد إعلاناتك تظهر للعامة، ولا يمكنك تسجيل الدخول');
    expect(b.arText).toContain('تواصل معنا: https://manzil.example/contact\n');
    expect(b.arHtml).toContain('href="https://manzil.example/contact"');
    expect(b.arHtml).toContain('dir="rtl" lang="ar"');

    // Blocking a blocked account changes nothing, and mails nothing.
    expect((await post('block')).status).toBe(200);
    expect(await outbox()).toHaveLength(1);

    expect((await post('unblock')).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    const unblocked = await smtp.waitForMatch((m) => m.to.includes('blocked.admin-test@example.test') && m.subject.includes('unblocked'));
    expect(unblocked.subject).toBe('Your Manzil account was unblocked | تم رفع الحظر عن حسابك في منزل');
    const u = halves(unblocked);
    expect(u.enText).toContain('you can sign in again, and your published listings are shown to the public again');
    expect(u.enText).toContain('My properties: https://manzil.example/my-properties?lang=en\n');
    expect(u.arText).toContain('يمكنك تسجيل الدخول مرة أخرى');
    expect(u.arText).toContain('إعلاناتي: https://manzil.example/my-properties\n');
    expect((await post('unblock')).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    // Exactly these two reached the user.
    await new Promise((r) => setTimeout(r, 300));
    expect(toBlockee().map((m) => m.subject)).toEqual([blocked.subject, unblocked.subject]);
  });

  it('writes the block mail in Arabic first for a user who has no listing', async () => {
    const blockee = await createUser(t, { email: 'blocked.ar.admin-test@example.test' });
    expect((await http(t.url, 'POST', `/api/v1/admin/users/${blockee.user.id}/block`, { token: admin.token })).status).toBe(200);
    const [row, ...more] = await t.db.selectFrom('mail_outbox').selectAll().where('recipient_user_id', '=', blockee.user.id).execute();
    expect(more).toHaveLength(0);
    expect(row!.to_address).toBe('blocked.ar.admin-test@example.test');
    expect(row!.subject).toBe('تم حظر حسابك في منزل | Your Manzil account was blocked');
    expect(row!.body_text.startsWith('تم حظر حسابك\n')).toBe(true);
    expect(row!.body_html!.indexOf('lang="ar"')).toBeLessThan(row!.body_html!.indexOf('lang="en"'));
    await http(t.url, 'POST', `/api/v1/admin/users/${blockee.user.id}/unblock`, { token: admin.token });
  });
});

describe.each(DB_KINDS)('admin mails without PUBLIC_URL (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('links http://localhost:PORT in approval and rejection mails, never a forged Host or X-Forwarded-*', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const owner = await createUser(t, { email: 'owner.nopublic@example.test' });
    const port = new URL(t.url).port;
    for (const headers of FORGED) {
      for (const action of ['approve', 'reject'] as const) {
        const listingId = await insertListing(t.db, owner.user.id, { status: 'pending' });
        expect(await forgedPost(t.url, `/api/v1/admin/listings/${listingId}/${action}`, { ...headers, authorization: `Bearer ${admin.token}` })).toBe(200);
        const mail = await t.db.selectFrom('mail_outbox').selectAll().where('recipient_user_id', '=', owner.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
        const link = `http://localhost:${port}/${action === 'approve' ? 'property-details' : 'edit-property'}/${listingId}`;
        expect(mail.body_text).toContain(link);
        expect(mail.body_html).toContain(`href="${link}"`);
        for (const text of [mail.body_text, mail.body_html, mail.subject]) expect(text).not.toContain('evil');
      }
    }
  });
});
