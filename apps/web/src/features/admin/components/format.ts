import type { ListingRead } from '@manzil/shared';
import type { AppLanguage } from '../../../i18n/config';

/** Shared wording of listing facts on the admin screens, in the current language. */
export const titleOf = (l: ListingRead, lang: AppLanguage) => (lang === 'ar' ? l.title_ar || l.title_en : l.title_en || l.title_ar);

export function placeOf(l: ListingRead, lang: AppLanguage): string | null {
  const p = l.property;
  const names = [p.village, p.uzlah, p.district ?? p.city, p.governorate]
    .filter((x): x is NonNullable<typeof x> => Boolean(x))
    .map((x) => (lang === 'ar' ? x.name_ar : x.name_en));
  return names.length ? [...new Set(names)].slice(0, 2).join(lang === 'ar' ? '، ' : ', ') : null;
}

export const dateOf = (iso: string | null, lang: AppLanguage) =>
  iso ? new Date(iso).toLocaleDateString(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

export const dateTimeOf = (iso: string, lang: AppLanguage) =>
  new Date(iso).toLocaleString(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const STATUS_BADGE: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };
