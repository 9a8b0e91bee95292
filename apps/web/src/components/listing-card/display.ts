import { formatPrice, normalizeText, PROPERTY_TYPE_LABELS, telUrl, type ListingRead, type MediaItem, type Lang } from '@manzil/shared';
import { mediaUrl } from '../../api/client';

type Named = { name_en: string; name_ar: string } | null | undefined;

export const placeName = (p: Named, lang: Lang) => (p ? (lang === 'ar' ? p.name_ar || p.name_en : p.name_en || p.name_ar) : '');

/**
 * A place line, most precise place first ("Khor Maksar, Aden"): a name already said is left out, so a
 * district that is also the listing's city never reads "خور مكسر، خور مكسر".
 */
export function placeLine(places: Named[], lang: Lang): string {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const p of places) {
    const name = placeName(p, lang).trim();
    const key = normalizeText(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.join(lang === 'ar' ? '، ' : ', ');
}

export const listingTitle = (l: Pick<ListingRead, 'title_ar' | 'title_en'>, lang: Lang) =>
  (lang === 'ar' ? l.title_ar || l.title_en : l.title_en || l.title_ar) ?? '';

export const propertyTypeLabel = (type: keyof typeof PROPERTY_TYPE_LABELS, lang: Lang) => PROPERTY_TYPE_LABELS[type]?.[lang] ?? type;

/** "USD 1,200"-style text, or null for an empty price ("price on request"). */
export const priceText = (l: Pick<ListingRead, 'price' | 'currency'>, lang: Lang) => formatPrice(l.price, l.currency, lang);

/**
 * The widest copy a card offers. A card is at most ~390 CSS px wide; 960 px covers it at 2.5× and still looks sharp at
 * 3×, where offering the 1600 px copy had a phone of pixel ratio 2.6–3 fetch it for every card (about 2.5× the bytes).
 */
export const CARD_MAX_VARIANT_WIDTH = 960;

/** srcset of the WebP variants ("url 400w, url 960w, …"), none wider than `upTo` (the narrowest when all are). */
export function srcSet(item: Pick<MediaItem, 'variants'> | undefined, upTo = Infinity): string | undefined {
  if (!item?.variants?.length) return undefined;
  const sorted = [...item.variants].sort((a, b) => a.width - b.width);
  const offered = sorted.filter((v) => v.width <= upTo);
  return (offered.length > 0 ? offered : sorted.slice(0, 1)).map((v) => `${mediaUrl(v.url)} ${v.width}w`).join(', ');
}

/** The smallest variant at least `minWidth` wide, else the largest (undefined when there are none). */
export function variantAtLeast(item: Pick<MediaItem, 'variants'> | undefined, minWidth: number) {
  const sorted = [...(item?.variants ?? [])].sort((a, b) => a.width - b.width);
  return sorted.find((v) => v.width >= minWidth) ?? sorted[sorted.length - 1];
}

/** The smallest variant at least `minWidth` wide (else the largest), as the plain src. */
export function imageSrc(item: Pick<MediaItem, 'variants' | 'file_url'> | undefined, minWidth = 400): string | null {
  if (!item) return null;
  return mediaUrl(variantAtLeast(item, minWidth)?.url ?? item.file_url);
}

/** The owner's phone for the call link, or null. */
export function phoneHref(l: ListingRead): string | null {
  const phone = l.owner?.phone_number ?? l.owner?.phone ?? l.property?.owner?.phone_number ?? null;
  return phone ? telUrl(phone) : null;
}

export const ownerName = (l: ListingRead) => l.owner?.full_name || l.owner?.username || '';

/** City name: the read model's city (district, else governorate). */
export const cityName = (l: ListingRead, lang: Lang) => placeName(l.property?.city ?? l.property?.governorate, lang);
