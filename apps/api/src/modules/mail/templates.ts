/**
 * The e-mails the product sends. Every mail is bilingual: the reader's language first when we know it (an
 * owner's is the one they last used on the listing, listings.owner_lang), Arabic first otherwise. Each
 * template returns subject, text and HTML.
 */
import { rejectionReasonIn, type Lang } from '@manzil/shared';
import { escapeHtml } from '../../lib/html.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * One line, bounded: subjects are one header line, and a sender's name or e-mail never starts a new line of
 * the text part (no forged "Email: …" line). Control characters (C0, DEL, C1 such as NEL) and the Unicode line
 * and paragraph separators become one space.
 */
export const oneLine = (s: string, max = 120) => {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point (header injection)
  const flat = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * A line ending in a value read left to right whatever the language around it (a phone number, an e-mail
 * address): isolated, so the Arabic half shows "+967 733 111 222", not "222 111 733 967+".
 */
export interface LtrLine {
  label: string;
  ltr: string;
}

export interface Section {
  heading: string;
  lines: (string | LtrLine)[];
  /** Free text someone typed (a reason, a visitor's message), right after the last line. */
  quote?: string;
  /** Lines after the quote, so a label such as "Reason:" is followed by its quote, not by advice. */
  after?: string[];
  /**
   * A page of our site: compose gives it in the half's language (see linkIn). `external`: another site's, given
   * as is.
   */
  link?: { label: string; url: string; external?: boolean };
}

/**
 * A link to a page of ours in one half of a mail, so that it opens in that half's language (the site reads ?lang
 * first, then its cookie): the English half's carries ?lang=en, the Arabic half's no lang at all (Arabic is the
 * default; the same rule as seo/share.ts pageUrl). Any lang the caller put there is replaced; the other
 * parameters (as they were encoded) and a #fragment are kept. An address that is not http(s) is given as is.
 */
export function linkIn(url: string, lang: Lang): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return url;
  const kept = u.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !new URLSearchParams(pair).has('lang'));
  if (lang === 'en') kept.push('lang=en');
  u.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  return u.toString();
}

/** Both languages' subjects in one line, the reader's first. */
export const subjectIn = (ar: string, en: string, lang: Lang) => (lang === 'ar' ? `${ar} | ${en}` : `${en} | ${ar}`);

/**
 * A mail in both languages; `first` is the reader's language when known (Arabic otherwise). Each half's link
 * opens the page in that half's language (linkIn).
 */
export function compose(subject: string, arSection: Section, enSection: Section, first: Lang = 'ar'): MailContent {
  const inLang = (s: Section, lang: Lang): Section =>
    s.link && !s.link.external ? { ...s, link: { ...s.link, url: linkIn(s.link.url, lang) } } : s;
  const ar = inLang(arSection, 'ar');
  const en = inLang(enSection, 'en');
  // Text: the value between LEFT-TO-RIGHT ISOLATE (U+2066) and POP DIRECTIONAL ISOLATE (U+2069); HTML: in <bdi dir="ltr">.
  const lineText = (l: string | LtrLine) => (typeof l === 'string' ? l : `${l.label}: \u2066${l.ltr}\u2069`);
  const lineHtml = (l: string | LtrLine) =>
    typeof l === 'string' ? escapeHtml(l) : `${escapeHtml(l.label)}: <bdi dir="ltr">${escapeHtml(l.ltr)}</bdi>`;
  const quoteHtml = (q: string) => {
    const lines = q.split(/\r?\n/);
    return lines.length === 1 ? escapeHtml(q) : lines.map((l) => `<div dir="auto">${escapeHtml(l) || '<br>'}</div>`).join('');
  };
  const textOf = (s: Section) =>
    [
      s.heading,
      '',
      ...s.lines.map(lineText),
      ...(s.quote ? ['', s.quote] : []),
      ...(s.after?.length ? ['', ...s.after] : []),
      ...(s.link ? ['', `${s.link.label}: ${s.link.url}`] : []),
    ].join('\n');
  const htmlOf = (s: Section, dir: 'rtl' | 'ltr', lang: string) =>
    `<div dir="${dir}" lang="${lang}" style="text-align:${dir === 'rtl' ? 'right' : 'left'};font-family:Tahoma,Arial,sans-serif;line-height:1.6">` +
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(s.heading)}</h2>` +
    s.lines.map((l) => `<p style="margin:0 0 6px">${lineHtml(l)}</p>`).join('') +
    // dir="auto": the quote takes the direction of what was typed, so an Arabic reason in the English half
    // (or an English one in the Arabic half) keeps its final full stop at its own end; several lines each take
    // their own (a common reason in the reader's language, then the administrator's words in another).
    (s.quote
      ? `<blockquote dir="auto" style="margin:12px 0;padding:8px 12px;border-inline-start:3px solid #0d6efd;background:#f5f7fa;text-align:start;white-space:pre-wrap">${quoteHtml(s.quote)}</blockquote>`
      : '') +
    (s.after ?? []).map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join('') +
    (s.link ? `<p><a href="${escapeHtml(s.link.url)}">${escapeHtml(s.link.label)}</a></p>` : '') +
    `</div>`;
  return {
    subject: oneLine(subject, 200),
    text: first === 'ar'
      ? `${textOf(ar)}\n\n----------------------------------------\n\n${textOf(en)}\n`
      : `${textOf(en)}\n\n----------------------------------------\n\n${textOf(ar)}\n`,
    html:
      `<!doctype html><html><body style="margin:0;padding:16px;background:#fff;color:#212529">` +
      (first === 'ar' ? htmlOf(ar, 'rtl', 'ar') : htmlOf(en, 'ltr', 'en')) +
      `<hr style="margin:24px 0;border:0;border-top:1px solid #dee2e6">` +
      (first === 'ar' ? htmlOf(en, 'ltr', 'en') : htmlOf(ar, 'rtl', 'ar')) +
      `</body></html>`,
  };
}

export interface Sender {
  name: string;
  email?: string | null;
  phone?: string | null;
}

/**
 * "Name: …", "Email: …", "Phone: …": each value kept on its own one line, whatever the sender typed; the e-mail
 * address and the phone number read left to right in the Arabic half too.
 */
const senderLines = (s: Sender, labels: { name: string; email: string; phone: string }): (string | LtrLine)[] => [
  `${labels.name}: ${oneLine(s.name, 200)}`,
  ...(s.email ? [{ label: labels.email, ltr: oneLine(s.email, 320) }] : []),
  ...(s.phone ? [{ label: labels.phone, ltr: oneLine(s.phone, 60) }] : []),
];

/**
 * A listing's title in each language, one line, the other language's when one is empty: the owner is named their
 * listing in both halves of the subject and the body.
 */
const titlesOf = (p: { titleAr: string; titleEn: string }) => ({ ar: oneLine(p.titleAr || p.titleEn, 120), en: oneLine(p.titleEn || p.titleAr, 120) });

/**
 * The owner-mail subject: each half names the listing (60 characters each, so both titles fit the 200 of
 * compose). The reader's language first.
 */
const ownerSubject = (ar: string, en: string, titles: { ar: string; en: string }, lang: Lang) =>
  subjectIn(`${ar} «${oneLine(titles.ar, 60)}»`, `${en}: ${oneLine(titles.en, 60)}`, lang);

/** A visitor's message to the owner of a listing, in the owner's language first. */
export function listingMessageMail(
  p: { listingId: number; titleAr: string; titleEn: string; url: string; sender: Sender; message: string },
  lang: Lang,
): MailContent {
  const title = titlesOf(p);
  return compose(
    ownerSubject('رسالة جديدة عن إعلانك', 'New message about your listing', title, lang),
    {
      heading: `رسالة جديدة عن إعلانك «${title.ar}»`,
      lines: [...senderLines(p.sender, { name: 'الاسم', email: 'البريد الإلكتروني', phone: 'الهاتف' }), 'يمكنك الرد على هذا البريد مباشرةً للتواصل مع المرسل.'],
      quote: p.message,
      link: { label: 'عرض الإعلان', url: p.url },
    },
    {
      heading: `New message about your listing "${title.en}"`,
      lines: [...senderLines(p.sender, { name: 'Name', email: 'Email', phone: 'Phone' }), 'Reply to this e-mail to answer the sender directly.'],
      quote: p.message,
      link: { label: 'View the listing', url: p.url },
    },
    lang,
  );
}

/** A visitor's message to the platform (the /contact page). */
export function platformMessageMail(p: { sender: Sender; message: string }): MailContent {
  const name = oneLine(p.sender.name, 80);
  return compose(
    subjectIn(`رسالة تواصل جديدة من ${name}`, `New contact message from ${name}`, 'ar'),
    {
      heading: 'رسالة جديدة من صفحة تواصل معنا',
      lines: senderLines(p.sender, { name: 'الاسم', email: 'البريد الإلكتروني', phone: 'الهاتف' }),
      quote: p.message,
    },
    {
      heading: 'New message from the Contact page',
      lines: senderLines(p.sender, { name: 'Name', email: 'Email', phone: 'Phone' }),
      quote: p.message,
    },
  );
}

/** The owner is told their listing was approved and is now public, in their language first. */
export function listingApprovedMail(p: { titleAr: string; titleEn: string; url: string }, lang: Lang): MailContent {
  const title = titlesOf(p);
  return compose(
    ownerSubject('تمت الموافقة على إعلانك', 'Your listing was approved', title, lang),
    {
      heading: 'تمت الموافقة على إعلانك',
      lines: [`إعلانك «${title.ar}» منشور الآن ويظهر في نتائج البحث.`],
      link: { label: 'عرض الإعلان', url: p.url },
    },
    {
      heading: 'Your listing was approved',
      lines: [`Your listing "${title.en}" is now published and appears in search.`],
      link: { label: 'View the listing', url: p.url },
    },
    lang,
  );
}

/**
 * The owner is told their listing was rejected, in their language first: "Reason:" and the administrator's
 * reason (when one was given), then the advice to edit and resubmit.
 */
export function listingRejectedMail(p: { titleAr: string; titleEn: string; reason: string | null; editUrl: string }, lang: Lang): MailContent {
  const title = titlesOf(p);
  return compose(
    ownerSubject('لم تتم الموافقة على إعلانك', 'Your listing was not approved', title, lang),
    {
      heading: 'لم تتم الموافقة على إعلانك',
      lines: [`لم تتم الموافقة على نشر إعلانك «${title.ar}».`, p.reason ? 'السبب:' : 'لم يذكر المشرف سببًا.'],
      // The common reasons are stored in both languages (one line each): each half gives them in its own.
      quote: p.reason ? rejectionReasonIn(p.reason, 'ar') : undefined,
      after: ['يمكنك تعديل الإعلان وإرساله للمراجعة مرة أخرى.'],
      link: { label: 'تعديل الإعلان', url: p.editUrl },
    },
    {
      heading: 'Your listing was not approved',
      lines: [`Your listing "${title.en}" was not approved for publication.`, p.reason ? 'Reason:' : 'The administrator gave no reason.'],
      quote: p.reason ? rejectionReasonIn(p.reason, 'en') : undefined,
      after: ['You can edit the listing and submit it for review again.'],
      link: { label: 'Edit the listing', url: p.editUrl },
    },
    lang,
  );
}

/**
 * An administrator hid the owner's listing after reports (issue 28), with the reason. In the owner's language
 * first (the one we know from their latest request that set one), Arabic otherwise.
 */
export function listingHiddenMail(p: { titleAr: string; titleEn: string; reason: string; url: string }, lang: Lang = 'ar'): MailContent {
  return compose(
    ownerSubject('تم إخفاء إعلانك', 'Your listing was hidden', titlesOf(p), lang),
    {
      heading: 'تم إخفاء إعلانك',
      lines: [
        `أخفى أحد المشرفين إعلانك «${oneLine(p.titleAr, 120)}» بعد بلاغات من الزوار، ولم يعد يظهر للعامة.`,
        'السبب:',
      ],
      quote: p.reason,
      link: { label: 'إعلاناتي', url: p.url },
    },
    {
      heading: 'Your listing was hidden',
      lines: [
        `An administrator hid your listing "${oneLine(p.titleEn, 120)}" after reports from visitors; the public no longer sees it.`,
        'Reason:',
      ],
      quote: p.reason,
      link: { label: 'My properties', url: p.url },
    },
    lang,
  );
}

/**
 * An administrator blocked the account (admin/block.ts): its listings are no longer shown and it cannot sign in;
 * the /contact page (open to anyone, signed in or not) to ask about it. The block takes no reason, so none is
 * given. In the owner's language first (the one they last used on their listings), Arabic otherwise.
 */
export function accountBlockedMail(p: { contactUrl: string }, lang: Lang = 'ar'): MailContent {
  return compose(
    subjectIn('تم حظر حسابك في منزل', 'Your Manzil account was blocked', lang),
    {
      heading: 'تم حظر حسابك',
      lines: [
        'حظر مشرفو منزل حسابك: لم تعد إعلاناتك تظهر للعامة، ولا يمكنك تسجيل الدخول.',
        'للاستفسار عن ذلك، أو إذا كنت تعتقد أنه خطأ، راسلنا عبر صفحة تواصل معنا.',
      ],
      link: { label: 'تواصل معنا', url: p.contactUrl },
    },
    {
      heading: 'Your account was blocked',
      lines: [
        'The Manzil administrators blocked your account: your listings are no longer shown to the public, and you cannot sign in.',
        'To ask about it, or if you think it is a mistake, write to us on the contact page.',
      ],
      link: { label: 'Contact us', url: p.contactUrl },
    },
    lang,
  );
}

/** The block was lifted: they can sign in again and their published listings are shown again. Language as the block's. */
export function accountUnblockedMail(p: { url: string }, lang: Lang = 'ar'): MailContent {
  return compose(
    subjectIn('تم رفع الحظر عن حسابك في منزل', 'Your Manzil account was unblocked', lang),
    {
      heading: 'تم رفع الحظر عن حسابك',
      lines: ['رفع مشرفو منزل الحظر عن حسابك: يمكنك تسجيل الدخول مرة أخرى، وإعلاناتك المنشورة تظهر للعامة من جديد.'],
      link: { label: 'إعلاناتي', url: p.url },
    },
    {
      heading: 'Your account was unblocked',
      lines: ['The Manzil administrators unblocked your account: you can sign in again, and your published listings are shown to the public again.'],
      link: { label: 'My properties', url: p.url },
    },
    lang,
  );
}
