/**
 * The alert mail of a saved search (issue 27): the new listings that match it, each with its photo, price,
 * place and link, then links to manage alerts and to turn this search's alerts off. Unlike the account mails,
 * an alert is in one language, the one the search was saved in (right to left for Arabic): it is mostly
 * listings, and both languages would double every card.
 */
import { formatPrice, listingKind, type ListingRead, type Lang } from '@manzil/shared';
import { escapeHtml } from '../../lib/html.js';
import { oneLine, type MailContent } from '../mail/templates.js';

export type AlertKind = 'instant' | 'daily' | 'weekly';

export interface AlertMailInput {
  lang: Lang;
  kind: AlertKind;
  searchName: string;
  listings: ListingRead[];
  /** Matches beyond the listings shown (a digest shows at most a screenful). */
  more: number;
  /** The site's public origin, no trailing slash. */
  baseUrl: string;
  unsubscribeUrl: string;
}

/** "1 new home", "2 new homes"; Arabic counts take their own forms (1, 2, 3-10, 11+). */
function homes(n: number, lang: Lang): string {
  if (lang === 'en') return n === 1 ? '1 new home' : `${n} new homes`;
  if (n === 1) return 'منزل جديد';
  if (n === 2) return 'منزلان جديدان';
  if (n <= 10) return `${n} منازل جديدة`;
  return `${n} منزلًا جديدًا`;
}

const T = {
  ar: {
    brand: 'منزل',
    subject: (k: AlertKind, n: number, name: string) =>
      k === 'daily' ? `ملخص اليوم لبحثك «${name}»: ${homes(n, 'ar')}` : k === 'weekly' ? `ملخص الأسبوع لبحثك «${name}»: ${homes(n, 'ar')}` : `${homes(n, 'ar')} يطابق بحثك «${name}»`,
    heading: (n: number, name: string) => `${n === 1 ? 'منزل جديد يطابق' : `${homes(n, 'ar')} تطابق`} بحثك «${name}»`,
    view: 'عرض الإعلان',
    onRequest: 'السعر عند الطلب',
    perMonth: '/ شهريًا',
    more: (n: number) => `${n === 1 ? 'وإعلان آخر' : n === 2 ? 'وإعلانان آخران' : n <= 10 ? `و${n} إعلانات أخرى` : `و${n} إعلانًا آخر`} في بحثك المحفوظ.`,
    why: (k: AlertKind) =>
      `تصلك هذه الرسالة لأنك حفظت هذا البحث في منزل وطلبت التنبيه ${k === 'instant' ? 'فور نشر منزل جديد' : k === 'daily' ? 'مرة في اليوم' : 'مرة في الأسبوع'}.`,
    manage: 'إدارة التنبيهات',
    unsubscribe: 'إيقاف تنبيهات هذا البحث',
    sep: '، ',
  },
  en: {
    brand: 'Manzil',
    subject: (k: AlertKind, n: number, name: string) =>
      k === 'daily' ? `Today's digest for "${name}": ${homes(n, 'en')}` : k === 'weekly' ? `This week's digest for "${name}": ${homes(n, 'en')}` : `${homes(n, 'en')} for your search "${name}"`,
    heading: (n: number, name: string) => `${n === 1 ? 'A new home matches' : `${homes(n, 'en')} match`} your search "${name}"`,
    view: 'View the listing',
    onRequest: 'Price on request',
    perMonth: '/ month',
    more: (n: number) => `And ${n} more in your saved search.`,
    why: (k: AlertKind) =>
      `You get this e-mail because you saved this search on Manzil and asked to hear ${k === 'instant' ? 'as soon as a new home is published' : k === 'daily' ? 'once a day' : 'once a week'}.`,
    manage: 'Manage alerts',
    unsubscribe: "Stop this search's alerts",
    sep: ', ',
  },
} as const;

/** The photo for a mail: the smallest variant at least 600 px wide, as an absolute URL (mail has no base). */
function photoOf(l: ListingRead, baseUrl: string): string | null {
  const m = l.media[0];
  if (!m) return null;
  const sorted = [...m.variants].sort((a, b) => a.width - b.width);
  const url = (sorted.find((v) => v.width >= 600) ?? sorted[sorted.length - 1])?.url ?? m.file_url;
  return url.startsWith('/') ? `${baseUrl}${url}` : url;
}

function placeOf(l: ListingRead, lang: Lang): string {
  const p = l.property;
  const name = (x: { name_en: string; name_ar: string } | null) => (x ? (lang === 'ar' ? x.name_ar : x.name_en) : null);
  return [name(p.village), name(p.uzlah), name(p.district), name(p.governorate)].filter(Boolean).slice(0, 2).join(T[lang].sep);
}

export function alertMail(p: AlertMailInput): MailContent {
  const t = T[p.lang];
  const dir = p.lang === 'ar' ? 'rtl' : 'ltr';
  const align = p.lang === 'ar' ? 'right' : 'left';
  const name = oneLine(p.searchName, 80);
  const total = p.listings.length + p.more;
  const cards = p.listings.map((l) => {
    const title = oneLine(p.lang === 'ar' ? l.title_ar : l.title_en, 150);
    const url = `${p.baseUrl}/property-details/${l.id}?lang=${p.lang}`;
    const amount = formatPrice(l.price, l.currency, p.lang);
    const perMonth = amount && l.listing_type === 'FOR_RENT' ? ` ${t.perMonth}` : '';
    const kind = listingKind(l.property.property_type, l.listing_type, p.lang);
    const place = placeOf(l, p.lang);
    const photo = photoOf(l, p.baseUrl);
    return { title, url, amount, perMonth, price: amount ? `${amount}${perMonth}` : t.onRequest, kind, place, photo };
  });

  const text = [
    t.heading(total, name),
    '',
    ...cards.flatMap((c) => [c.title, `${c.price} · ${c.kind}${c.place ? ` · ${c.place}` : ''}`, c.url, '']),
    ...(p.more > 0 ? [t.more(p.more), ''] : []),
    t.why(p.kind),
    `${t.manage}: ${p.baseUrl}/saved-searches`,
    `${t.unsubscribe}: ${p.unsubscribeUrl}`,
    '',
  ].join('\n');

  const font = 'font-family:Tahoma,Arial,sans-serif';
  const cardHtml = cards
    .map(
      (c) =>
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #dee2e6;border-radius:8px;margin:0 0 16px;border-collapse:separate;overflow:hidden">` +
        (c.photo
          ? `<tr><td><a href="${escapeHtml(c.url)}"><img src="${escapeHtml(c.photo)}" alt="${escapeHtml(c.title)}" width="568" style="display:block;width:100%;height:auto;border:0"></a></td></tr>`
          : '') +
        `<tr><td style="padding:12px 16px;text-align:${align}">` +
        `<div style="font-size:20px;font-weight:bold;color:#0d6efd;margin:0 0 4px">` +
        // As the site shows it: the price isolated left to right, so "350 US$" keeps its order inside Arabic.
        (c.amount ? `<bdi dir="ltr">${escapeHtml(c.amount)}</bdi>${escapeHtml(c.perMonth)}` : escapeHtml(c.price)) +
        `</div>` +
        `<div style="font-size:16px;font-weight:bold;margin:0 0 4px"><a href="${escapeHtml(c.url)}" style="color:#212529;text-decoration:none">${escapeHtml(c.title)}</a></div>` +
        `<div style="color:#6c757d;margin:0 0 12px">${escapeHtml(c.kind)}${c.place ? ` · ${escapeHtml(c.place)}` : ''}</div>` +
        `<a href="${escapeHtml(c.url)}" style="display:inline-block;background:#0d6efd;color:#fff;text-decoration:none;padding:8px 16px;border-radius:6px">${escapeHtml(t.view)}</a>` +
        `</td></tr></table>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${p.lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa;color:#212529">` +
    `<div dir="${dir}" lang="${p.lang}" style="max-width:600px;margin:0 auto;padding:16px;text-align:${align};${font};line-height:1.6">` +
    `<div style="font-size:22px;font-weight:bold;color:#0d6efd;margin:0 0 12px">${escapeHtml(t.brand)}</div>` +
    `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(t.heading(total, name))}</h1>` +
    cardHtml +
    (p.more > 0 ? `<p style="margin:0 0 16px"><a href="${escapeHtml(`${p.baseUrl}/saved-searches`)}">${escapeHtml(t.more(p.more))}</a></p>` : '') +
    `<hr style="margin:24px 0 12px;border:0;border-top:1px solid #dee2e6">` +
    `<p style="margin:0 0 8px;color:#6c757d;font-size:13px">${escapeHtml(t.why(p.kind))}</p>` +
    `<p style="margin:0;font-size:13px"><a href="${escapeHtml(`${p.baseUrl}/saved-searches`)}">${escapeHtml(t.manage)}</a> · ` +
    `<a href="${escapeHtml(p.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>` +
    `</div></body></html>`;

  return { subject: oneLine(t.subject(p.kind, total, name), 200), text, html };
}
