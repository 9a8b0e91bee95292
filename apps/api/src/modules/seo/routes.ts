/**
 * Search engines and link previews (DESIGN §6): share tags on /property-details/{id}, /sitemap.xml and
 * /robots.txt. Registered by plugins/web.ts next to the web app (these are site paths, not /api/v1).
 * Every absolute URL here comes from app.deps.publicUrl() (PUBLIC_URL, else http://localhost:PORT), never from
 * the request's Host or X-Forwarded-* headers, which any client can forge.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isPublic, isPublicListing, readListing } from '../listings/read.js';
import { NO_INDEX, shareHead, shareInfo } from './share.js';
import { buildSitemap, buildSitemapIndex, STATIC_PAGES, type SitemapEntry } from './sitemap.js';
import type { Lang } from '@manzil/shared';

/** Listings per sitemap file: each listing is two <url> entries (ar, en); the protocol allows 50,000. */
export const LISTINGS_PER_SITEMAP = 20_000;

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/** What a page adds to its <head> beyond what the app renders: share tags, or a noindex. */
export type PageHead = (pathname: string, lang: Lang) => Promise<{ title?: string; head: string } | null>;

export async function registerSeo(app: FastifyInstance, opts: { distDir: string }): Promise<PageHead> {
  const { db, storage } = app.deps;
  const siteIcon = fs.existsSync(path.join(opts.distDir, 'icons', 'icon-512.png')) ? '/icons/icon-512.png' : null;

  const pageHead: PageHead = async (pathname, lang) => {
    const m = /^\/property-details\/(\d+)\/?$/i.exec(pathname);
    if (!m) return null;
    const id = Number(m[1]);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return { head: NO_INDEX };
    const listing = await readListing(db, storage, id);
    // Only public listings (DESIGN §5, isPublicListing); others get no details at all.
    if (!listing || !isPublicListing(listing)) return { head: NO_INDEX };
    const base = app.deps.publicUrl();
    const info = shareInfo(listing, base, lang, siteIcon ? base + siteIcon : null);
    return { title: info.title, head: shareHead(info) };
  };

  const publicCount = async () =>
    Number((await db.selectFrom('listings').select((eb) => eb.fn.countAll().as('n')).where(isPublic).executeTakeFirstOrThrow()).n);

  const listingEntries = async (page: number): Promise<SitemapEntry[]> => {
    const rows = await db
      .selectFrom('listings')
      .select(['id', 'updated_at'])
      .where(isPublic)
      .orderBy('id', 'desc')
      .limit(LISTINGS_PER_SITEMAP)
      .offset(page * LISTINGS_PER_SITEMAP)
      .execute();
    return rows.map((r) => ({ path: `/property-details/${r.id}`, lastmod: day(r.updated_at), changefreq: 'weekly', priority: 0.8 }));
  };

  const staticEntries = async (): Promise<SitemapEntry[]> => {
    const newest = await db.selectFrom('listings').select((eb) => eb.fn.max('updated_at').as('m')).where(isPublic).executeTakeFirst();
    const fresh = newest?.m ? day(newest.m as Date) : null;
    return STATIC_PAGES.map((p) => ({ ...p, lastmod: p.lastmod ?? fresh ?? undefined }));
  };

  const sendXml = (reply: import('fastify').FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const base = app.deps.publicUrl();
    const total = await publicCount();
    if (total <= LISTINGS_PER_SITEMAP) {
      return sendXml(reply, buildSitemap(base, [...(await staticEntries()), ...(await listingEntries(0))]));
    }
    // Too many for one file: an index pointing at the static pages and pages of listings.
    const files = ['/sitemap-pages.xml'];
    for (let i = 0; i * LISTINGS_PER_SITEMAP < total; i++) files.push(`/sitemap-listings-${i + 1}.xml`);
    return sendXml(reply, buildSitemapIndex(base, files, day(new Date())));
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_req, reply) =>
    sendXml(reply, buildSitemap(app.deps.publicUrl(), await staticEntries())),
  );

  app.get<{ Params: { n: string } }>('/sitemap-listings-:n.xml', { schema: { hide: true } }, async (req, reply) => {
    const n = Number(req.params.n);
    if (!/^\d{1,6}$/.test(req.params.n) || n < 1) return reply.status(404).type('text/plain').send('Not Found');
    const entries = await listingEntries(n - 1);
    if (entries.length === 0) return reply.status(404).type('text/plain').send('Not Found');
    return sendXml(reply, buildSitemap(app.deps.publicUrl(), entries));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin/',
      'Disallow: /my-properties',
      'Disallow: /add-property',
      'Disallow: /edit-property',
      'Disallow: /profile',
      '',
      `Sitemap: ${app.deps.publicUrl()}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(lines.join('\n'));
  });
  return pageHead;
}
