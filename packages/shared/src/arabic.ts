/**
 * Arabic-aware text normalisation (DESIGN §5), used for indexing and for queries so that
 * "شقّة", "شقه" and "شقة" all meet, and number inputs accept Arabic-Indic digits.
 */
const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Replace Arabic-Indic (٠-٩) and Persian (۰-۹) digits with 0-9. */
export function toWesternDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    const base = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - base);
  });
}

export function normalizeText(input: string | null | undefined): string {
  if (!input) return '';
  return toWesternDigits(input)
    .normalize('NFC')
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .toLowerCase()
    // "Sa'dah" ~ "Sadah", "Al-Hodeidah" ~ "Al Hodeidah": apostrophes go, joiners become spaces.
    .replace(/['\u2019\u02BC`\u00B4]/g, '')
    .replace(/[-_.,،؛;:/\\|()[\]{}"]+/g, ' ')
    .replace(/[\s\u00A0]+/g, ' ')
    .trim();
}

/** Parse a user-typed number that may use Arabic-Indic digits and separators; NaN when not a number. */
export function parseLocalizedNumber(input: string | number | null | undefined): number {
  if (typeof input === 'number') return input;
  if (input == null) return Number.NaN;
  const s = toWesternDigits(String(input)).replace(/[\s,\u066C]/g, '').replace(/\u066B/g, '.');
  if (s === '') return Number.NaN;
  return Number(s);
}
