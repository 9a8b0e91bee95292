import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS, rejectionReasonText } from '@manzil/shared';
import { RejectionReasonText } from './RejectionReasonText';

const sentence = { ar: (reason: string) => `السبب المذكور: ${reason}`, en: (reason: string) => `Reason given: ${reason}` };
const html = (reason: string, lang: 'ar' | 'en') => renderToStaticMarkup(<RejectionReasonText reason={reason} lang={lang} sentence={sentence[lang]} />);

describe('RejectionReasonText', () => {
  const stored = rejectionReasonText(['photos', 'price'], 'The photos show another flat.');

  it('gives the common reasons in the reader\'s language only, each line its own, in its own direction', () => {
    const lines = (...l: string[]) => l.map((x) => `<span dir="auto">${x}</span>`).join('\n');
    expect(html(stored, 'ar')).toBe(
      `السبب المذكور: <span class="rejection-reason-lines" style="white-space:pre-line" data-testid="rejection-reason-lines">${lines(REJECTION_REASONS.photos.ar, REJECTION_REASONS.price.ar, 'The photos show another flat.')}</span>`,
    );
    expect(html(stored, 'en')).toBe(
      `Reason given: <span class="rejection-reason-lines" style="white-space:pre-line" data-testid="rejection-reason-lines">${lines(REJECTION_REASONS.photos.en, REJECTION_REASONS.price.en, 'The photos show another flat.')}</span>`,
    );
    expect(html(stored, 'ar')).not.toContain(REJECTION_REASONS.photos.en);
  });

  it('keeps the administrator\'s own words, escaped, and text after the reason in its sentence', () => {
    expect(renderToStaticMarkup(<RejectionReasonText reason={'<b>Wrong</b> map'} lang="en" sentence={(r) => `«${r}» said the admin`} />)).toBe(
      '«<span class="rejection-reason-lines" style="white-space:pre-line" data-testid="rejection-reason-lines"><span dir="auto">&lt;b&gt;Wrong&lt;/b&gt; map</span></span>» said the admin',
    );
  });
});
