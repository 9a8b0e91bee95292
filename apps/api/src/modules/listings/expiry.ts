/**
 * Listings that expire (issue 28, migration 023).
 *
 * - A public listing expires EXPIRY_DAYS after it was last published (approved) or renewed: the job adds
 *   'expired' to withheld, which takes it out of every public read (isPublic, read.ts). The owner renews it in
 *   one click (renewListing); removing 'expired' fires the alert trigger (migration 021) as it becomes public.
 * - REMIND_DAYS before, the owner gets one e-mail per expiry period with a link to the listing's Renew button.
 * - A home marked sold or rented keeps its badge in search for OFF_MARKET_DAYS, then leaves search
 *   ('off_market'); marking it available again brings it back (service.ts updateListing).
 *
 * Several servers on one database: expiring and taking off the market are one idempotent statement each;
 * a reminder is claimed by setting expiry_reminded_at on rows locked `for skip locked`, in the transaction
 * that queues its mail, so two servers never remind of the same listing twice.
 */
import { sql } from 'kysely';
import { MESSAGES, type Lang } from '@manzil/shared';
import { withheldChange } from './read.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { conflict, notFound } from '../../lib/errors.js';
import { repeatEvery } from '../../lib/repeat.js';
import { enqueueMails, type OutboxMail } from '../mail/outbox.js';
import { compose, oneLine, type MailContent } from '../mail/templates.js';
import { pageUrl } from '../seo/share.js';
import { forgetSearchCounts } from '../search/service.js';

type Log = { info: (msg: string) => void; error: (msg: string) => void };

export const EXPIRY_DAYS = 90;
export const REMIND_DAYS = 7;
export const OFF_MARKET_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

/** The columns that start a new expiry period (approval, renewal, marking a home available again). */
export const freshExpiry = () => ({
  expires_at: sql<Date>`now() + ${`${EXPIRY_DAYS} days`}::interval`,
  expiry_reminded_at: null,
  withheld: withheldChange({ remove: ['expired'] }),
});

/**
 * POST /listings/{id}/renew: the owner (or an administrator) starts a new 90-day period of an approved
 * listing, bringing it back to public view if it had expired. Someone else's listing is 404 as a missing one,
 * so its existence is not revealed; a pending or rejected listing is 409 (it is published by approval).
 */
export async function renewListing(db: Database, user: AuthUser, id: number, lang: Lang): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('listings').select(['owner_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || (row.owner_id !== user.id && user.role !== 'ADMIN')) throw notFound();
    if (row.status !== 'approved') throw conflict(MESSAGES.renewNotApproved);
    await trx
      .updateTable('listings')
      .set({ ...freshExpiry(), ...(row.owner_id === user.id ? { owner_lang: lang } : {}) })
      .where('id', '=', id)
      .execute();
  });
  forgetSearchCounts(db);
}

interface Due {
  id: number;
  owner_id: number;
  title_ar: string;
  title_en: string;
  expires_at: Date | string;
  owner_lang: Lang;
  email: string;
  full_name: string;
}

/**
 * One pass at `now`: expires what is due, takes homes sold or rented OFF_MARKET_DAYS ago out of search, and
 * reminds owners whose public listing expires within REMIND_DAYS (once per period). Returns what it did.
 */
export async function runExpiry(
  deps: { db: Database; publicUrl: () => string },
  opts: { now?: Date; batch?: number } = {},
): Promise<{ expired: number; offMarket: number; reminded: number }> {
  const { db } = deps;
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? 200;
  const expired = await sql`
    update listings set withheld = ${withheldChange({ add: ['expired'] })}
     where status = 'approved' and not ('expired' = any(withheld)) and expires_at <= ${now}
    returning id`.execute(db);
  const offMarket = await sql`
    update listings set withheld = ${withheldChange({ add: ['off_market'] })}
     where availability <> 'available' and not ('off_market' = any(withheld))
       and availability_changed_at <= ${new Date(now.getTime() - OFF_MARKET_DAYS * DAY_MS)}
    returning id`.execute(db);
  let reminded = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const due = (
        await sql<Due>`
          update listings l set expiry_reminded_at = ${now}
            from users u
           where u.id = l.owner_id and l.id in (
             select id from listings
              where status = 'approved' and not ('expired' = any(withheld)) and withheld = '{}' and is_active
                and expires_at > ${now} and expires_at <= ${new Date(now.getTime() + REMIND_DAYS * DAY_MS)}
                and expiry_reminded_at is null
              order by expires_at, id
              limit ${batch}
                for update skip locked)
          returning l.id, l.owner_id, l.title_ar, l.title_en, l.expires_at, l.owner_lang, u.email, u.full_name`.execute(trx)
      ).rows;
      const base = deps.publicUrl();
      await enqueueMails(
        trx,
        due.map(
          (d): OutboxMail => ({
            to: d.email,
            recipientUserId: d.owner_id,
            ...expiryReminderMail(
              { name: d.full_name, titleAr: d.title_ar, titleEn: d.title_en, expiresAt: new Date(d.expires_at), now, listingId: d.id, base },
              d.owner_lang,
            ),
          }),
        ),
      );
      return due.length;
    });
    reminded += n;
    if (n < batch) break;
  }
  const result = { expired: expired.rows.length, offMarket: offMarket.rows.length, reminded };
  if (result.expired > 0 || result.offMarket > 0) forgetSearchCounts(db);
  return result;
}

/** Runs a pass at start and every EXPIRY_CHECK_MS; returns its stop function (waits for the pass in progress). */
export function startExpiryJob(
  deps: { db: Database; publicUrl: () => string; config: Pick<Config, 'EXPIRY_CHECK_MS'> },
  log: Log,
  opts: { intervalMs?: number; now?: () => Date } = {},
) {
  return repeatEvery(
    async () => {
      const r = await runExpiry(deps, { now: opts.now?.() });
      if (r.expired || r.offMarket || r.reminded) {
        log.info(`listing expiry: ${r.expired} expired, ${r.offMarket} off the market, ${r.reminded} reminder(s) queued`);
      }
    },
    opts.intervalMs ?? deps.config.EXPIRY_CHECK_MS,
    (err) => log.error(`listing expiry: ${err.message}`),
  );
}

// ---- The reminder ----

/** The link lands on the listing's card in /my-properties, where its Renew button is. */
export const renewUrl = (base: string, listingId: number, lang: Lang) => `${pageUrl(base, '/my-properties', lang)}#listing-${listingId}`;

const dateIn = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Aden' }).format(d);

/** Both languages, the owner's first (the one they last used on the listing); compose sets RTL for Arabic. */
export function expiryReminderMail(
  p: { name: string; titleAr: string; titleEn: string; expiresAt: Date; now: Date; listingId: number; base: string },
  lang: Lang,
): MailContent {
  // Rounded: a pass a few minutes after the 7-day mark still says 7 days, not 8.
  const days = Math.max(1, Math.round((p.expiresAt.getTime() - p.now.getTime()) / DAY_MS));
  const titleAr = oneLine(p.titleAr || p.titleEn, 120);
  const titleEn = oneLine(p.titleEn || p.titleAr, 120);
  const name = oneLine(p.name, 100);
  const daysAr = days === 1 ? 'يوم واحد' : days === 2 ? 'يومين' : days <= 10 ? `${days} أيام` : `${days} يومًا`;
  const subjectAr = `ينتهي إعلانك «${oneLine(titleAr, 60)}» خلال ${daysAr}`;
  const subjectEn = `Your listing "${oneLine(titleEn, 60)}" expires in ${days} day${days === 1 ? '' : 's'}`;
  return compose(
    lang === 'ar' ? `${subjectAr} | ${subjectEn}` : `${subjectEn} | ${subjectAr}`,
    {
      heading: `ينتهي إعلانك «${titleAr}» قريبًا`,
      lines: [
        name ? `مرحبًا ${name}،` : 'مرحبًا،',
        `يبقى الإعلان ظاهرًا للباحثين ${EXPIRY_DAYS} يومًا من نشره أو تجديده، وينتهي إعلانك في ${dateIn(p.expiresAt, 'ar')} (خلال ${daysAr}). بعدها يختفي من البحث حتى تجدده.`,
        'إذا كان العقار ما زال متاحًا، جدّده بنقرة واحدة من صفحة عقاراتي. وإذا بيع أو أُجّر، فحدّد ذلك هناك.',
      ],
      link: { label: 'تجديد الإعلان', url: renewUrl(p.base, p.listingId, 'ar') },
    },
    {
      heading: `Your listing "${titleEn}" expires soon`,
      lines: [
        name ? `Hello ${name},` : 'Hello,',
        `A listing stays in search for ${EXPIRY_DAYS} days after it is published or renewed. Yours expires on ${dateIn(p.expiresAt, 'en')} (in ${days} day${days === 1 ? '' : 's'}), then leaves search until you renew it.`,
        'If the property is still available, renew it in one click from My properties. If it has been sold or rented, mark it so there.',
      ],
      link: { label: 'Renew the listing', url: renewUrl(p.base, p.listingId, 'en') },
    },
    lang,
  );
}
