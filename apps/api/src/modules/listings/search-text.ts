/**
 * The normalised text a listing is found by: titles, descriptions, addresses and place names in both
 * languages (DESIGN §5), stored in listings.search_text; its words (listings.search_words) are indexed.
 */
import { LISTING_TYPE_LABELS, PROPERTY_TYPE_LABELS, normalizeText, toUsd, type ListingType, type PropertyType } from '@manzil/shared';
import type { Database } from '../../db/client.js';

/** English and Arabic names of a location chain, governorate first, read for a write (works inside a transaction). */
export async function locationNameParts(
  db: Database,
  p: { governorate_id?: number | null; district_id?: number | null; uzlah_id?: number | null; village_id?: number | null },
): Promise<string[]> {
  const out: string[] = [];
  const add = (r?: { name_en: string; name_ar: string }) => r && out.push(r.name_en, r.name_ar);
  if (p.governorate_id) add(await db.selectFrom('governorates').select(['name_en', 'name_ar']).where('id', '=', p.governorate_id).executeTakeFirst());
  if (p.district_id) add(await db.selectFrom('districts').select(['name_en', 'name_ar']).where('id', '=', p.district_id).executeTakeFirst());
  if (p.uzlah_id) add(await db.selectFrom('uzaal').select(['name_en', 'name_ar']).where('id', '=', p.uzlah_id).executeTakeFirst());
  if (p.village_id) add(await db.selectFrom('villages').select(['name_en', 'name_ar']).where('id', '=', p.village_id).executeTakeFirst());
  return out;
}

/**
 * The type and deal in both languages ("فيلا", "Villa", "للبيع", "For Sale"), the last parts of every listing's
 * text, so that "فيلا للبيع" or "flat for rent" find what they say whatever the owner wrote (issue 24;
 * migration 011 appended them to the listings written before).
 */
export function typeWords(listingType: ListingType, propertyType: PropertyType): string[] {
  const p = PROPERTY_TYPE_LABELS[propertyType];
  const l = LISTING_TYPE_LABELS[listingType];
  return [p.ar, p.en, l.ar, l.en];
}

export function buildSearchText(parts: (string | null | undefined)[]): string {
  return normalizeText(parts.filter(Boolean).join(' \u2022 ')).slice(0, 20_000);
}

/** Price in USD for filtering across currencies (DESIGN §5). */
export function priceUsd(price: number | null | undefined, currency: string, rates: Record<string, number>): number | null {
  if (price == null) return null;
  return Math.round(toUsd(price, currency, rates) * 100) / 100;
}

/**
 * Free text as a visitor types it → the terms a listing must all contain (DESIGN §5, issue 24): normalised,
 * in any order, anywhere in its text. Words that say nothing ("in", "with", "في", "على") are dropped unless
 * nothing else is left, and each word is cut to a light stem so that the forms of a word in a description
 * meet: "البحرية" → "بحر" (finds "البحر", "بحرية"), "إطلالة" → "اطلال" (finds "بإطلالة"), "views" → "view".
 * At most MAX_TERMS terms.
 */
const MAX_TERMS = 8;
const STOPWORDS = new Set([
  'a', 'an', 'the', 'in', 'on', 'at', 'of', 'with', 'and', 'or', 'for', 'to', 'by', 'eg',
  // Normalised Arabic: في، على، مع، من، إلى، عن، أو، و، ذات، مثال
  'في', 'علي', 'مع', 'من', 'الي', 'عن', 'او', 'و', 'ذات', 'مثال',
]);
/** The article with the particles that join it (و، ف، ب، ك + ال, and لل = ل + ال), longest first. */
const ARTICLES = ['وال', 'فال', 'بال', 'كال', 'لل', 'ال'];
/** Endings cut from an Arabic query word: نسبة + تاء (بحرية), تاء مربوطة (إطلالة), feminine plural (مكيفات). */
const ARABIC_ENDINGS = ['يه', 'ات', 'ه'];
const ARABIC = /[\u0621-\u06ff]/;
/** A stem keeps at least this many letters ("شقة" stays "شقه", "حدة" stays "حده"). */
const MIN_STEM = 3;

export function stemTerm(word: string): string {
  let w = word;
  if (ARABIC.test(w)) {
    const article = ARTICLES.find((a) => w.startsWith(a) && w.length - a.length >= MIN_STEM);
    if (article) w = w.slice(article.length);
    const ending = ARABIC_ENDINGS.find((e) => w.endsWith(e) && w.length - e.length >= MIN_STEM);
    if (ending) w = w.slice(0, -ending.length);
  } else if (/^[a-z]{4,}s$/.test(w) && !w.endsWith('ss')) {
    w = w.slice(0, -1);
  }
  return w;
}

export function searchTerms(text: string | undefined): string[] {
  const words = normalizeText(text ?? '').split(' ').filter(Boolean);
  // A lone letter (the "e" of "e.g.", a stray "و") says nothing either; a lone digit does ("3 غرف").
  const meaningful = words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const terms = (meaningful.length ? meaningful : words).map(stemTerm);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** A letter or digit of the normalised text: anything else (a space, "•", "!") ends a word. */
const WORD_CHAR = '0-9a-z\u0621-\u06ff';
/** What may stand before an Arabic word's stem: و or ف, then ب, ك or ل, or the article with them (see ARTICLES). */
const ARABIC_PREFIX = '[وف]?(?:[بكل]?ال|لل|[بكل])?';

/**
 * A PostgreSQL regular expression true where a word of the text starts with the term (after the particles an
 * Arabic word may carry): "حده" finds "حدة" and "بحدة" but not "الوحدة"; "sea" finds "sea" and "seaside" but
 * not "chelsea". The definition of a text match; search asks it through `termQuery` and the GIN over the words.
 */
export function wordStartPattern(term: string): string {
  const t = term.replace(REGEX_SPECIAL, '\\$&');
  return `(?:^|[^${WORD_CHAR}])${ARABIC.test(term) ? ARABIC_PREFIX : ''}${t}`;
}

/** The longest word listings.search_words keeps (migration 038). */
const MAX_WORD = 255;
const WORD_ONLY = new RegExp(`^[${WORD_CHAR}]+$`);
const NOT_WORD = new RegExp(`[^${WORD_CHAR}]+`);

/**
 * The term as a query of listings.search_words (migration 038): a word starting with it, `'term':*`, or for an
 * Arabic term also a word that does once a prefix is off, `'~term':*`; the same listings as `wordStartPattern`.
 * A term the words cannot answer alone (a sign inside it, as "3+", or longer than a kept word) asks for its
 * parts there, which the index answers, and for the pattern over search_text, which decides.
 */
export function termQuery(term: string): { words: string | null; pattern: string | null } {
  const prefixed = ARABIC.test(term);
  const starts = (w: string) => (prefixed ? `('${w}':* | '~${w}':*)` : `'${w}':*`);
  if (WORD_ONLY.test(term) && term.length <= MAX_WORD) return { words: starts(term), pattern: null };
  const parts = term.split(NOT_WORD).filter(Boolean).map((w) => w.slice(0, MAX_WORD));
  return { words: parts.length > 0 ? parts.map(starts).join(' & ') : null, pattern: wordStartPattern(term) };
}
