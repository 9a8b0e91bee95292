import { describe, expect, it } from 'vitest';
import { compose, linkIn } from './templates.js';

const SEPARATOR = '----------------------------------------';

describe('links of the mails in each half\'s language', () => {
  it('adds ?lang=en to the English half\'s links and none to the Arabic half\'s, keeping the rest of the address', () => {
    expect(linkIn('https://manzil.example/property-details/5', 'en')).toBe('https://manzil.example/property-details/5?lang=en');
    expect(linkIn('https://manzil.example/property-details/5', 'ar')).toBe('https://manzil.example/property-details/5');
    // Other parameters kept as they were encoded (a reset link's token and e-mail), a #fragment after the query.
    const reset = 'http://localhost:8000/reset-password?token=Ab_-9&email=a%2Bb%40example.test';
    expect(linkIn(reset, 'en')).toBe(`${reset}&lang=en`);
    expect(linkIn(reset, 'ar')).toBe(reset);
    expect(linkIn('https://manzil.example/my-properties#listing-7', 'en')).toBe('https://manzil.example/my-properties?lang=en#listing-7');
    // A lang already there (the expiry reminder's renewUrl) is replaced, never doubled.
    expect(linkIn('https://manzil.example/my-properties?lang=en#listing-7', 'en')).toBe('https://manzil.example/my-properties?lang=en#listing-7');
    expect(linkIn('https://manzil.example/favorites?lang=en', 'ar')).toBe('https://manzil.example/favorites');
    expect(linkIn('https://manzil.example/x?a=1&lang=ar&b=2', 'en')).toBe('https://manzil.example/x?a=1&b=2&lang=en');
    // Not a web address of ours: as is.
    expect(linkIn('mailto:info@manzil.example', 'en')).toBe('mailto:info@manzil.example');
    expect(linkIn('/relative', 'en')).toBe('/relative');
  });

  it('compose gives each half its own link, in the text and the HTML, whichever half comes first', () => {
    for (const first of ['ar', 'en'] as const) {
      const mail = compose(
        'Subject',
        { heading: 'عنوان', lines: ['سطر'], link: { label: 'الرابط', url: 'https://manzil.example/contact' } },
        { heading: 'Heading', lines: ['Line'], link: { label: 'The link', url: 'https://manzil.example/contact' } },
        first,
      );
      expect(mail.text.split(SEPARATOR)).toHaveLength(2);
      expect(mail.text).toContain('الرابط: https://manzil.example/contact\n');
      expect(mail.text).toContain('The link: https://manzil.example/contact?lang=en\n');
      expect(mail.html).toMatch(/<div dir="rtl" lang="ar"[^>]*>.*<a href="https:\/\/manzil\.example\/contact">الرابط<\/a>/);
      expect(mail.html).toMatch(/<div dir="ltr" lang="en"[^>]*>.*<a href="https:\/\/manzil\.example\/contact\?lang=en">The link<\/a>/);
    }
    // Another site's link is given as is.
    const other = compose('S', { heading: 'ع', lines: [] }, { heading: 'H', lines: [], link: { label: 'Elsewhere', url: 'https://example.org/a?b=1', external: true } }, 'en');
    expect(other.text).toContain('Elsewhere: https://example.org/a?b=1\n');
  });
});
