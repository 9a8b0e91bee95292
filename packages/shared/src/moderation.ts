import type { Lang } from './enums.js';

/**
 * Common reasons to reject a listing (issue 25), offered to the administrator in both languages. The reason sent
 * carries both, so the owner reads it whichever language they use; the administrator may add their own words.
 */
export const REJECTION_REASONS = {
  incomplete: { en: 'The description is incomplete or unclear.', ar: 'الوصف ناقص أو غير واضح.' },
  photos: { en: 'The photos are missing, unclear or not of this property.', ar: 'الصور ناقصة أو غير واضحة أو ليست لهذا العقار.' },
  price: { en: 'The price looks wrong or is in the wrong currency.', ar: 'السعر يبدو خاطئاً أو بعملة خاطئة.' },
  location: { en: 'The location on the map or the address is wrong.', ar: 'الموقع على الخريطة أو العنوان خاطئ.' },
  duplicate: { en: 'The same property is already listed.', ar: 'العقار نفسه معروض في إعلان آخر.' },
  notProperty: { en: 'This is not a property for sale or rent.', ar: 'هذا ليس عقاراً للبيع أو الإيجار.' },
  contact: { en: 'Contact details belong in your profile, not in the title, description or photos.', ar: 'بيانات التواصل مكانها ملفك الشخصي، لا العنوان أو الوصف أو الصور.' },
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

/** The reason text for the chosen common reasons (each in Arabic then English) and the administrator's own words. */
export function rejectionReasonText(chosen: readonly RejectionReason[], own: string): string {
  const lines = chosen.map((k) => `${REJECTION_REASONS[k].ar} — ${REJECTION_REASONS[k].en}`);
  if (own.trim()) lines.push(own.trim());
  return lines.join('\n');
}

/** Each common reason as it is stored (one line, "Arabic — English"), to its texts. */
const STORED_REASONS = new Map<string, { ar: string; en: string }>(
  Object.values(REJECTION_REASONS).map((r) => [`${r.ar} — ${r.en}`, r]),
);

/**
 * A stored rejection reason for a reader of `lang`: each line that is exactly one common reason as
 * rejectionReasonText stores it becomes that reason in the reader's language; every other line (the
 * administrator's own words) is kept as it is. Stored data stays bilingual; only its display changes.
 */
export function rejectionReasonIn(reason: string, lang: Lang): string {
  return reason
    .split('\n')
    .map((line) => STORED_REASONS.get(line.trim())?.[lang] ?? line)
    .join('\n');
}
