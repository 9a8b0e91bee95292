/**
 * sitemap.xml (sitemaps.org 0.9) with both languages of every page: the Arabic URL and the English one
 * (?lang=en) are each a <url>, and each names the other as an hreflang alternate (Google's recommendation).
 */
import { escapeHtml } from '../../lib/html.js';
import { pageUrl } from './share.js';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

/** The date the legal texts were last updated (spec §1 footer: 4 September 2025). */
export const LEGAL_UPDATED = '2025-09-04';

/** Public pages with content of their own. Sign-in, owner and admin screens and sample variants are left out. */
export const STATIC_PAGES: SitemapEntry[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/property', changefreq: 'daily', priority: 0.9 },
  { path: '/search-list', changefreq: 'daily', priority: 0.7 },
  { path: '/search-map', changefreq: 'daily', priority: 0.6 },
  { path: '/recent-properties', changefreq: 'daily', priority: 0.7 },
  { path: '/properties-by-city', changefreq: 'daily', priority: 0.7 },
  { path: '/faq', changefreq: 'monthly', priority: 0.5, lastmod: LEGAL_UPDATED },
  { path: '/about', changefreq: 'monthly', priority: 0.5, lastmod: LEGAL_UPDATED },
  { path: '/contact', changefreq: 'yearly', priority: 0.4, lastmod: LEGAL_UPDATED },
  { path: '/advisor', changefreq: 'monthly', priority: 0.4, lastmod: LEGAL_UPDATED },
  { path: '/news', changefreq: 'monthly', priority: 0.4, lastmod: LEGAL_UPDATED },
  { path: '/privacy-policy', changefreq: 'yearly', priority: 0.3, lastmod: LEGAL_UPDATED },
  { path: '/terms-of-service', changefreq: 'yearly', priority: 0.3, lastmod: LEGAL_UPDATED },
  { path: '/facebook-data-deletion', changefreq: 'yearly', priority: 0.2, lastmod: LEGAL_UPDATED },
];

export function buildSitemap(base: string, entries: SitemapEntry[]): string {
  const e = escapeHtml;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const ar = pageUrl(base, entry.path, 'ar');
    const en = pageUrl(base, entry.path, 'en');
    const alternates = [
      `    <xhtml:link rel="alternate" hreflang="ar" href="${e(ar)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${e(en)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${e(ar)}"/>`,
    ];
    for (const loc of [ar, en]) {
      out.push('  <url>', `    <loc>${e(loc)}</loc>`);
      if (entry.lastmod) out.push(`    <lastmod>${e(entry.lastmod)}</lastmod>`);
      if (entry.changefreq) out.push(`    <changefreq>${entry.changefreq}</changefreq>`);
      if (entry.priority != null) out.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
      out.push(...alternates, '  </url>');
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

export function buildSitemapIndex(base: string, files: string[], lastmod: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((f) => `  <sitemap><loc>${escapeHtml(base + f)}</loc><lastmod>${lastmod}</lastmod></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
