/**
 * Share previews for /property-details/{id} (DESIGN §6): the server puts the listing's title, description,
 * canonical URL, Open Graph / Twitter image tags and schema.org JSON-LD into index.html, so links pasted
 * into WhatsApp, Facebook or a search engine show the property without running the app.
 * Pure functions: everything that comes from a user is HTML-escaped here.
 */
import { DETAILS_PHOTO_SIZES, formatPrice, listingKind, type ListingRead, type Lang } from '@manzil/shared';
import { escapeHtml } from '../../lib/html.js';

/** JSON safe inside <script>: no "</script>", no "<!--", no line separators that break old parsers. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line, at most `max` characters, cut at a word boundary. */
export function summarize(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trim()}…`;
}

export function absoluteUrl(base: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The English page is the same path with ?lang=en (index.html's start-up script honours it). */
export function pageUrl(base: string, pathname: string, lang: Lang): string {
  return `${base}${pathname}${lang === 'en' ? '?lang=en' : ''}`;
}

const SCHEMA_TYPE: Record<string, string> = {
  APARTMENT: 'Apartment',
  HOUSE: 'House',
  VILLA: 'House',
  LAND: 'Place',
  OFFICE: 'Place',
  COMMERCIAL_SPACE: 'Place',
};

/** The image variant closest to the 1200 px Open Graph likes (never upscaled). */
function shareImage(listing: ListingRead) {
  const first = listing.media[0];
  if (!first) return null;
  const variants = [...first.variants].sort((a, b) => a.width - b.width);
  const pick = variants.find((v) => v.width >= 1200) ?? variants[variants.length - 1];
  if (!pick) return { url: first.file_url, width: first.width, height: first.height };
  return { url: pick.url, width: pick.width, height: Math.round((pick.width * first.height) / Math.max(1, first.width)) };
}

/** A media URL as the web app writes it into <img> (api/client.ts mediaUrl): site-relative with a leading slash. */
function pageMediaUrl(url: string): string {
  return /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `/${url}`;
}

/**
 * The cover photo exactly as the details page's carousel asks for it (same src, srcset and sizes), so a
 * `<link rel=preload>` in the HTML downloads it while the app's JavaScript is still loading and the page
 * then reuses that download: the photo is the page's largest paint on a phone.
 */
export function coverPhoto(listing: ListingRead): { href: string; srcset: string; sizes: string } | null {
  const first = listing.media[0];
  if (!first) return null;
  const variants = [...(first.variants ?? [])].sort((a, b) => a.width - b.width);
  const pick = variants.find((v) => v.width >= 960) ?? variants[variants.length - 1];
  return {
    href: pageMediaUrl(pick?.url ?? first.file_url),
    srcset: variants.map((v) => `${pageMediaUrl(v.url)} ${v.width}w`).join(', '),
    sizes: DETAILS_PHOTO_SIZES,
  };
}

export interface ShareInfo {
  title: string;
  description: string;
  canonical: string;
  alternates: { ar: string; en: string };
  image: { url: string; width: number; height: number } | null;
  jsonLd: Record<string, unknown>;
  lang: Lang;
  cover: ReturnType<typeof coverPhoto>;
}

export function shareInfo(listing: ListingRead, base: string, lang: Lang, siteImage: string | null): ShareInfo {
  const p = listing.property;
  const path = `/property-details/${listing.id}`;
  const name = (lang === 'ar' ? listing.title_ar || listing.title_en : listing.title_en || listing.title_ar).trim();
  const placeName = (pl: { name_en: string; name_ar: string } | null) => (pl ? (lang === 'ar' ? pl.name_ar : pl.name_en) : null);
  const where = [placeName(p.district), placeName(p.governorate)].filter(Boolean).join(lang === 'ar' ? '، ' : ', ');
  const price = formatPrice(listing.price, listing.currency, lang) ?? (lang === 'ar' ? 'السعر عند الطلب' : 'Price on request');
  const facts = [
    listingKind(p.property_type, listing.listing_type, lang),
    listing.listing_type === 'FOR_RENT' && listing.price != null ? `${price} ${lang === 'ar' ? 'شهريًا' : 'per month'}` : price,
    where,
    p.bedrooms != null ? (lang === 'ar' ? `${p.bedrooms} غرف نوم` : `${p.bedrooms} bedrooms`) : '',
    p.area_sqm != null ? (lang === 'ar' ? `${p.area_sqm} م²` : `${p.area_sqm} m²`) : '',
  ].filter(Boolean);
  const body = (lang === 'ar' ? listing.description_ar || listing.description_en : listing.description_en || listing.description_ar) ?? '';
  const description = summarize(`${facts.join(' · ')}. ${body}`, 200);
  const image = shareImage(listing);
  const imageAbs = image ? { ...image, url: absoluteUrl(base, image.url) } : null;
  const canonical = pageUrl(base, path, lang);

  const offerAvailability =
    listing.availability === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut';
  const item: Record<string, unknown> = {
    '@type': SCHEMA_TYPE[p.property_type] ?? 'Place',
    name,
    address: {
      '@type': 'PostalAddress',
      addressCountry: 'YE',
      ...(p.governorate ? { addressRegion: placeName(p.governorate) } : {}),
      ...(p.district ? { addressLocality: placeName(p.district) } : {}),
      ...((lang === 'ar' ? p.address_details_ar : p.address_details_en) ? { streetAddress: lang === 'ar' ? p.address_details_ar : p.address_details_en } : {}),
    },
    ...(p.latitude != null && p.longitude != null ? { geo: { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude } } : {}),
    ...(p.area_sqm != null ? { floorSize: { '@type': 'QuantitativeValue', value: p.area_sqm, unitCode: 'MTK' } } : {}),
    ...(p.bedrooms != null && SCHEMA_TYPE[p.property_type] !== 'Place' ? { numberOfBedrooms: p.bedrooms } : {}),
    ...(p.bathrooms != null && SCHEMA_TYPE[p.property_type] !== 'Place' ? { numberOfBathroomsTotal: p.bathrooms } : {}),
    ...(p.build_year != null && SCHEMA_TYPE[p.property_type] !== 'Place' ? { yearBuilt: p.build_year } : {}),
  };
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    '@id': canonical,
    url: canonical,
    name,
    description: summarize(body || description, 500),
    inLanguage: lang,
    datePosted: listing.posted_at ?? listing.created_at,
    dateModified: listing.updated_at,
    ...(listing.media.length ? { image: listing.media.slice(0, 10).map((m) => absoluteUrl(base, m.file_url)) } : {}),
    about: item,
    offers: {
      '@type': 'Offer',
      businessFunction: listing.listing_type === 'FOR_RENT' ? 'https://purl.org/goodrelations/v1#LeaseOut' : 'https://purl.org/goodrelations/v1#Sell',
      availability: offerAvailability,
      ...(listing.price != null ? { price: listing.price, priceCurrency: listing.currency } : {}),
      itemOffered: item,
      url: canonical,
    },
  };
  return {
    title: `${name} | ${lang === 'ar' ? 'منزل' : 'Manzil'}`,
    description,
    canonical,
    alternates: { ar: pageUrl(base, path, 'ar'), en: pageUrl(base, path, 'en') },
    image: imageAbs ?? (siteImage ? { url: siteImage, width: 512, height: 512 } : null),
    jsonLd,
    lang,
    cover: coverPhoto(listing),
  };
}

/** The head of a listing's page: its description, share tags, canonical and alternates, JSON-LD, the cover's preload. */
export function shareHead(info: ShareInfo): string {
  const e = escapeHtml;
  const hasPhoto = Boolean(info.image && info.image.width > 512);
  // The preload goes first, ahead of the stylesheets and scripts, so the photo starts at once.
  const preload = info.cover
    ? [`<link rel="preload" as="image" href="${e(info.cover.href)}"${info.cover.srcset ? ` imagesrcset="${e(info.cover.srcset)}" imagesizes="${e(info.cover.sizes)}"` : ''} fetchpriority="high" />`]
    : [];
  return [
    ...preload,
    `<meta name="description" content="${e(info.description)}" />`,
    `<link rel="canonical" href="${e(info.canonical)}" />`,
    `<link rel="alternate" hreflang="ar" href="${e(info.alternates.ar)}" />`,
    `<link rel="alternate" hreflang="en" href="${e(info.alternates.en)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${e(info.alternates.ar)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${info.lang === 'ar' ? 'منزل' : 'Manzil'}" />`,
    `<meta property="og:locale" content="${info.lang === 'ar' ? 'ar_YE' : 'en_US'}" />`,
    `<meta property="og:title" content="${e(info.title)}" />`,
    `<meta property="og:description" content="${e(info.description)}" />`,
    `<meta property="og:url" content="${e(info.canonical)}" />`,
    ...(info.image
      ? [
          `<meta property="og:image" content="${e(info.image.url)}" />`,
          `<meta property="og:image:width" content="${info.image.width}" />`,
          `<meta property="og:image:height" content="${info.image.height}" />`,
          `<meta property="og:image:alt" content="${e(info.title)}" />`,
          `<meta name="twitter:image" content="${e(info.image.url)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${hasPhoto ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(info.title)}" />`,
    `<meta name="twitter:description" content="${e(info.description)}" />`,
    // A data block, not a script: no Content-Security-Policy entry needed.
    `<script type="application/ld+json">${jsonForScript(info.jsonLd)}</script>`,
  ].join('\n    ');
}

/** Every other page's description, in its language. */
export const SITE_DESCRIPTION: Record<Lang, string> = {
  ar: 'منزل — سوق عقارات اليمن: شقق وبيوت وفلل وأراضٍ ومكاتب للبيع والإيجار.',
  en: "Manzil — Yemen's real-estate marketplace: homes, land and offices for sale and rent.",
};

/** A listing page the public may not see: keep it out of search engines, say nothing about it. */
export const NO_INDEX = '<meta name="robots" content="noindex" />';
