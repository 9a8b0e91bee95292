import type { Currency, Lang } from './enums.js';

/** Convert an amount in `currency` to USD with rates expressed as units per 1 USD. */
export function toUsd(amount: number, currency: string, rates: Record<string, number>): number {
  const rate = rates[currency];
  if (!rate || rate <= 0) throw new Error(`No exchange rate for ${currency}`);
  return amount / rate;
}

export function fromUsd(amountUsd: number, currency: string, rates: Record<string, number>): number {
  const rate = rates[currency];
  if (!rate || rate <= 0) throw new Error(`No exchange rate for ${currency}`);
  return amountUsd * rate;
}

/** Below zero, -0 included (Intl writes "-0" for it, and for -0.4 rounded). */
const negative = (value: number) => value < 0 || Object.is(value, -0);

/**
 * A whole number with Western digits and comma groups, rounded half away from zero: what
 * Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }) writes, without Intl. A page's first
 * Intl.NumberFormat costs 30-50 ms of ICU start-up in Chromium (120-200 ms on Lighthouse's simulated phone,
 * all of it blocking), and prices, areas and counts need nothing else from it. price.test.ts holds both to
 * the same output. Kept with server rendering (issue 23): hydration formats every price again in the browser,
 * where Intl would still cost that start-up, and plain JavaScript writes the same bytes in Node and in any
 * browser whatever their ICU versions (scripts/intl-parity.mjs compares both ways in Node and Chromium).
 */
export function groupDigits(value: number): string {
  const whole = Math.round(Math.abs(value));
  if (!Number.isFinite(whole) || whole >= 1e21) return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative(value) ? `-${digits}` : digits;
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const NBSP = '\u00a0';
const RLM = '\u200f';
const LRM = '\u200e';

/**
 * Price in the listing's own currency with Western digits in both languages (DESIGN §5), as
 * Intl.NumberFormat writes it with the `ar-YE-u-nu-latn` or `en-US` locale, no decimals, the code of the
 * currency (the symbol for USD): "$150,000", "SAR 1,500", "‏150,000 YER", "‏150,000 US$". Written out here
 * rather than through Intl for the start-up cost above; the same on every browser.
 * Returns null for an empty price so the caller shows its translated "price on request".
 */
export function formatPrice(
  price: number | string | null | undefined,
  currency: Currency | string = 'YER',
  locale: Lang = 'en',
): string | null {
  if (price === null || price === undefined || price === '') return null;
  const value = typeof price === 'string' ? Number(price) : price;
  if (!Number.isFinite(value)) return null;
  // A code Intl would reject: the amount and whatever the listing says.
  if (!CURRENCY_CODE.test(currency)) return `${groupDigits(value)} ${currency}`;
  const code = currency.toUpperCase();
  const digits = groupDigits(Math.abs(value));
  const minus = negative(value) ? '-' : '';
  if (locale === 'ar') return `${RLM}${minus ? LRM + minus : ''}${digits}${NBSP}${code === 'USD' ? 'US$' : code}`;
  return code === 'USD' ? `${minus}$${digits}` : `${minus}${code}${NBSP}${digits}`;
}
