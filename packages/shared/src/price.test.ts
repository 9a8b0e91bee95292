import { describe, expect, it } from 'vitest';
import { formatPrice, fromUsd, toUsd } from './price.js';

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
  it('keeps each language and currency apart when formatting one after another', () => {
    expect(formatPrice(1500, 'USD', 'en')).toBe('$1,500');
    expect(formatPrice(1500, 'SAR', 'en')).toMatch(/^SAR\s1,500$/);
    expect(formatPrice(1500, 'USD', 'en')).toBe('$1,500');
    expect(formatPrice(1500, 'SAR', 'ar')).not.toBe(formatPrice(1500, 'SAR', 'en'));
    expect(formatPrice(1500, 'SAR', 'ar')).toContain('1,500');
    // A code Intl rejects still shows the amount and the code, and leaves the others alone.
    expect(formatPrice(1500, 'XX', 'en')).toBe('1,500 XX');
    expect(formatPrice(2500, 'USD', 'en')).toBe('$2,500');
  });
});
