import type { ListingRead } from '@manzil/shared';
import type { AppLanguage } from '../../../i18n/config';
import { placeLine } from '../../../components/listing-card/display';
import { formatMediumDate } from '../../../i18n/dates';

/** Shared wording of listing facts on the admin screens, in the current language. */
export const titleOf = (l: ListingRead, lang: AppLanguage) => (lang === 'ar' ? l.title_ar || l.title_en : l.title_en || l.title_ar);

/** The whole place path, village to governorate (a reviewer checks it against the map), each name once. */
export function placeOf(l: ListingRead, lang: AppLanguage): string | null {
  const p = l.property;
  return placeLine([p.village, p.uzlah, p.district ?? p.city, p.governorate], lang) || null;
}

export const dateOf = (iso: string | null, lang: AppLanguage) => (iso ? formatMediumDate(new Date(iso), lang) : '—');

export const dateTimeOf = (iso: string, lang: AppLanguage) => formatMediumDate(new Date(iso), lang, true);

export const STATUS_BADGE: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };
