import { describe, expect, it } from 'vitest';
import { formatPrice, fromUsd, groupDigits, toUsd } from './price.js';

const rates = { USD: 1, SAR: 3.75, YER: 530 };

describe('prices', () => {
  it('converts through USD', () => {
    expect(toUsd(530_000, 'YER', rates)).toBeCloseTo(1000);
    expect(toUsd(375, 'SAR', rates)).toBeCloseTo(100);
    expect(fromUsd(10, 'YER', rates)).toBe(5300);
    expect(() => toUsd(1, 'EUR', rates)).toThrow();
  });
  it('formats in the listing currency with Western digits in both languages', () => {
    expect(formatPrice(150000, 'USD', 'en')).toBe('$150,000');
    const ar = formatPrice(150000, 'YER', 'ar')!;
    expect(ar).toMatch(/150,000|150٬000/);
    expect(ar).not.toMatch(/[٠-٩]/);
    expect(formatPrice(null, 'USD')).toBeNull();
    expect(formatPrice('', 'USD')).toBeNull();
  });
  it('writes what Intl.NumberFormat writes for every currency and language, without Intl', () => {
    const intl = (value: number, currency: string, locale: 'ar' | 'en') =>
      new Intl.NumberFormat(locale === 'ar' ? 'ar-YE-u-nu-latn' : 'en-US', {
        style: 'currency',
        currency,
        currencyDisplay: currency.toUpperCase() === 'USD' ? 'symbol' : 'code',
        maximumFractionDigits: 0,
      }).format(value);
    const values = [0, 1, 5, 12, 999, 1000, 1500, 12_345, 180_000, 999_999.5, 1_234_567.6, 25_000_000_000, 0.4, 0.5, 2.5, -42, -2.5, -1_500, -0.4];
    for (const locale of ['ar', 'en'] as const)
      for (const currency of ['YER', 'USD', 'SAR', 'usd', 'EUR'])
        for (const v of values) expect(formatPrice(v, currency, locale), `${v} ${currency} ${locale}`).toBe(intl(v, currency, locale));
    expect(formatPrice('180000', 'YER', 'ar')).toBe(intl(180000, 'YER', 'ar'));
    expect(formatPrice(Number.NaN, 'USD')).toBeNull();
    // A code Intl rejects still shows the amount and the code.
    expect(formatPrice(1500, 'XX', 'en')).toBe('1,500 XX');
    expect(formatPrice(1500, 'US$', 'ar')).toBe('1,500 US$');
  });
  it('groups whole numbers as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const v of [0, 7, 42, 999, 1000, 65_536, 1_000_000, 123_456_789.49, 2 ** 53, 1e21, -0, -3.5, -12_000])
      expect(groupDigits(v), String(v)).toBe(intl.format(v));
  });
});
