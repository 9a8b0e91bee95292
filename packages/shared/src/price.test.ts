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
});
