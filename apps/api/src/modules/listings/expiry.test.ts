/**
 * Listings that expire (issue 28) over HTTP, with a real SMTP server and the job's clock moved forward (never
 * slept): approval starts 90 days; 7 days before the end the owner gets one reminder in their language with the
 * link to the listing's Renew button; at the end the listing leaves search, details, the sitemap and keepers'
 * favourites but its owner and admins still see it; renewing (owner or admin only; 409 on a pending listing)
 * brings it back; a home marked sold leaves search 14 days later and comes back when available again; two
 * passes at once remind once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { createUser, createWebTestApp, DB_KINDS, http, testIndexHtml, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { startSmtp, until } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';
import { runExpiry } from './expiry.js';

type User = Awaited<ReturnType<typeof createUser>>;
const quiet = { info() {}, warn() {}, error() {} };
const DAY = 24 * 3600 * 1000;

describe.each(DB_KINDS)('listings that expire (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopMail: () => Promise<void>;
  let owner: User;
  let englishOwner: User;
  let other: User;
  let admin: User;
  let keeper: User;
  let a: number; // the Arabic owner's listing that expires
  let e: number; // the English owner's listing
  let pending: number;
  let sold: number;
  const start = Date.now();

  const pass = (at: number) => runExpiry(t.app.deps, { now: new Date(at) });
  const expiresAt = async (id: number) => (await t.db.selectFrom('listings').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow()).expires_at!.getTime();
  const inSearch = async (title: string) => {
    const r = await http(t.url, 'POST', '/api/v1/listings/search', { body: { search: title } });
    expect(r.status).toBe(200);
    return (r.body.items as { title_en: string; availability: string }[]).find((i) => i.title_en === title);
  };
  const renew = (id: number, token?: string, lang = 'ar') => http(t.url, 'POST', `/api/v1/listings/${id}/renew`, { token, headers: { 'accept-language': lang } });
  const reminders = () => smtp.received.filter((m) => /expires in|ينتهي إعلانك/.test(m.subject));
  const sitemap = async () => (await fetch(`${t.url}/sitemap-listings-1.xml`)).text();

  beforeAll(async () => {
    // With the web app served, for the sitemap.
    t = await createWebTestApp({ 'index.html': testIndexHtml() }, { kind });
    [owner, englishOwner, other, admin, keeper] = [
      await createUser(t, { first_name: 'Salem' }),
      await createUser(t, { first_name: 'Emma' }),
      await createUser(t),
      await createUser(t, { role: 'ADMIN' }),
      await createUser(t),
    ];
    // Owners' edits need a real place (governorate and district are required).
    const district = (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const place = { governorate_id: 1, district_id: district };
    a = await insertListing(t.db, owner.user.id, { ...place, title_en: 'Courtyard house in Sawan', title_ar: 'بيت بحوش في سعوان' });
    e = await insertListing(t.db, englishOwner.user.id, { ...place, title_en: 'Flat by Sabeen park', title_ar: 'شقة قرب ميدان السبعين' });
    pending = await insertListing(t.db, owner.user.id, { ...place, status: 'pending', title_en: 'Pending villa', title_ar: 'فيلا قيد المراجعة' });
    sold = await insertListing(t.db, owner.user.id, { ...place, title_en: 'Shop in Bab al-Yemen', title_ar: 'محل في باب اليمن' });
    smtp = await startSmtp();
    stopMail = startMailWorker(t.db, { SMTP_URL: smtp.url, MAIL_FROM: 'Manzil <no-reply@manzil.test>' }, quiet, { pollMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await stopMail?.();
    await smtp?.close();
    await t?.close();
  });

  it('starts 90 days when an administrator approves a listing', async () => {
    const r = await http(t.url, 'POST', `/api/v1/admin/listings/${pending}/approve`, { token: admin.token, body: {} });
    expect(r.status).toBe(200);
    expect(Math.abs(new Date(r.body.expires_at).getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    // Back to pending for the 409 below: an owner's content edit sends it back to review.
    await t.db.updateTable('listings').set({ status: 'pending' }).where('id', '=', pending).execute();
  });

  it('reminds each owner once, 7 days before, in the language they last used, with the link to Renew', async () => {
    // The English owner last touched their listing in English (hiding and showing it is not a content edit).
    const patch = await http(t.url, 'PATCH', `/api/v1/listings/${e}`, { token: englishOwner.token, body: { is_active: true }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(patch.status).toBe(200);
    expect(await pass(start + 82 * DAY)).toMatchObject({ reminded: 0, expired: 0 }); // 8 days before: not yet
    // Two servers' passes at once: each listing is reminded once.
    const [x, y] = await Promise.all([pass(start + 84 * DAY), pass(start + 84 * DAY)]);
    expect(x.reminded + y.reminded).toBe(3); // a, e and sold (all published at the start)

    const ar = await smtp.waitForMatch((m) => m.to.includes(owner.user.email) && m.text.includes('بيت بحوش في سعوان'));
    expect(ar.subject).toMatch(/^ينتهي إعلانك «بيت بحوش في سعوان» خلال (5|6) أيام \| Your listing "Courtyard house in Sawan" expires in (5|6) days$/);
    expect(ar.html).toContain('<div dir="rtl" lang="ar"');
    expect(ar.html.indexOf('dir="rtl"')).toBeLessThan(ar.html.indexOf('dir="ltr"')); // Arabic first
    expect(ar.text).toContain(`/my-properties#listing-${a}`);
    // The expiry date in Western digits in both halves (DESIGN.md), never Arabic-Indic ones.
    const expiresAt = (await t.db.selectFrom('listings').select('expires_at').where('id', '=', a).executeTakeFirstOrThrow()).expires_at!;
    const [day, year] = [new Date(expiresAt).toLocaleString('en-GB', { day: 'numeric', timeZone: 'Asia/Aden' }), new Date(expiresAt).toLocaleString('en-GB', { year: 'numeric', timeZone: 'Asia/Aden' })];
    expect(ar.text).toMatch(new RegExp(`وينتهي إعلانك في ${day} [\\u0600-\\u06ff]+ ${year} \\(`));
    expect(ar.text).toMatch(new RegExp(`expires on ${day} [A-Z][a-z]+ ${year} \\(`));
    expect(ar.text + ar.html).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(ar.html).toContain(`href="${t.app.deps.publicUrl()}/my-properties#listing-${a}"`);

    const en = await smtp.waitForMatch((m) => m.to.includes(englishOwner.user.email));
    expect(en.subject).toMatch(/^Your listing "Flat by Sabeen park" expires in (5|6) days \| /);
    expect(en.html.indexOf('dir="ltr"')).toBeLessThan(en.html.indexOf('dir="rtl"')); // English first
    expect(en.html).toContain(`/my-properties?lang=en#listing-${e}`);
    expect(en.text).toContain('Renew the listing');

    // Later passes of the same period send nothing more.
    expect((await pass(start + 86 * DAY)).reminded).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(reminders()).toHaveLength(3);
    expect(reminders().filter((m) => m.to.includes(owner.user.email) && m.text.includes('بيت بحوش'))).toHaveLength(1);
  });

  it('takes a home marked sold out of search 14 days later, and brings it back when it is available again', async () => {
    const r = await http(t.url, 'PATCH', `/api/v1/listings/${sold}`, { token: owner.token, body: { availability: 'sold' } });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('approved'); // not a content change
    expect((await inSearch('Shop in Bab al-Yemen'))?.availability).toBe('sold'); // the badge shows
    expect((await pass(Date.now() + 13 * DAY)).offMarket).toBe(0);
    expect(await inSearch('Shop in Bab al-Yemen')).toBeDefined();
    expect((await pass(Date.now() + 14 * DAY + 60_000)).offMarket).toBe(1);
    expect(await inSearch('Shop in Bab al-Yemen')).toBeUndefined();
    expect((await http(t.url, 'GET', `/api/v1/listings/${sold}`)).status).toBe(404);
    const mine = await http(t.url, 'GET', `/api/v1/listings/${sold}`, { token: owner.token });
    expect(mine.body.withheld).toEqual(['off_market']);

    const back = await http(t.url, 'PATCH', `/api/v1/listings/${sold}`, { token: owner.token, body: { availability: 'available' } });
    expect(back.body.withheld).toEqual([]);
    // Marking it available again is the owner vouching for it now: a new 90-day period.
    expect(Math.abs(new Date(back.body.expires_at).getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect((await inSearch('Shop in Bab al-Yemen'))?.availability).toBe('available');
  });

  it('expires at the end: out of search, details, sitemap and favourites for the public; the owner and admins still see it', async () => {
    expect((await http(t.url, 'PUT', `/api/v1/favorites/${a}`, { token: keeper.token })).status).toBe(204);
    expect(await sitemap()).toContain(`/property-details/${a}<`);
    expect(await inSearch('Courtyard house in Sawan')).toBeDefined();

    // a and e were published together at the start; the shop's new period began later.
    const end = Math.max(await expiresAt(a), await expiresAt(e));
    expect((await pass(end - 60_000)).expired).toBe(0);
    const done = await pass(end + 1);
    // a and e; the shop was renewed when it came back on the market (these passes remind of it instead).
    expect(done.expired).toBe(2);

    expect(await inSearch('Courtyard house in Sawan')).toBeUndefined();
    expect((await http(t.url, 'GET', `/api/v1/listings/${a}`)).status).toBe(404);
    expect((await http(t.url, 'GET', `/api/v1/listings/${a}`, { token: other.token })).status).toBe(404);
    const mine = await http(t.url, 'GET', `/api/v1/listings/${a}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.withheld).toEqual(['expired']);
    expect((await http(t.url, 'GET', `/api/v1/listings/${a}`, { token: admin.token })).body.withheld).toEqual(['expired']);
    const my = await http(t.url, 'GET', '/api/v1/listings/my-listings', { token: owner.token });
    expect(my.body.items.find((l: { id: number }) => l.id === a)).toMatchObject({ status: 'approved', withheld: ['expired'] });
    expect(await sitemap()).not.toContain(`/property-details/${a}<`);
    const favs = await http(t.url, 'GET', '/api/v1/favorites', { token: keeper.token });
    expect(favs.body.items.find((f: { listing_id: number }) => f.listing_id === a)).toMatchObject({ change: 'unavailable', listing: null });
    expect((await http(t.url, 'PUT', `/api/v1/favorites/${e}`, { token: keeper.token })).status).toBe(404); // cannot keep an expired one
  });

  it('renews: 401 anonymous, 404 for another user or no listing, 409 when pending, 200 for the owner and an admin', async () => {
    expect((await renew(a)).status).toBe(401);
    expect((await renew(a, other.token)).status).toBe(404);
    expect((await renew(999_999, owner.token)).status).toBe(404);
    const conflict = await renew(pending, owner.token);
    expect(conflict.status).toBe(409);
    expect(conflict.body.detail).toBe(MESSAGES.renewNotApproved);
    expect(await inSearch('Courtyard house in Sawan')).toBeUndefined(); // nothing changed on the refusals

    const r = await renew(a, owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: a, status: 'approved', withheld: [] });
    expect(Math.abs(new Date(r.body.expires_at).getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect(await inSearch('Courtyard house in Sawan')).toBeDefined();
    expect((await http(t.url, 'GET', `/api/v1/listings/${a}`)).status).toBe(200);
    expect(await sitemap()).toContain(`/property-details/${a}<`);
    const favs = await http(t.url, 'GET', '/api/v1/favorites', { token: keeper.token });
    expect(favs.body.items.find((f: { listing_id: number }) => f.listing_id === a).listing).toMatchObject({ id: a });

    const byAdmin = await renew(e, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.withheld).toEqual([]);
    expect(await inSearch('Flat by Sabeen park')).toBeDefined();
  });

  it('reminds again in the new period after a renewal, once', async () => {
    const end = await expiresAt(a);
    const [x, y] = await Promise.all([pass(end - 3 * DAY), pass(end - 3 * DAY)]);
    expect(x.reminded + y.reminded).toBe(2); // a and e, each in its new period (the shop's went in the passes above)
    // Both new reminders delivered (the mail worker sends them one after the other), then time for a third to show.
    await until(() => reminders().filter((m) => m.text.includes('Flat by Sabeen park'))[1]);
    await until(() => reminders().filter((m) => m.text.includes('بيت بحوش في سعوان'))[1]);
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders().filter((m) => m.text.includes('Flat by Sabeen park'))).toHaveLength(2);
    expect(reminders().filter((m) => m.text.includes('Shop in Bab al-Yemen'))).toHaveLength(2);
    const again = reminders().filter((m) => m.text.includes('بيت بحوش في سعوان'));
    expect(again).toHaveLength(2);
    expect(again[1]!.subject).toContain('خلال 3 أيام');
  });

  it('an administrator approving an expired listing brings it back for 90 days; approving it again changes nothing', async () => {
    const id = await insertListing(t.db, owner.user.id, { title_en: 'Expired flat in Hadda', title_ar: 'شقة منتهية في حدة' });
    await t.db.updateTable('listings').set({ withheld: ['expired'], expires_at: new Date(Date.now() - DAY) }).where('id', '=', id).execute();
    expect(await inSearch('Expired flat in Hadda')).toBeUndefined();

    const back = await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'approved', withheld: [] });
    expect(Math.abs(new Date(back.body.expires_at).getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect(await inSearch('Expired flat in Hadda')).toBeDefined();

    const again = await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.expires_at).toBe(back.body.expires_at);
    expect(again.body.moderation_history).toHaveLength(1);
  });
});
