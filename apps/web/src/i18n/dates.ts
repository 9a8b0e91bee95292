/**
 * Dates as Intl.DateTimeFormat writes them with dateStyle 'long' ("24 November 2026", "24 نوفمبر 2026":
 * en-GB and ar-YE-u-nu-latn, Western digits in both languages), written out here: a page's first
 * DateTimeFormat costs ~40 ms of ICU start-up in Chromium (160 ms on Lighthouse's simulated phone), for
 * twelve month names. dates.test.ts holds it to Intl's output. Kept with server rendering (issue 23): hydration
 * writes the date again in the browser (scripts/intl-parity.mjs: same bytes in Node and Chromium). A date in the
 * visitor's time zone still differs from the server's render near midnight: hydrated pages need a fixed zone.
 */
const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
} as const;

/** Yemen's time (UTC+3 all year): what a server-rendered page shows, the same on the server and in the browser. */
const YEMEN_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Day, month name and year, in the visitor's time zone, in UTC (dates without a time) or in Yemen. */
export function formatLongDate(date: Date, lang: string, timeZone?: 'UTC' | 'Yemen'): string {
  if (timeZone === 'Yemen') date = new Date(date.getTime() + YEMEN_OFFSET_MS);
  const utc = timeZone === 'UTC' || timeZone === 'Yemen';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${day} ${MONTHS[lang.startsWith('ar') ? 'ar' : 'en'][month]} ${year}`;
}

/**
 * "7 Dec 2026" / "7 ديسمبر 2026", with the time when asked: the owner's and admin's lists. Not dateStyle
 * 'medium', which writes Arabic dates as 07/12/2026 where every other page names the month.
 */
export function formatMediumDate(date: Date, lang: string, withTime = false): string {
  const time: Intl.DateTimeFormatOptions = withTime ? { hour: 'numeric', minute: '2-digit' } : {};
  return new Intl.DateTimeFormat(lang.startsWith('ar') ? 'ar-YE-u-nu-latn' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric', ...time }).format(date);
}
