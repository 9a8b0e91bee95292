import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMediumDate } from './dates';

describe('formatLongDate', () => {
  it('writes what Intl.DateTimeFormat writes (dateStyle long) in both languages, every month', () => {
    for (const [lang, tag] of [
      ['ar', 'ar-YE-u-nu-latn'],
      ['en', 'en-GB'],
    ] as const) {
      const local = new Intl.DateTimeFormat(tag, { dateStyle: 'long' });
      const utc = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
      for (let m = 0; m < 12; m++)
        for (const day of [1, 9, 10, 28]) {
          const d = new Date(2026, m, day, 13, 5);
          expect(formatLongDate(d, lang), d.toISOString()).toBe(local.format(d));
          const u = new Date(Date.UTC(1999 + m, m, day, 23, 59));
          expect(formatLongDate(u, lang, 'UTC'), u.toISOString()).toBe(utc.format(u));
        }
    }
  });
  it('matches the news pages\' former format (ar-u-nu-latn, day, month and year) too', () => {
    const f = new Intl.DateTimeFormat('ar-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(Date.UTC(2025, m, 3 + m));
      expect(formatLongDate(d, 'ar', 'UTC')).toBe(f.format(d));
    }
  });
  it('takes the language from a tag such as en-US or ar-YE', () => {
    const d = new Date(Date.UTC(2026, 10, 24));
    expect(formatLongDate(d, 'en-US', 'UTC')).toBe('24 November 2026');
    expect(formatLongDate(d, 'ar-YE', 'UTC')).toBe('24 نوفمبر 2026');
  });
});

describe('formatMediumDate', () => {
  it('names the month in Arabic as in English, never 07/12/2026', () => {
    const d = new Date('2026-12-07T09:05:00Z');
    for (const withTime of [false, true]) {
      const ar = formatMediumDate(d, 'ar', withTime);
      expect(ar).toContain('ديسمبر');
      expect(ar).not.toMatch(/\//);
      expect(formatMediumDate(d, 'en', withTime)).toContain('Dec 2026');
    }
    expect(formatMediumDate(d, 'ar', true)).toMatch(/\d{1,2}:05/);
  });
});
