/**
 * Price-drop e-mails for favourites (issue 27): when an owner's edit lowers a listing's price, its keepers hear
 * of it, at most once a day per user, all their drops in one mail.
 *
 * - The edit flags the favourites it made cheaper than the price their keeper last heard of (flagPriceDrops,
 *   in the edit's transaction); a periodic job (startPriceDropJob) then mails each flagged user whose last
 *   price-drop mail is 24 hours old or more, listing only homes the public can see now, and in the same
 *   transaction records the announced prices and when the mail went (migration 019).
 * - Several servers on one database: the job claims a user's price_drop_mail row `for update skip locked`, so
 *   a second server skips the user being mailed and then finds nothing due.
 * - "Cheaper" compares in the listing's currency when it is the one last heard of, else in US dollars (as the
 *   favourites list does, service.ts changeOf), so a change of currency compares correctly.
 * - Their keeper turns them off from the mail (List-Unsubscribe, one click, no sign-in) or on /favorites
 *   (migration 043); turned on again, they start from the prices of that moment, not from drops made meanwhile.
 */
import { sql } from 'kysely';
import { formatPrice, type ListingRead, type Lang } from '@manzil/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { repeatEvery } from '../../lib/repeat.js';
import type { Storage } from '../../lib/storage.js';
import { asCards, listingRowsSql } from '../listings/read.js';
import { placeNames } from '../locations/names.js';
import { enqueueMail } from '../mail/outbox.js';
import { linkIn, oneLine, type MailContent } from '../mail/templates.js';
import { escapeHtml } from '../../lib/html.js';
import { absoluteUrl, pageUrl } from '../seo/share.js';
import { priceDropsUnsubscribeUrl } from '../alerts/token.js';

type Currency = 'YER' | 'USD' | 'SAR';
type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };

export const DAY_MS = 24 * 3600 * 1000;

/** Favourite `f` of listing `l` is now cheaper than what its keeper last heard of (a cent of a dollar is no news). */
const cheaper = sql<boolean>`(case when l.currency = f.notified_currency then l.price < f.notified_price
  else l.price_usd < f.notified_price_usd - 0.005 end)`;
/** What the public can see and may still buy or rent: a drop on a sold home is no news. */
const announceable = sql<boolean>`(l.status = 'approved' and l.is_active and l.withheld = '{}' and l.availability = 'available')`;

/**
 * Called by the listing's update, in its transaction, after the new price is written: flags the favourites
 * the edit made cheaper. The listing may be back in review after the edit; the job waits until it is public.
 */
export async function flagPriceDrops(db: Database, listingId: number): Promise<void> {
  await sql`
    update favorites f set price_drop_at = coalesce(f.price_drop_at, now())
      from listings l
     where l.id = f.listing_id and f.listing_id = ${listingId} and ${cheaper}
       and not exists (select 1 from price_drop_mail s where s.user_id = f.user_id and s.off_at is not null)`.execute(db);
}

/** Whether the user's price-drop mails are on (they are until turned off). */
export async function priceDropMailOn(db: Database, userId: number): Promise<boolean> {
  const row = await db.selectFrom('price_drop_mail').select('off_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.off_at == null;
}

/**
 * Turns the user's price-drop mails on or off; the same again changes nothing. Off drops the drops waiting to be
 * mailed; on again starts from the prices now, so the first mail after is not a list of drops made while off.
 */
export async function setPriceDropMail(db: Database, userId: number, on: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('price_drop_mail').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const was = await trx.selectFrom('price_drop_mail').select('off_at').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if ((was.off_at == null) === on) return;
    await trx.updateTable('price_drop_mail').set({ off_at: on ? null : new Date() }).where('user_id', '=', userId).execute();
    if (on) {
      await sql`
        update favorites f set notified_price = l.price, notified_currency = l.currency, notified_price_usd = l.price_usd, price_drop_at = null
          from listings l where l.id = f.listing_id and f.user_id = ${userId}`.execute(trx);
    } else {
      await trx.updateTable('favorites').set({ price_drop_at: null }).where('user_id', '=', userId).where('price_drop_at', 'is not', null).execute();
    }
  });
}

export interface PriceDrop {
  listing: ListingRead;
  oldPrice: number;
  oldCurrency: Currency;
}

interface Claimed {
  user_id: number;
  lang: Lang;
  email: string;
  full_name: string;
}

/**
 * One pass: mails every user who is due (a flagged favourite now public, a verified address, no price-drop mail
 * since `now` minus 24 hours), one user per transaction. Returns how many mails were queued.
 */
export async function sendPriceDropMails(
  deps: { db: Database; storage: Storage; publicUrl: () => string; config: Pick<Config, 'JWT_SECRET'> },
  opts: { now?: Date; maxUsers?: number } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - DAY_MS);
  const maxUsers = opts.maxUsers ?? 500;
  let queued = 0;
  for (let i = 0; i < maxUsers; i++) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const user = (
        await sql<Claimed>`
          select s.user_id, s.lang, u.email, u.full_name
            from price_drop_mail s join users u on u.id = s.user_id
           -- Driven by the flagged favourites (favorites_price_drop_idx), not by every user who keeps one.
           where s.user_id in (select f.user_id from favorites f join listings l on l.id = f.listing_id
                                where f.price_drop_at is not null and ${announceable})
             and u.email_verified
             and s.off_at is null
             and (s.mailed_at is null or s.mailed_at <= ${since})
           order by s.user_id
           limit 1
           for update of s skip locked`.execute(trx)
      ).rows[0];
      if (!user) return 'none' as const;
      // The user's flagged favourites that are public now; the others wait until they are (or are forgotten).
      const flagged = (
        await sql<{
          listing_id: number;
          dropped: boolean;
          notified_price: number;
          notified_currency: Currency;
          price: number;
          currency: Currency;
          price_usd: number;
        }>`
          select f.listing_id, ${cheaper} as dropped, f.notified_price, f.notified_currency, l.price, l.currency, l.price_usd
            from favorites f join listings l on l.id = f.listing_id
           where f.user_id = ${user.user_id} and f.price_drop_at is not null and ${announceable}
           order by f.saved_at desc, f.listing_id desc
             for update of f`.execute(trx)
      ).rows;
      const dropped = flagged.filter((r) => r.dropped);
      let sent = false;
      let cards = new Map<number, ListingRead>();
      if (dropped.length > 0) {
        const [rows, names] = await Promise.all([
          sql<{ rows: Parameters<typeof asCards>[0] }>`select ${listingRowsSql(sql<number[]>`${dropped.map((d) => d.listing_id)}::int[]`)} as rows`.execute(trx),
          placeNames(deps.db),
        ]);
        cards = new Map(asCards(rows.rows[0]!.rows ?? [], names, deps.storage).map((l) => [l.id, l]));
        const drops: PriceDrop[] = dropped.flatMap((d) => {
          const listing = cards.get(d.listing_id);
          return listing ? [{ listing, oldPrice: d.notified_price, oldCurrency: d.notified_currency }] : [];
        });
        if (drops.length > 0) {
          const unsubscribe = priceDropsUnsubscribeUrl(deps.publicUrl(), deps.config.JWT_SECRET, user.user_id);
          await enqueueMail(trx, {
            to: user.email,
            recipientUserId: user.user_id,
            ...priceDropMail({ name: user.full_name, drops, base: deps.publicUrl(), unsubscribe }, user.lang),
            // RFC 2369 and RFC 8058, as the search alerts: mail clients offer "unsubscribe" and POST to it.
            headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          });
          await trx.updateTable('price_drop_mail').set({ mailed_at: now }).where('user_id', '=', user.user_id).execute();
          sent = true;
        }
      }
      // The announced prices (as read above) are the ones to compare with from now on; a flag whose drop was
      // undone before it could be announced goes too.
      await trx
        .updateTable('favorites')
        .set({ price_drop_at: null })
        .where('user_id', '=', user.user_id)
        .where('listing_id', 'in', flagged.map((r) => r.listing_id))
        .execute();
      if (sent) {
        for (const d of dropped.filter((x) => cards.has(x.listing_id))) {
          await trx
            .updateTable('favorites')
            .set({ notified_price: d.price, notified_currency: d.currency, notified_price_usd: d.price_usd })
            .where('user_id', '=', user.user_id)
            .where('listing_id', '=', d.listing_id)
            .execute();
        }
      }
      return sent ? ('sent' as const) : ('nothing' as const);
    });
    if (done === 'none') break;
    if (done === 'sent') queued += 1;
  }
  return queued;
}

/** Runs a pass at start and every `intervalMs`; returns its stop function (waits for the pass in progress). */
export function startPriceDropJob(
  deps: { db: Database; storage: Storage; publicUrl: () => string; config: Pick<Config, 'PRICE_DROP_CHECK_MS' | 'JWT_SECRET'> },
  log: Log,
  opts: { intervalMs?: number; now?: () => Date } = {},
) {
  const intervalMs = opts.intervalMs ?? deps.config.PRICE_DROP_CHECK_MS;
  return repeatEvery(
    async () => {
      const n = await sendPriceDropMails(deps, { now: opts.now?.() });
      if (n > 0) log.info(`price drops: ${n} e-mail(s) queued`);
    },
    intervalMs,
    (err) => log.error(`price drops: ${err.message}`),
  );
}

// ---- The mail ----

const arPlural = new Intl.PluralRules('ar');

/**
 * "N homes you saved are now cheaper" in Arabic, the noun in the form its count asks for (Intl.PluralRules'
 * categories): عقار واحد، عقاران، 3–10 عقارات، 11–99 عقارًا، 100 عقار. Western digits, as the other mails.
 */
export function arabicDropSubject(n: number): string {
  switch (arPlural.select(n)) {
    case 'one':
      return 'انخفض سعر عقار في مفضلتك';
    case 'two':
      return 'عقاران في مفضلتك أصبحا أرخص';
    case 'few':
      return `${n} عقارات في مفضلتك أصبحت أرخص`;
    case 'many':
      return `${n} عقارًا في مفضلتك أصبحت أرخص`;
    default:
      return `${n} عقار في مفضلتك أصبحت أرخص`;
  }
}

const L = {
  ar: {
    subject: arabicDropSubject,
    hello: (name: string) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    intro: 'أصبحت هذه العقارات التي تحتفظ بها في مفضلتك أرخص مما كانت عليه آخر مرة أخبرناك فيها:',
    was: 'كان',
    now: 'الآن',
    perMonth: 'شهريًا',
    view: 'عرض الإعلان',
    favorites: 'عرض مفضلتي',
    footer: 'نرسل رسالة واحدة في اليوم على الأكثر عن انخفاض الأسعار. لإيقافها عن عقار، أزله من مفضلتك.',
    unsubscribe: 'إيقاف رسائل انخفاض الأسعار',
    arrow: '←',
    sep: '، ',
  },
  en: {
    subject: (n: number) => (n === 1 ? 'A home you saved is now cheaper' : `${n} homes you saved are now cheaper`),
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'These homes in your favourites are now cheaper than when you last heard from us:',
    was: 'Was',
    now: 'now',
    perMonth: 'per month',
    view: 'View the listing',
    favorites: 'See my favourites',
    footer: 'We send at most one price-drop e-mail a day. To stop them for a home, remove it from your favourites.',
    unsubscribe: 'Stop price-drop e-mails',
    arrow: '→',
    sep: ', ',
  },
} as const;

function describe(d: PriceDrop, lang: Lang, base: string) {
  const l = d.listing;
  const t = L[lang];
  const title = oneLine(lang === 'ar' ? l.title_ar || l.title_en : l.title_en || l.title_ar, 120);
  const places = [l.property.district, l.property.governorate].filter((p) => p != null);
  const place = places.map((p) => (lang === 'ar' ? p.name_ar : p.name_en)).join(t.sep);
  const rent = l.listing_type === 'FOR_RENT' ? ` ${t.perMonth}` : '';
  // In Arabic text a left-to-right mark ends the price, so "US$" stays one word and not "$US" (the HTML isolates it).
  const end = lang === 'ar' ? '\u200e' : '';
  const oldPrice = `${formatPrice(d.oldPrice, d.oldCurrency, lang) ?? ''}${end}`;
  const newPrice = `${formatPrice(l.price, l.currency, lang) ?? ''}${end}`;
  const photo = l.media[0] ? absoluteUrl(base, l.media[0].file_url) : null;
  return { title, place, oldPrice, newPrice, rent, photo, url: pageUrl(base, `/property-details/${l.id}`, lang) };
}

/** The reader's language in full (photos and all), then the other language in short: as the account mails do. */
export function priceDropMail(p: { name: string; drops: PriceDrop[]; base: string; unsubscribe: string }, lang: Lang): MailContent {
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const n = p.drops.length;
  const favoritesUrl = (l: Lang) => pageUrl(p.base, '/favorites', l);
  const unsubscribeUrl = (l: Lang) => linkIn(p.unsubscribe, l);

  const textOf = (l: Lang) => {
    const t = L[l];
    return [
      t.subject(n),
      '',
      t.hello(oneLine(p.name, 100)),
      t.intro,
      '',
      ...p.drops.flatMap((d) => {
        const x = describe(d, l, p.base);
        return [`- ${x.title}${x.place ? ` (${x.place})` : ''}`, `  ${x.oldPrice} ${t.arrow} ${x.newPrice}${x.rent}`, `  ${x.url}`];
      }),
      '',
      `${t.favorites}: ${favoritesUrl(l)}`,
      t.footer,
      `${t.unsubscribe}: ${unsubscribeUrl(l)}`,
    ].join('\n');
  };

  // A price isolated left to right, as the web app shows it (PriceText): "350 US$" keeps its order in Arabic.
  const bdi = (price: string) => `<bdi dir="ltr">${escapeHtml(price.replace(/[\u200e\u200f]/g, ''))}</bdi>`;
  const dirOf = (l: Lang) => (l === 'ar' ? 'rtl' : 'ltr');
  const open = (l: Lang) =>
    `<div dir="${dirOf(l)}" lang="${l}" style="text-align:${l === 'ar' ? 'right' : 'left'};font-family:Tahoma,Arial,sans-serif;line-height:1.6">`;

  const full = (l: Lang) => {
    const t = L[l];
    const items = p.drops
      .map((d) => {
        const x = describe(d, l, p.base);
        const img = x.photo
          ? `<a href="${escapeHtml(x.url)}"><img src="${escapeHtml(x.photo)}" alt="${escapeHtml(x.title)}" width="120" height="90" style="display:block;width:120px;height:90px;object-fit:cover;border-radius:6px;border:0"></a>`
          : `<div style="width:120px;height:90px;border-radius:6px;background:#e9ecef"></div>`;
        return (
          `<tr><td style="padding:10px 0;border-bottom:1px solid #dee2e6;vertical-align:top;width:120px">${img}</td>` +
          `<td style="padding:10px 12px;border-bottom:1px solid #dee2e6;vertical-align:top">` +
          `<a href="${escapeHtml(x.url)}" style="color:#0d6efd;font-weight:bold;text-decoration:none">${escapeHtml(x.title)}</a>` +
          (x.place ? `<div style="color:#6c757d;font-size:13px">${escapeHtml(x.place)}</div>` : '') +
          `<div style="margin-top:4px"><span style="color:#6c757d">${t.was} </span><s style="color:#6c757d">${bdi(x.oldPrice)}</s>` +
          ` ${t.arrow} <strong style="color:#198754">${bdi(x.newPrice)}${escapeHtml(x.rent)}</strong></div>` +
          `</td></tr>`
        );
      })
      .join('');
    return (
      open(l) +
      `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(t.subject(n))}</h2>` +
      `<p style="margin:0 0 6px">${escapeHtml(t.hello(oneLine(p.name, 100)))}</p>` +
      `<p style="margin:0 0 6px">${escapeHtml(t.intro)}</p>` +
      `<table role="presentation" dir="${dirOf(l)}" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:600px">${items}</table>` +
      `<p style="margin:16px 0 6px"><a href="${escapeHtml(favoritesUrl(l))}" style="display:inline-block;padding:8px 16px;background:#0d6efd;color:#fff;border-radius:6px;text-decoration:none">${t.favorites}</a></p>` +
      `<p style="margin:12px 0 0;color:#6c757d;font-size:12px">${escapeHtml(t.footer)} ` +
      `<a href="${escapeHtml(unsubscribeUrl(l))}" style="color:#6c757d">${escapeHtml(t.unsubscribe)}</a></p>` +
      `</div>`
    );
  };

  const short = (l: Lang) => {
    const t = L[l];
    const items = p.drops
      .map((d) => {
        const x = describe(d, l, p.base);
        return `<li><a href="${escapeHtml(x.url)}">${escapeHtml(x.title)}</a>: <s>${bdi(x.oldPrice)}</s> ${t.arrow} <strong>${bdi(x.newPrice)}${escapeHtml(x.rent)}</strong></li>`;
      })
      .join('');
    return (
      open(l) +
      `<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(t.subject(n))}</h2>` +
      `<ul style="margin:0 0 8px;padding-inline-start:20px">${items}</ul>` +
      `<p style="margin:0"><a href="${escapeHtml(favoritesUrl(l))}">${t.favorites}</a> · <a href="${escapeHtml(unsubscribeUrl(l))}">${escapeHtml(t.unsubscribe)}</a></p>` +
      `</div>`
    );
  };

  return {
    subject: oneLine(`${L[lang].subject(n)} | ${L[other].subject(n)}`, 200),
    text: `${textOf(lang)}\n\n----------------------------------------\n\n${textOf(other)}\n`,
    html:
      `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
      `<body style="margin:0;padding:16px;background:#fff;color:#212529">` +
      full(lang) +
      `<hr style="margin:24px 0;border:0;border-top:1px solid #dee2e6">` +
      short(other) +
      `</body></html>`,
  };
}
