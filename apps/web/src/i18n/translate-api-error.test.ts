import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import arErrors from './locales/ar/errors.json';
import enErrors from './locales/en/errors.json';
import { translateApiError, translateError } from './translate-api-error';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'ar',
    fallbackLng: 'ar',
    resources: { ar: { errors: arErrors }, en: { errors: enErrors } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe('translateApiError', () => {
  it('translates a catalogue message by its key', () => {
    const ar = i18n.getFixedT('ar');
    const en = i18n.getFixedT('en');
    expect(translateApiError(ar, MESSAGES.networkError)).toBe(arErrors.networkError);
    expect(translateApiError(en, MESSAGES.networkError)).toBe(MESSAGES.networkError);
    expect(translateApiError(ar, MESSAGES.authRequired)).toBe(arErrors.authRequired);
  });

  it('translates "HTTP error! status: N" with the status', () => {
    expect(translateApiError(i18n.getFixedT('ar'), 'HTTP error! status: 502')).toBe('خطأ HTTP! الحالة: 502');
  });

  it('falls back to the raw text for unknown messages', () => {
    expect(translateApiError(i18n.getFixedT('ar'), 'Something the server said')).toBe('Something the server said');
  });

  it('gives a generic text for no message, and accepts errors', () => {
    const ar = i18n.getFixedT('ar');
    expect(translateApiError(ar, undefined)).toBe(arErrors.unknown);
    expect(translateError(ar, new Error(MESSAGES.notFound))).toBe(arErrors.notFound);
    expect(translateError(ar, { weird: true })).toBe(arErrors.unknown);
  });
});
