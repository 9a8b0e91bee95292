/**
 * Saved-search alerts (issue 27) over HTTP with a real SMTP server: a search saved through the API, a listing
 * approved by an administrator → one mail to the saver, in the search's language, with the listing's link and
 * the List-Unsubscribe headers; a listing that does not match → none; edited and approved again → no second
 * mail; one-click unsubscribe → 204 and no more mail; a daily search gets one digest at the hour (the clock is
 * the worker's); two servers on one PostgreSQL database, both running the workers → each alert once.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { insertListing } from '../../../test/fixtures.js';
import { createTestApp, createUser, createWebTestApp, DB_KINDS, http, TEST_DATABASE_URL, testConfig, testIndexHtml, type TestApp } from '../../../test/helpers.js';
import { freePort, startSmtp, until, type ReceivedMail } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';
import { searchBody } from '@manzil/shared';
import { MatchCache, matchingSearches, recordMatches } from './match.js';
import { lastDigestTime } from './send.js';
import { readUnsubscribeToken, unsubscribeToken } from './token.js';
import { startAlertsWorker } from './worker.js';

const quiet = { info() {}, warn() {}, error() {} };

/** The listings a search matched: the rows of alert_matches holding it. */
async function matchedBy(db: TestApp['db'], search: number): Promise<number[]> {
  return (await sql<{ listing_id: number }>`select listing_id from alert_matches where search_ids @> array[${search}::int] order by listing_id`.execute(db)).rows.map((r) => r.listing_id);
}
const PUBLIC_URL = 'https://manzil.example';
type User = Awaited<ReturnType<typeof createUser>>;

describe('digest times (Asia/Aden, UTC+3)', () => {
  it('is the latest digest hour at or before now, and for weekly the latest one on its day', () => {
    // 2026-11-26 is a Thursday. 04:59 UTC is 07:59 in Aden: the digest of 08:00 is yesterday's.
    expect(lastDigestTime(new Date('2026-11-26T04:59:00Z'), 8).toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-26T05:00:00Z'), 8).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    // 23:30 UTC is already the next day in Aden.
    expect(lastDigestTime(new Date('2026-11-26T23:30:00Z'), 1).toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-26T06:00:00Z'), 8, 'sat').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-26T06:00:00Z'), 8, 'thu').toISOString()).toBe('2026-11-26T05:00:00.000Z');
  });

  it('signs tokens that only this secret reads', () => {
    const token = unsubscribeToken('a'.repeat(40), 42);
    expect(readUnsubscribeToken('a'.repeat(40), token)).toBe(42);
    expect(readUnsubscribeToken('b'.repeat(40), token)).toBeNull();
    expect(readUnsubscribeToken('a'.repeat(40), token.replace(/^42\./, '43.'))).toBeNull();
    expect(readUnsubscribeToken('a'.repeat(40), 'garbage')).toBeNull();
  });
});

describe.each(DB_KINDS)('alerts (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stops: (() => Promise<void>)[] = [];
  let clock = () => new Date();
  let owner: User;
  let admin: User;
  let gov: number;
  let otherGov: number;
  /** A district of each of the two governorates (a listing names both). */
  const districtOf = new Map<number, number>();

  const save = async (user: User, body: Record<string, unknown>, lang: 'ar' | 'en' = 'ar') => {
    const r = await http(t.url, 'POST', '/api/v1/saved-searches', { token: user.token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // The language the search was saved in (the saving request's); set here as the CRUD module would.
    await t.db.updateTable('saved_searches').set({ lang }).where('id', '=', r.body.id).execute();
    return r.body.id as number;
  };
  const verified = async () => {
    const u = await createUser(t);
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', u.user.id).execute();
    return u;
  };
  const approve = async (id: number, base = t.url) => {
    const r = await http(base, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const pendingVilla = (overrides: Record<string, unknown> = {}) => {
    const g = (overrides.governorate_id as number | undefined) ?? gov;
    return insertListing(t.db, owner.user.id, { status: 'pending', listing_type: 'FOR_SALE', property_type: 'VILLA', price: 200_000, ...overrides, governorate_id: g, district_id: districtOf.get(g) });
  };
  const to = (u: User) => (m: ReceivedMail) => m.to.includes(u.user.email);
  /** Every job matched and every due match mailed and delivered. */
  const settled = async () => {
    await until(async () => {
      const jobs = await t.db.selectFrom('alert_jobs').select('id').execute();
      const mails = await t.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute();
      return jobs.length === 0 && mails.length === 0;
    });
    // One more pass of each worker (they poll every 30 ms).
    await new Promise((r) => setTimeout(r, 200));
  };

  /** The listings the search matched, and those of them no mail has carried yet. */
  const matched = (search: number) => matchedBy(t.db, search);
  const unsent = async (search: number) =>
    (
      await sql<{ listing_id: number }>`
        select u.listing_id from alert_unsent u join alert_matches a on a.id = u.match_id
        where coalesce(u.search_ids, a.search_ids) @> array[${search}::int] order by u.listing_id`.execute(t.db)
    ).rows.map((r) => r.listing_id);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { PUBLIC_URL, SMTP_URL: smtp.url, RATE_LIMITS: 'false' } });
    stops = [
      startMailWorker(t.db, t.config, quiet, { pollMs: 30 }),
      startAlertsWorker(t.app.deps, quiet, { pollMs: 30, now: () => clock() }),
    ];
    [owner, admin] = [await createUser(t), await createUser(t, { role: 'ADMIN' })];
    const govs = await t.db.selectFrom('governorates').select('id').orderBy('id').limit(2).execute();
    [gov, otherGov] = [govs[0]!.id, govs[1]!.id];
    for (const g of [gov, otherGov]) {
      districtOf.set(g, (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', g).orderBy('id').executeTakeFirstOrThrow()).id);
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stops.map((s) => s()));
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    clock = () => new Date();
  });

  it('mails the saver once when a matching listing is approved, not for others, not again after an edit; one-click turns it off', async () => {
    const saver = await verified();
    const search = await save(saver, { name: 'Villas to buy', filters: { listing_type: 'sale', property_type: 'VILLA', governorate_id: gov, max_price: 300_000 }, frequency: 'instant' });

    const villa = await pendingVilla({ title_ar: 'فيلا واسعة مع حديقة', title_en: 'Large villa with a garden' });
    const started = Date.now();
    await approve(villa);
    // The bound is two minutes; a loaded machine may take more than the helper's default 10 s.
    const mail = await smtp.waitForMatch(to(saver), 120_000);
    expect(Date.now() - started).toBeLessThan(120_000);
    // Arabic (the search's language), right to left, with the listing's link, its price and the way out.
    expect(mail.subject).toContain('Villas to buy');
    expect(mail.subject).toContain('منزل جديد');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('فيلا واسعة مع حديقة');
    expect(mail.html).toContain(`${PUBLIC_URL}/property-details/${villa}?lang=ar`);
    expect(mail.html).toContain(`${PUBLIC_URL}/saved-searches`);
    expect(mail.text).toContain('200,000');
    const unsubscribe = /^<(https:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toBe(`${PUBLIC_URL}/alerts/unsubscribe?token=${unsubscribeToken(t.config.JWT_SECRET, search)}`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await matched(search)).toEqual([villa]);
    expect(await unsent(search)).toEqual([]);

    // Not a villa, too dear, or elsewhere: no mail.
    for (const other of [{ property_type: 'APARTMENT' }, { price: 500_000 }, { governorate_id: otherGov }, { listing_type: 'FOR_RENT' }]) {
      await approve(await pendingVilla(other));
    }
    // Edited (back to review) and approved again: not a second time.
    const edit = await http(t.url, 'PATCH', `/api/v1/listings/${villa}`, { token: owner.token, body: { title_en: 'Large villa with a big garden' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await t.db.selectFrom('listings').select('status').where('id', '=', villa).executeTakeFirstOrThrow()).status).toBe('pending');
    await approve(villa);
    // Hidden and shown again by its owner: not a third time.
    await http(t.url, 'PATCH', `/api/v1/listings/${villa}`, { token: owner.token, body: { is_active: false } });
    await http(t.url, 'PATCH', `/api/v1/listings/${villa}`, { token: owner.token, body: { is_active: true } });
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);

    // One-click, as a mail client does it: a form POST to the header's URL, on the site's root.
    const url = new URL(unsubscribe!);
    const r = await http(t.url, 'POST', `${url.pathname}${url.search}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(r.status).toBe(204);
    expect((await t.db.selectFrom('saved_searches').select('frequency').where('id', '=', search).executeTakeFirstOrThrow()).frequency).toBe('off');
    const later = await pendingVilla();
    await approve(later);
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);
    // Still matched: "new since your last visit" counts it; not waiting for a mail.
    expect(await matched(search)).toEqual([villa, later].sort((a, b) => a - b));
    expect(await unsent(search)).toEqual([]);
  }, 180_000);

  it('an approved listing whose owner lowers its price into a search\'s range stays public and is announced once', async () => {
    const saver = await verified();
    const search = await save(saver, { name: 'Cheap villas', filters: { listing_type: 'sale', property_type: 'VILLA', governorate_id: gov, max_price: 150_000 }, frequency: 'instant' });
    const villa = await pendingVilla({ price: 180_000 });
    await approve(villa);
    await settled();
    expect(await matched(search)).toEqual([]);

    // A price alone: no second review, and the saved search hears of it.
    const cut = await http(t.url, 'PATCH', `/api/v1/listings/${villa}`, { token: owner.token, body: { price: 140_000 } });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body).toMatchObject({ status: 'approved', price: 140_000, old_price: 180_000 });
    const mail = await smtp.waitForMatch(to(saver), 120_000);
    expect(mail.html).toContain(`${PUBLIC_URL}/property-details/${villa}?lang=ar`);
    // Lowered again: the search has it already.
    expect((await http(t.url, 'PATCH', `/api/v1/listings/${villa}`, { token: owner.token, body: { price: 130_000 } })).body.status).toBe('approved');
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);
    expect(await matched(search)).toEqual([villa]);
  }, 180_000);

  it("forgets a deleted listing's matches, and mails nothing for a deleted search or account", async () => {
    const saver = await verified();
    const filters = { listing_type: 'sale', property_type: 'VILLA', governorate_id: otherGov };
    const [first, second] = [await save(saver, { name: 'Villas one', filters, frequency: 'weekly' }), await save(saver, { name: 'Villas two', filters, frequency: 'weekly' })];
    const [kept, removed] = [await pendingVilla({ governorate_id: otherGov }), await pendingVilla({ governorate_id: otherGov })];
    await approve(kept);
    await approve(removed);
    await settled();
    const both = [kept, removed].sort((a, b) => a - b);
    expect([await matched(first), await matched(second)]).toEqual([both, both]);
    expect([await unsent(first), await unsent(second)]).toEqual([both, both]);

    expect((await http(t.url, 'DELETE', `/api/v1/saved-searches/${first}`, { token: saver.token })).status).toBe(204);
    expect((await http(t.url, 'DELETE', `/api/v1/listings/${removed}`, { token: owner.token })).status).toBe(204);
    expect(await matched(second)).toEqual([kept]);
    expect(await unsent(second)).toEqual([kept]);
    // The weekly digest: one mail, of the search still there, with the listing still there.
    clock = () => new Date(Date.now() + 8 * 24 * 3600_000);
    const digest = await smtp.waitForMatch(to(saver));
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);
    expect(digest.subject).toContain('Villas two');
    expect([...digest.text.matchAll(/property-details\/(\d+)/g)].map((m) => Number(m[1]))).toEqual([kept]);
    expect(await unsent(first)).toEqual([]);
    // An account's deletion removes its searches: nothing is mailed for them.
    const other = await pendingVilla({ governorate_id: otherGov });
    const third = await save(saver, { name: 'Villas three', filters, frequency: 'instant' });
    await sql`delete from users where id = ${saver.user.id}`.execute(t.db);
    await approve(other);
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);
    expect(await unsent(third)).toEqual([]);
  });

  it('answers the unsubscribe page and refuses tokens it did not sign', async () => {
    const saver = await verified();
    const search = await save(saver, { name: 'Flats', filters: { property_type: 'APARTMENT' }, frequency: 'daily' }, 'en');
    const token = unsubscribeToken(t.config.JWT_SECRET, search);
    expect(await http(t.url, 'GET', `/api/v1/alerts/unsubscribe?token=${token}`)).toMatchObject({ status: 200, body: { name: 'Flats', frequency: 'daily' } });
    expect((await http(t.url, 'POST', '/api/v1/alerts/unsubscribe', { body: { token } })).status).toBe(204);
    expect((await http(t.url, 'POST', '/api/v1/alerts/unsubscribe', { body: { token } })).status).toBe(204);
    expect((await http(t.url, 'GET', `/api/v1/alerts/unsubscribe?token=${token}`)).body).toEqual({ name: 'Flats', frequency: 'off' });
    const forged = unsubscribeToken('another-secret-another-secret-another', search);
    expect(await http(t.url, 'POST', '/api/v1/alerts/unsubscribe', { body: { token: forged } })).toMatchObject({ status: 400 });
    expect((await http(t.url, 'GET', `/api/v1/alerts/unsubscribe?token=${forged}`)).status).toBe(400);
    expect((await http(t.url, 'POST', `/alerts/unsubscribe?token=${forged}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(400);
    expect((await http(t.url, 'POST', '/alerts/unsubscribe?token=nothing')).status).toBe(400);
    // An empty body is fine too (a client that sends nothing).
    expect((await http(t.url, 'POST', `/alerts/unsubscribe?token=${token}`)).status).toBe(204);
    await http(t.url, 'DELETE', `/api/v1/saved-searches/${search}`, { token: saver.token });
    expect((await http(t.url, 'POST', `/alerts/unsubscribe?token=${token}`)).status).toBe(404);
    expect((await http(t.url, 'GET', `/api/v1/alerts/unsubscribe?token=${token}`)).status).toBe(404);
    // The GET of the link is the web app's page, not this operation (no web build here: the plain 404).
    expect((await fetch(`${t.url}/alerts/unsubscribe?token=${token}`)).headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('sends daily searches one digest at the hour with every match still public, in English for an English search', async () => {
    const saver = await verified();
    const search = await save(saver, { name: 'Rentals', filters: { listing_type: 'FOR_RENT', governorate_id: [gov, otherGov] }, frequency: 'daily' }, 'en');
    const a = await pendingVilla({ listing_type: 'FOR_RENT', price: 800, title_en: 'Villa for rent A' });
    const b = await pendingVilla({ listing_type: 'FOR_RENT', price: 900, governorate_id: otherGov, title_en: 'Villa for rent B' });
    const gone = await pendingVilla({ listing_type: 'FOR_RENT', price: 700, title_en: 'Villa for rent, hidden since' });
    for (const id of [a, b, gone]) await approve(id);
    await settled();
    await t.db.updateTable('listings').set({ is_active: false }).where('id', '=', gone).execute();
    expect(await matched(search)).toHaveLength(3);
    expect(smtp.received.filter(to(saver))).toHaveLength(0);

    // The next digest hour passes.
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000);
    clock = () => tomorrow;
    const digest = await smtp.waitForMatch(to(saver));
    await settled();
    expect(smtp.received.filter(to(saver))).toHaveLength(1);
    expect(digest.subject).toBe(`Today's digest for "Rentals": 2 new homes`);
    expect(digest.html).toContain('dir="ltr"');
    expect(digest.html).toContain('Villa for rent A');
    expect(digest.html).toContain('Villa for rent B');
    expect(digest.text).toContain('· Villa for rent'); // the listing's kind in a sentence, not "Villa For Rent"
    expect(digest.text).not.toContain('For Rent');
    expect(digest.html).not.toContain('hidden since');
    expect(digest.html).toContain(`${PUBLIC_URL}/property-details/${a}?lang=en`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('does not mail an address that is not verified (its matches wait)', async () => {
    const unverified = await createUser(t);
    const search = await save(unverified, { name: 'Any villa', filters: { property_type: 'VILLA' }, frequency: 'instant' });
    await approve(await pendingVilla());
    await settled();
    expect(smtp.received.filter(to(unverified))).toHaveLength(0);
    const villa = await matched(search);
    expect(villa).toHaveLength(1);
    expect(await unsent(search)).toEqual(villa);
    // Verified: the next look through the waiting instant matches mails it.
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', unverified.user.id).execute();
    clock = () => new Date(Date.now() + 2 * 60_000);
    await smtp.waitForMatch(to(unverified));
    expect(await unsent(search)).toEqual([]);
  });
});

describe('the unsubscribe URL with the web app served', () => {
  it("GET is the web app's page, POST the one-click unsubscribe", async () => {
    const web = await createWebTestApp({ 'index.html': testIndexHtml('<!-- the app -->') });
    try {
      const user = await web.db
        .insertInto('users')
        .values({ email: 'web.saver@example.test', password_hash: null, phone_number: null, google_id: null, profile_picture_url: null, pending_email: null, created_at: new Date(), updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const search = await web.db
        .insertInto('saved_searches')
        .values({ user_id: user.id, name: 'Flats', filters: JSON.stringify({ property_type: 'APARTMENT' }), frequency: 'weekly' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const path = `/alerts/unsubscribe?token=${unsubscribeToken(web.config.JWT_SECRET, search.id)}`;
      const page = await fetch(web.url + path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('<!-- the app -->');
      const post = await fetch(web.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status).toBe(204);
      // Mail clients may send the form as multipart (RFC 8058 allows both).
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      expect((await fetch(web.url + path, { method: 'POST', body: form })).status).toBe(204);
      expect((await web.db.selectFrom('saved_searches').select('frequency').where('id', '=', search.id).executeTakeFirstOrThrow()).frequency).toBe('off');
    } finally {
      await web.close();
    }
  }, 60_000);
});

describe('a server stopped in the middle of a burst of approvals', () => {
  it('stops after the listing in hand, hands back the jobs it had not begun, and another server matches each listing once', async () => {
    const t = await createTestApp('pglite', { env: { RATE_LIMITS: 'false' } });
    const stops: (() => Promise<void>)[] = [];
    try {
      const owner = await createUser(t);
      const saver = await createUser(t);
      await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', saver.user.id).execute();
      const r = await http(t.url, 'POST', '/api/v1/saved-searches', { token: saver.token, body: { name: 'Houses', filters: { property_type: 'HOUSE' }, frequency: 'instant' } });
      expect(r.status).toBe(201);
      const listings: number[] = [];
      for (let i = 0; i < 6; i++) listings.push(await insertListing(t.db, owner.user.id, { status: 'pending', property_type: 'HOUSE' }));
      // Approved at once (the trigger writes a job for each).
      await t.db.updateTable('listings').set({ status: 'approved' }).where('id', 'in', listings).execute();

      // A worker resting long after each listing, stopped once it has matched the first.
      const first = startAlertsWorker(t.app.deps, quiet, { pollMs: 10, batchSize: 10, rest: { match: 1000, mail: 0 } });
      await until(async () => (await t.db.selectFrom('alert_matches').select('id').execute()).length > 0);
      await first();
      const left = await t.db.selectFrom('alert_jobs').select(['listing_id', 'claimed_until']).execute();
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((j) => j.claimed_until === null)).toBe(true);

      // Another server takes them at once, and no listing is matched twice.
      stops.push(startAlertsWorker(t.app.deps, quiet, { pollMs: 10 }));
      await until(async () => (await t.db.selectFrom('alert_jobs').select('id').execute()).length === 0 && (await t.db.selectFrom('alert_unsent').select('match_id').execute()).length === 0);
      const rows = await t.db.selectFrom('alert_matches').select('listing_id').execute();
      expect(rows.map((x) => x.listing_id).sort((a, b) => a - b)).toEqual([...listings].sort((a, b) => a - b));
      expect(await matchedBy(t.db, r.body.id)).toEqual([...listings].sort((a, b) => a - b));
    } finally {
      await Promise.all(stops.map((s) => s()));
      await t.close();
    }
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('alerts on two servers sharing one PostgreSQL', () => {
  it('sends each alert exactly once', async () => {
    const smtp = await startSmtp();
    const env = { PUBLIC_URL, SMTP_URL: smtp.url, RATE_LIMITS: 'false' };
    const t = await createTestApp('postgres', { env });
    // The second server: its own configuration, app and connection pool, on the same database.
    const name = (await sql<{ db: string }>`select current_database() as db`.execute(t.db)).rows[0]!.db;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database2 = await openDatabase({ url: url.toString(), poolSize: 5 });
    const config2 = testConfig({ ...env, JWT_SECRET: t.config.JWT_SECRET });
    const app2 = await buildApp({ config: config2, database: database2, logger: false });
    await app2.listen({ port: await freePort(), host: '127.0.0.1' });
    const url2 = `http://127.0.0.1:${(app2.server.address() as { port: number }).port}`;
    const stops = [t.app, app2].flatMap((app) => [
      startMailWorker(app.deps.db, app.deps.config, quiet, { pollMs: 10, batchSize: 3 }),
      startAlertsWorker(app.deps, quiet, { pollMs: 10, batchSize: 2 }),
    ]);
    try {
      const admin = await createUser(t, { role: 'ADMIN' });
      const owner = await createUser(t);
      const savers: User[] = [];
      const searches: number[] = [];
      for (let i = 0; i < 6; i++) {
        const u = await createUser(t);
        await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', u.user.id).execute();
        const r = await http(t.url, 'POST', '/api/v1/saved-searches', { token: u.token, body: { name: `Search ${i}`, filters: { property_type: 'HOUSE' }, frequency: 'instant' } });
        expect(r.status).toBe(201);
        savers.push(u);
        searches.push(r.body.id);
      }
      const listings: number[] = [];
      for (let i = 0; i < 8; i++) listings.push(await insertListing(t.db, owner.user.id, { status: 'pending', property_type: 'HOUSE' }));
      // Approved on either server, some at the same moment.
      await Promise.all(
        listings.map((id, i) => http(i % 2 ? url2 : t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token, body: {} })),
      );
      const expected = savers.length * listings.length;
      await until(async () => {
        const n = (await sql<{ n: number }>`select count(*)::int as n from alert_matches, unnest(search_ids) s where s = any(${searches}::int[])`.execute(t.db)).rows[0]!.n;
        const unmailed = (await sql<{ n: number }>`select count(*)::int as n from alert_unsent`.execute(t.db)).rows[0]!.n;
        const pending = await t.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute();
        return n === expected && unmailed === 0 && pending.length === 0;
      }, 30_000);
      await new Promise((r) => setTimeout(r, 300));
      // Every (saver, listing) in exactly one mail.
      for (const u of savers) {
        const mails = smtp.received.filter((m) => m.to.includes(u.user.email));
        const announced = mails.flatMap((m) => [...m.text.matchAll(/property-details\/(\d+)/g)].map((x) => Number(x[1])));
        expect(announced.sort((x, y) => x - y)).toEqual([...listings].sort((x, y) => x - y));
      }
    } finally {
      await Promise.all(stops.map((s) => s()));
      await app2.close();
      await database2.close();
      await t.close();
      await smtp.close();
    }
  }, 60_000);
});

describe.each(DB_KINDS)('matching agrees with search (%s)', (kind) => {
  it('a listing matches exactly the saved searches whose POST /listings/search finds it', async () => {
    const t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
    try {
      const { user } = await createUser(t);
      const districts = await t.db.selectFrom('districts').select(['id', 'governorate_id']).orderBy('id').limit(400).execute();
      const [d1, d2] = [districts[0]!, districts.find((d) => d.governorate_id !== districts[0]!.governorate_id)!];
      const listings = [
        await insertListing(t.db, user.id, { property_type: 'VILLA', governorate_id: d1.governorate_id, district_id: d1.id, price: 150_000, bedrooms: 4, latitude: 15.35, longitude: 44.2, title_en: 'Villa with a sea view and solar power', title_ar: 'فيلا بإطلالة على البحر', solar_power: true }),
        await insertListing(t.db, user.id, { listing_type: 'FOR_RENT', governorate_id: d2.governorate_id, district_id: d2.id, price: 200_000, currency: 'YER', bedrooms: 2, latitude: 12.8, longitude: 45.03, title_en: 'Flat near the harbour, 3 rooms', title_ar: 'شقة قرب الميناء' }),
        await insertListing(t.db, user.id, { property_type: 'LAND', governorate_id: d1.governorate_id, district_id: d1.id, price: null, bedrooms: null, latitude: null, longitude: null, title_en: 'Plot of land', title_ar: 'قطعة أرض' }),
      ];
      const filterSets: Record<string, unknown>[] = [
        { listing_type: 'FOR_SALE' },
        { property_type: 'VILLA', governorate_id: d1.governorate_id },
        { governorate_id: [d1.governorate_id, d2.governorate_id], listing_type: 'rent' },
        { district_id: d2.id },
        { city_id: d1.id },
        { max_price: 500, price_currency: 'USD' },
        { max_price: 300_000, price_currency: 'YER' },
        { min_price: 100_000 },
        { min_bedrooms: 3 },
        { search: 'sea view' },
        { search: 'البحر' },
        { search: 'harbour flat' },
        // A sign inside a term: a pattern with a backslash ("3\+"), written into the statement's array text by hand
        // (match.ts arrayItem); unescaped, it would be "3+" and find the harbour flat's "3 rooms".
        { search: '3+' },
        { solar_power: true },
        { availability: 'available', property_type: 'LAND' },
        { min_lat: 15, max_lat: 16, min_lon: 44, max_lon: 45 },
        { min_lat: 12 },
        { polygon_coordinates: [[12, 44.5], [13.5, 44.5], [13.5, 45.5], [12, 45.5]] },
        { polygon_coordinates: [{ lat: 15, lng: 44 }, { lat: 16, lng: 44 }, { lat: 15.5, lng: 45 }] },
        {},
      ];
      const ids: number[] = [];
      for (const f of filterSets) {
        const parsed = searchBody.parse(f) as Record<string, unknown>;
        for (const k of ['skip', 'limit', 'view']) delete parsed[k];
        for (const k of Object.keys(parsed)) if (parsed[k] === undefined) delete parsed[k];
        const row = await t.db.insertInto('saved_searches').values({ user_id: user.id, name: 'x', filters: JSON.stringify(parsed), frequency: 'instant' }).returning('id').executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const cache = new MatchCache(t.config.EXCHANGE_RATES);
      let matchedSomething = 0;
      for (const listing of listings) {
        const expected: number[] = [];
        for (const [i, f] of filterSets.entries()) {
          const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { ...f, limit: 100 } });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          if (r.body.items.some((it: { id: number }) => it.id === listing)) expected.push(ids[i]!);
        }
        const got = await matchingSearches(t.db, listing, cache);
        expect(got.sort((a, b) => a - b), `listing ${listing}`).toEqual(expected.sort((a, b) => a - b));
        matchedSomething += got.length;
      }
      expect(matchedSomething).toBeGreaterThan(10);
      // A listing the public cannot see matches nothing.
      await t.db.updateTable('listings').set({ is_active: false }).where('id', '=', listings[0]!).execute();
      expect(await matchingSearches(t.db, listings[0]!, cache)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.each(DB_KINDS)("the worker's copy of the saved searches (%s)", (kind) => {
  it('follows searches saved after it was built, and drops deleted ones', async () => {
    const t = await createTestApp(kind, { env: { RATE_LIMITS: 'false' } });
    try {
      const { user } = await createUser(t);
      const gov = (await t.db.selectFrom('governorates').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const save = async (filters: Record<string, unknown>) =>
        (await t.db.insertInto('saved_searches').values({ user_id: user.id, name: 'x', filters: JSON.stringify(filters), frequency: 'instant' }).returning('id').executeTakeFirstOrThrow()).id;
      const first = await save({ governorate_id: gov });
      const cache = new MatchCache(t.config.EXCHANGE_RATES);
      const a = await insertListing(t.db, user.id, { governorate_id: gov, latitude: 15.35, longitude: 44.2 });
      expect(await matchingSearches(t.db, a, cache)).toEqual([first]);
      // Saved after the cache was built: by bucket, and by a map area holding the listing (and one that does not).
      const later = await save({ governorate_id: gov, listing_type: 'FOR_SALE' });
      const area = await save({ min_lat: 15, max_lat: 16, min_lon: 44, max_lon: 45 });
      await save({ min_lat: 12, max_lat: 13, min_lon: 44, max_lon: 45 });
      const b = await insertListing(t.db, user.id, { governorate_id: gov, latitude: 15.35, longitude: 44.2 });
      expect((await matchingSearches(t.db, b, cache)).sort((x, y) => x - y)).toEqual([first, later, area]);
      // Deleted while the cache still holds it: recorded until the cache next prunes (sending skips it), then not.
      await t.db.deleteFrom('saved_searches').where('id', '=', later).execute();
      const c = await insertListing(t.db, user.id, { governorate_id: gov, latitude: 15.35, longitude: 44.2 });
      expect((await recordMatches(t.db, c, cache))?.searches).toBe(3);
      cache.pruneEveryMs = 0;
      expect((await matchingSearches(t.db, c, cache)).sort((x, y) => x - y)).toEqual([first, area]);
      // Matched again: only what it had not matched before is recorded, here nothing.
      expect(await recordMatches(t.db, c, cache)).toBeNull();
      expect(await matchedBy(t.db, area)).toEqual([c]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
