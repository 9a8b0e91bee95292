/**
 * Price-drop e-mails for favourites (issue 27) over HTTP, delivered to a real SMTP server: an owner lowering two
 * kept listings' prices sends their keeper one mail with both; lowering again the same day sends nothing until
 * the next day (the clock is injected); a rise, a hidden listing and an unverified address send nothing; a
 * currency change compares in dollars; each user reads only their own favourites, in the language they kept
 * them in; two passes at once mail each user once; the mail's one-click unsubscribe (or the switch) stops them, and
 * turned on again they start from the prices of that moment.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from '../../../test/helpers.js';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { startSmtp, until } from '../mail/smtp-test-server.js';
import { startMailWorker } from '../mail/worker.js';
import type { ListingRead } from '@manzil/shared';
import { unsubscribeToken } from '../alerts/token.js';
import { arabicDropSubject, DAY_MS, priceDropMail, sendPriceDropMails, startPriceDropJob } from './price-drop.js';

type User = Awaited<ReturnType<typeof createUser>>;
const quiet = { info() {}, warn() {}, error() {} };

describe.each(DB_KINDS)('favourites price-drop e-mails (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopMail: () => Promise<void>;
  let owner: User;
  let admin: User;
  let alice: User;
  let bob: User;
  let carol: User;
  let a: number;
  let b: number;
  let c: number;
  let d: number;
  /** The clock of the job: real time, then "tomorrow" and later. */
  let clock = Date.now();

  const keep = async (id: number, u: User, lang = 'ar') => {
    const r = await http(t.url, 'PUT', `/api/v1/favorites/${id}`, { token: u.token, headers: { 'accept-language': lang } });
    expect(r.status).toBe(204);
  };
  /** The owner's edit over HTTP; a price change sends the listing back to review, so an administrator approves it. */
  const edit = async (id: number, body: Record<string, unknown>, approve = true) => {
    const r = await http(t.url, 'PATCH', `/api/v1/listings/${id}`, { token: owner.token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (approve && r.body.status === 'pending') {
      const ok = await http(t.url, 'POST', `/api/v1/admin/listings/${id}/approve`, { token: admin.token, body: {} });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
  };
  const pass = () => sendPriceDropMails(t.app.deps, { now: new Date(clock) });
  const queuedFor = async (u: User) =>
    (await t.db.selectFrom('mail_outbox').select(['id', 'subject', 'body_html']).where('recipient_user_id', '=', u.user.id).orderBy('id').execute()).filter(
      (m) => m.body_html?.includes('/favorites'),
    );
  const mailsTo = (u: User) => smtp.received.filter((m) => m.to.includes(u.user.email));

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, admin, alice, bob, carol] = [
      await createUser(t),
      await createUser(t, { role: 'ADMIN' }),
      await createUser(t, { first_name: 'Alice' }),
      await createUser(t, { first_name: 'Bob' }),
      await createUser(t, { first_name: 'Carol' }),
    ];
    await t.db.updateTable('users').set({ email_verified: true }).where('id', 'in', [alice.user.id, bob.user.id]).execute();
    // Owners' edits need a real place (governorate and district are required).
    const district = (await t.db.selectFrom('districts').select('id').where('governorate_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const place = { governorate_id: 1, district_id: district };
    a = await insertListing(t.db, owner.user.id, { ...place, price: 100_000, currency: 'USD', title_en: 'Sunny flat in Hadda', title_ar: 'شقة مشمسة في حدة' });
    b = await insertListing(t.db, owner.user.id, { ...place, price: 300, currency: 'USD', listing_type: 'FOR_RENT', title_en: 'Rooms near Tahrir', title_ar: 'غرف قرب التحرير' });
    c = await insertListing(t.db, owner.user.id, { ...place, price: 50_000, currency: 'USD', title_en: 'Shop on Zubairi', title_ar: 'محل في الزبيري' });
    d = await insertListing(t.db, owner.user.id, { ...place, price: 375_000, currency: 'SAR', title_en: 'Villa in Asbahi', title_ar: 'فيلا في الأصبحي' });
    await insertMedia(t.db, a);
    smtp = await startSmtp();
    stopMail = startMailWorker(t.db, { SMTP_URL: smtp.url, MAIL_FROM: 'Manzil <no-reply@manzil.test>' }, quiet, { pollMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await stopMail?.();
    await smtp?.close();
    await t?.close();
  });

  it('mails nothing before any price changed', async () => {
    await keep(a, alice);
    await keep(b, alice);
    await keep(c, alice);
    await keep(a, bob, 'en-GB,en;q=0.9,ar;q=0.5');
    await keep(d, bob, 'en');
    await keep(a, carol);
    expect(await pass()).toBe(0);
  });

  it('sends one mail with both drops to their keeper, in their language, and nothing for a rise', async () => {
    await edit(a, { price: 90_000 });
    await edit(b, { price: 250 });
    await edit(c, { price: 55_000 });
    // A change of currency compares in dollars: SAR 375,000 is USD 100,000 at the default rates, so USD 95,000 is a drop.
    await edit(d, { price: 95_000, currency: 'USD' });
    expect(await pass()).toBe(2); // Alice and Bob; Carol's address is not verified

    const got = await smtp.waitForMatch((m) => m.to.includes(alice.user.email));
    // Two in Arabic is the dual, not "2 عقارات" (Intl.PluralRules' categories), in the subject and the heading.
    expect(got.subject).toMatch(/^عقاران في مفضلتك أصبحا أرخص \| 2 homes you saved are now cheaper$/);
    expect(got.html).toMatch(/<h2[^>]*>عقاران في مفضلتك أصبحا أرخص<\/h2>/);
    expect(got.text).toContain('شقة مشمسة في حدة');
    expect(got.text).toContain('غرف قرب التحرير');
    expect(got.text).not.toContain('محل في الزبيري'); // its price went up
    expect(got.text).not.toContain('فيلا'); // Bob's, not hers
    expect(got.html).toContain('<html lang="ar" dir="rtl">');
    expect(got.html).toMatch(/<s[^>]*><bdi dir="ltr">100,000\u00a0US\$<\/bdi><\/s> ← <strong[^>]*><bdi dir="ltr">90,000\u00a0US\$<\/bdi><\/strong>/);
    expect(got.html).toContain(`/property-details/${a}"`);
    expect(got.html).toContain('/favorites"');
    expect(got.html).toMatch(/<img src="http:\/\/[^"]+\.webp"/);
    fs.writeFileSync('/tmp/price-drop-ar.html', got.html);

    const bobs = await smtp.waitForMatch((m) => m.to.includes(bob.user.email));
    expect(bobs.subject).toBe('2 homes you saved are now cheaper | عقاران في مفضلتك أصبحا أرخص');
    expect(bobs.html).toContain('<html lang="en" dir="ltr">');
    expect(bobs.text).toContain('Sunny flat in Hadda');
    expect(bobs.text).toContain('Villa in Asbahi');
    expect(bobs.text).toContain(`SAR\u00a0375,000 → $95,000`);
    expect(bobs.text).not.toContain('Rooms near Tahrir'); // Alice's
    expect(bobs.html).toContain(`/property-details/${a}?lang=en"`);
    fs.writeFileSync('/tmp/price-drop-en.html', bobs.html);

    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(bob)).toHaveLength(1);
    expect(mailsTo(carol)).toHaveLength(0);
    expect(await pass()).toBe(0); // nothing new
  });

  it('waits for the next day after a mail, then sends the new drop from the price announced', async () => {
    await edit(a, { price: 85_000 });
    expect(await pass()).toBe(0);
    expect(await queuedFor(alice)).toHaveLength(1);
    clock += DAY_MS - 60_000;
    expect(await pass()).toBe(0); // 23 h 59 min later: still the same day's mail
    clock += 120_000;
    expect(await pass()).toBe(2); // Alice and Bob both keep a
    const second = await until(() => mailsTo(alice)[1]);
    expect(second.subject).toContain('انخفض سعر عقار في مفضلتك');
    expect(second.text).toContain('90,000\u00a0US$\u200e ← \u200f85,000\u00a0US$\u200e');
    expect(second.text).not.toContain('غرف قرب التحرير'); // announced yesterday, not changed since
    await until(() => mailsTo(bob)[1]);
  });

  it('never mentions a listing the public cannot see, and mails nothing if that was the only drop', async () => {
    clock += DAY_MS + 60_000;
    await edit(b, { price: 200, is_active: false });
    expect(await pass()).toBe(0);
    await edit(a, { price: 80_000 });
    expect(await pass()).toBe(2);
    const third = await until(() => mailsTo(alice)[2]);
    expect(third.text).toContain('شقة مشمسة في حدة');
    expect(third.text).not.toContain('غرف قرب التحرير');
    // Shown again (still cheaper than announced): its drop is news the next day.
    await edit(b, { is_active: true });
    expect(await pass()).toBe(0);
    clock += DAY_MS;
    expect(await pass()).toBe(1);
    const fourth = await until(() => mailsTo(alice)[3]);
    expect(fourth.text).toContain('غرف قرب التحرير');
    expect(fourth.text).toContain('\u200f250\u00a0US$\u200e ← \u200f200\u00a0US$\u200e شهريًا');
    expect(fourth.text).not.toContain('شقة مشمسة في حدة');
  });

  it('mails a user once when two passes run at once (two servers)', async () => {
    clock += DAY_MS;
    await edit(c, { price: 40_000 });
    await edit(d, { price: 90_000 });
    const counts = await Promise.all([pass(), pass()]);
    expect(counts[0] + counts[1]).toBe(2); // Alice (c) and Bob (d)
    await until(() => mailsTo(alice)[4]);
    await until(() => mailsTo(bob)[3]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(alice)).toHaveLength(5);
    expect(mailsTo(bob)).toHaveLength(4);
    expect(mailsTo(carol)).toHaveLength(0);
  });

  it('runs on its own as the servers start it (two jobs), and stops cleanly', async () => {
    clock += DAY_MS;
    await edit(a, { price: 70_000 });
    const jobs = [1, 2].map(() => startPriceDropJob(t.app.deps, quiet, { intervalMs: 30, now: () => new Date(clock) }));
    try {
      await until(() => mailsTo(alice)[5]);
      await until(() => mailsTo(bob)[4]);
      await new Promise((r) => setTimeout(r, 200));
      expect(mailsTo(alice)).toHaveLength(6);
      expect(mailsTo(bob)).toHaveLength(5);
    } finally {
      await Promise.all(jobs.map((stop) => stop()));
    }
  });

  it("carries a one-click unsubscribe that stops the user's price-drop mails; turned on again, they start from the prices then", async () => {
    const last = mailsTo(alice)[5]!;
    const link = /^<(http[^>]+)>$/.exec(last.headers['list-unsubscribe'] ?? '')?.[1];
    const token = unsubscribeToken(t.config.JWT_SECRET, alice.user.id, 'price-drops');
    expect(link).toBe(`${t.app.deps.publicUrl()}/price-drops/unsubscribe?token=${token}`);
    expect(last.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The link is in the mail too, each half's in its language.
    expect(last.html).toContain(`${link}"`);
    expect(last.html).toContain(`${link}&amp;lang=en"`);
    expect(last.text).toContain(`إيقاف رسائل انخفاض الأسعار: ${link}`);

    const setting = (u: User) => http(t.url, 'GET', '/api/v1/favorites/price-drop-mail', { token: u.token });
    expect(await setting(alice)).toMatchObject({ status: 200, body: { enabled: true } });
    // A token signed for something else (a saved search's alerts with the same id), or by another site, is refused.
    for (const bad of [unsubscribeToken(t.config.JWT_SECRET, alice.user.id), unsubscribeToken('another-secret-another-secret-another', alice.user.id, 'price-drops'), 'nothing']) {
      expect((await http(t.url, 'POST', `/price-drops/unsubscribe?token=${bad}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(400);
      expect((await http(t.url, 'POST', '/api/v1/favorites/price-drop-mail/unsubscribe', { body: { token: bad } })).status).toBe(400);
    }
    expect(await setting(alice)).toMatchObject({ body: { enabled: true } });
    // What a mail program sends, without signing in; again is fine.
    expect((await http(t.url, 'POST', `/price-drops/unsubscribe?token=${token}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(204);
    expect((await http(t.url, 'POST', '/api/v1/favorites/price-drop-mail/unsubscribe', { body: { token } })).status).toBe(204);
    expect(await setting(alice)).toMatchObject({ body: { enabled: false } });
    expect(await setting(bob)).toMatchObject({ body: { enabled: true } }); // hers alone

    clock += DAY_MS;
    await edit(a, { price: 65_000 });
    expect(await pass()).toBe(1); // Bob only
    await until(() => mailsTo(bob)[5]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(alice)).toHaveLength(6);

    // On again from /favorites: the drop made while off is not news; the next one is, from 65,000.
    expect(await http(t.url, 'PUT', '/api/v1/favorites/price-drop-mail', { token: alice.token, body: { enabled: true } })).toMatchObject({ status: 200, body: { enabled: true } });
    clock += DAY_MS;
    expect(await pass()).toBe(0);
    await edit(a, { price: 60_000 });
    expect(await pass()).toBe(2);
    const again = await until(() => mailsTo(alice)[6]);
    expect(again.text).toContain('65,000\u00a0US$\u200e ← \u200f60,000\u00a0US$\u200e');
  });

  it('lets only its user read or change the setting, and checks what is sent', async () => {
    expect((await http(t.url, 'GET', '/api/v1/favorites/price-drop-mail')).status).toBe(401);
    expect((await http(t.url, 'PUT', '/api/v1/favorites/price-drop-mail', { body: { enabled: false } })).status).toBe(401);
    expect((await http(t.url, 'PUT', '/api/v1/favorites/price-drop-mail', { token: carol.token, body: { enabled: 'no' } })).status).toBe(422);
    expect((await http(t.url, 'PUT', '/api/v1/favorites/price-drop-mail', { token: carol.token, body: { enabled: false, user_id: bob.user.id } })).status).toBe(422);
    // A user who never kept a favourite (the administrator) can turn them off too.
    expect(await http(t.url, 'PUT', '/api/v1/favorites/price-drop-mail', { token: admin.token, body: { enabled: false } })).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await http(t.url, 'GET', '/api/v1/favorites/price-drop-mail', { token: admin.token })).toMatchObject({ body: { enabled: false } });
    expect(await http(t.url, 'GET', '/api/v1/favorites/price-drop-mail', { token: bob.token })).toMatchObject({ body: { enabled: true } });
    // An account deleted since: its link has nothing to turn off.
    const gone = await createUser(t);
    await t.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    const goneToken = unsubscribeToken(t.config.JWT_SECRET, gone.user.id, 'price-drops');
    expect((await http(t.url, 'POST', `/price-drops/unsubscribe?token=${goneToken}`)).status).toBe(404);
  });
});

describe('the price-drop mail counts homes in grammatical Arabic', () => {
  const home = (id: number) =>
    ({
      id,
      title_en: `Home ${id}`,
      title_ar: `منزل ${id}`,
      listing_type: 'FOR_SALE',
      price: 90_000,
      currency: 'USD',
      media: [],
      property: { district: null, governorate: null },
    }) as unknown as ListingRead;
  const mail = (n: number, lang: 'ar' | 'en' = 'ar') =>
    priceDropMail({ name: 'Huda', base: 'https://manzil.example', unsubscribe: 'https://manzil.example/price-drops/unsubscribe?token=1.x', drops: Array.from({ length: n }, (_, i) => ({ listing: home(i + 1), oldPrice: 100_000, oldCurrency: 'USD' as const })) }, lang);

  it.each([
    [1, 'انخفض سعر عقار في مفضلتك'],
    [2, 'عقاران في مفضلتك أصبحا أرخص'],
    [3, '3 عقارات في مفضلتك أصبحت أرخص'],
    [10, '10 عقارات في مفضلتك أصبحت أرخص'],
    [11, '11 عقارًا في مفضلتك أصبحت أرخص'],
    [99, '99 عقارًا في مفضلتك أصبحت أرخص'],
    [100, '100 عقار في مفضلتك أصبحت أرخص'],
    [103, '103 عقارات في مفضلتك أصبحت أرخص'],
  ])('%i: %s, in the subject and the heading, with Western digits', (n, ar) => {
    expect(arabicDropSubject(n)).toBe(ar);
    if (n > 11) return;
    const m = mail(n);
    const en = n === 1 ? 'A home you saved is now cheaper' : `${n} homes you saved are now cheaper`;
    expect(m.subject).toBe(`${ar} | ${en}`);
    expect(m.html).toContain(`<h2 style="font-size:18px;margin:0 0 12px">${ar}</h2>`);
    expect(m.text.startsWith(`${ar}\n`)).toBe(true);
    // An English reader's mail gives the Arabic in short, counted the same way.
    expect(mail(n, 'en').subject).toBe(`${en} | ${ar}`);
  });
});
