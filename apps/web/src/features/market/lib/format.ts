import { groupDigits, type Lang } from '@manzil/shared';

const NBSP = '\u00a0';
const RLM = '\u200f';

/**
 * A price per m² in US dollars, written as formatPrice writes USD ("$1,250" in English, "‏1,250 US$" in Arabic),
 * with cents below 100 (a rent per m² a month is often a few dollars). By hand, not Intl: the page is rendered on
 * the server and hydrated, and plain JavaScript writes the same bytes on both sides (docs/architecture.md).
 */
export function formatUsdPerSqm(value: number, lang: Lang): string {
  const digits = value >= 100 ? groupDigits(value) : value.toFixed(value >= 10 ? 1 : 2);
  return lang === 'ar' ? `${RLM}${digits}${NBSP}US$` : `$${digits}`;
}
