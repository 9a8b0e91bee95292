import type { Currency } from './enums.js';

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

/**
 * One formatter per language and currency: building an Intl.NumberFormat costs far more than formatting with
 * it (a card list or the price menu would otherwise build dozens on a phone's first render).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(tag: string, currency: string): Intl.NumberFormat {
  const key = `${tag}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      currencyDisplay: currency === 'USD' ? 'symbol' : 'code',
      maximumFractionDigits: 0,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Price in the listing's own currency with Western digits in both languages (DESIGN §5).
 * Returns null for an empty price so the caller shows its translated "price on request".
 */
export function formatPrice(
  price: number | string | null | undefined,
  currency: Currency | string = 'YER',
  locale: 'ar' | 'en' = 'en',
): string | null {
  if (price === null || price === undefined || price === '') return null;
  const value = typeof price === 'string' ? Number(price) : price;
  if (!Number.isFinite(value)) return null;
  const tag = locale === 'ar' ? 'ar-YE-u-nu-latn' : 'en-US';
  try {
    return currencyFormatter(tag, currency).format(value);
  } catch {
    // A currency code Intl does not know (nothing is cached for it).
    return `${value.toLocaleString('en-US')} ${currency}`;
  }
}
