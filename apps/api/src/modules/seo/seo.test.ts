/**
 * Share pages, sitemap.xml and robots.txt over real HTTP, as a crawler or a chat app's link preview sees
 * them: the web plugin serves a minimal index.html from a temporary WEB_DIST_DIR.
 */
import fs from 'node:fs';
import nodeHttp from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../app.js';
import type { DB } from '../../db/types.js';
import { registerWeb } from '../../plugins/web.js';
import { LISTINGS_PER_SITEMAP } from './routes.js';
import { STATIC_PAGES } from './sitemap.js';
import { createTestDatabase, createUser, createWebTestApp, DB_KINDS, http, testConfig, testIndexHtml } from '../../../test/helpers.js';
import { insertListing, insertMedia } from '../../../test/fixtures.js';
import { DETAILS_PHOTO_SIZES } from '@manzil/shared';

const INDEX = testIndexHtml();

/** A strict little XML reader: enough to prove well-formedness and read the sitemap back. */
interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}
function parseXml(xml: string): XmlNode {
  let i = 0;
  const decl = /^<\?xml[^?]*\?>\s*/.exec(xml);
  if (!decl) throw new Error('missing XML declaration');
  i = decl[0].length;
  const decode = (s: string) => {
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(s)) throw new Error(`bad entity in ${s}`);
    if (/</.test(s)) throw new Error(`raw < in ${s}`);
    return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  };
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (stack.length) stack[stack.length - 1]!.text += decode(text);
    else if (text.trim()) throw new Error(`text outside the root: ${text}`);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    i = tag.lastIndex;
    const [, close, name, attrText, selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]}`);
      attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
    }
    const node: XmlNode = { name: name!, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1]!.children.push(node);
    else if (root) throw new Error('two root elements');
    else root = node;
    if (!selfClose) stack.push(node);
  }
  if (stack.length || !root) throw new Error('unclosed elements');
  return root;
}

function metaContent(html: string, attr: 'property' | 'name', key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html);
  return m ? m[1]! : null;
}

function jsonLd(html: string): any {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

/** A GET over node:http, which (unlike fetch) lets a test forge the Host header as any client can. */
function rawGet(base: string, pathname: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = nodeHttp.request(`${base}${pathname}`, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers a client or a proxy in front of us could forge. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': 'evil.test"><x', 'x-forwarded-proto': 'https' },
  { host: 'evil.example:8443', forwarded: 'host=evil.example;proto=https' },
];

/**
 * Every absolute URL a crawler or a link preview reads, fetched with `headers`: the details page's canonical,
 * hreflang alternates, og:url, og:image, twitter:image and the JSON-LD's URLs (both languages), every <loc>
 * and xhtml:link of sitemap.xml and sitemap-pages.xml, and robots.txt's Sitemap line.
 */
async function absoluteLinks(base: string, listingId: number, headers: Record<string, string>) {
  const pages = [
    await rawGet(base, `/property-details/${listingId}`, headers),
    await rawGet(base, `/property-details/${listingId}?lang=en`, headers),
  ];
  const sitemaps = [await rawGet(base, '/sitemap.xml', headers), await rawGet(base, '/sitemap-pages.xml', headers)];
  const robots = await rawGet(base, '/robots.txt', headers);
  const all: string[] = [];
  const found = { canonical: 0, ogUrl: 0, ogImage: 0, ld: 0, loc: 0, robots: 0 };
  for (const html of pages) {
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
    const ogUrl = metaContent(html, 'property', 'og:url');
    const ogImage = metaContent(html, 'property', 'og:image');
    for (const [k, v] of [['canonical', canonical], ['ogUrl', ogUrl], ['ogImage', ogImage]] as const) {
      if (v) {
        found[k] += 1;
        all.push(v);
      }
    }
    all.push(metaContent(html, 'name', 'twitter:image') ?? '');
    for (const m of html.matchAll(/<link rel="alternate" hreflang="[^"]*" href="([^"]*)"/g)) all.push(m[1]!);
    // Every http(s) URL in the JSON-LD except the schema.org vocabulary's own.
    const ld = JSON.stringify(jsonLd(html) ?? {});
    for (const m of ld.matchAll(/"(https?:\/\/[^"]*)"/g)) {
      if (!/^https:\/\/(schema\.org|purl\.org)(\/|$)/.test(m[1]!)) {
        found.ld += 1;
        all.push(m[1]!);
      }
    }
  }
  for (const xml of sitemaps) {
    const root = parseXml(xml);
    for (const u of root.children) {
      for (const c of u.children) {
        if (c.name === 'loc') {
          found.loc += 1;
          all.push(c.text);
        }
        if (c.name === 'xhtml:link') all.push(c.attrs.href!);
      }
    }
  }
  const sitemapLine = /^Sitemap: (.*)$/m.exec(robots)?.[1];
  if (sitemapLine) {
    found.robots += 1;
    all.push(sitemapLine);
  }
  // Each kind of link was there to check (two pages: canonical, og:url and og:image each twice).
  expect(found).toMatchObject({ canonical: 2, ogUrl: 2, ogImage: 2, robots: 1 });
  expect(found.ld).toBeGreaterThanOrEqual(4);
  expect(found.loc).toBeGreaterThan(20);
  return { all, raw: [...pages, ...sitemaps, robots].join('\n') };
}

describe.each(DB_KINDS)('seo (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Kysely<DB>;
  let url: string;
  /** Where absolute URLs point without PUBLIC_URL: localhost at the port listened on, whatever the request said. */
  let origin: string;
  let dist: string;
  let close: () => Promise<void>;
  let approvedId: number;
  let pendingId: number;
  let rejectedId: number;
  let inactiveId: number;
  let hostileId: number;
  let plainId: number;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-seo-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const config = testConfig({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
    const database = await createTestDatabase(kind);
    db = database.db;
    app = await buildApp({ config, database, logger: false });
    await registerWeb(app, { distDir: config.WEB_DIST_DIR, uploadsDir: config.uploadsDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    origin = `http://localhost:${(app.server.address() as { port: number }).port}`;
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    };

    const { user } = await createUser({ app, db });
    approvedId = await insertListing(db, user.id, {
      title_en: 'Sunny flat in Hadda',
      title_ar: 'شقة مشمسة في حدة',
      description_en: 'Three bedrooms, two bathrooms, close to schools.',
      description_ar: 'ثلاث غرف نوم وحمامان، قريبة من المدارس.',
      price: 65_000,
      currency: 'USD',
      bedrooms: 3,
      area_sqm: 140,
      latitude: 15.3,
      longitude: 44.19,
    });
    await insertMedia(db, approvedId, 0);
    await insertMedia(db, approvedId, 1);
    pendingId = await insertListing(db, user.id, { title_en: 'Secret pending villa', title_ar: 'فيلا معلقة سرية', status: 'pending' });
    await insertMedia(db, pendingId, 0);
    rejectedId = await insertListing(db, user.id, { title_en: 'Rejected shop', status: 'rejected' });
    inactiveId = await insertListing(db, user.id, { title_en: 'Hidden office', is_active: false });
    hostileId = await insertListing(db, user.id, {
      title_en: `</title><script>alert(1)</script> "quoted" & 'single' $& </script>`,
      title_ar: `</title><script>alert(1)</script>`,
      description_en: `<img src=x onerror=alert(1)> </script><script>alert(2)</script>`,
    });
    plainId = await insertListing(db, user.id, { title_en: 'Plot of land', property_type: 'LAND', price: null, listing_type: 'FOR_RENT' });
  });

  afterAll(async () => {
    await close?.();
  });

  it('puts the title, description, canonical URL, image tags and JSON-LD of an approved listing into the HTML', async () => {
    const res = await http(url, 'GET', `/property-details/${approvedId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html: string = res.body;
    expect(html).toContain('<title>شقة مشمسة في حدة | منزل</title>');
    expect(html).not.toContain('سوق عقارات اليمن');
    expect(html).toMatch(/<meta name="description" content="[^"]*65,000[^"]*ثلاث غرف نوم/);
    expect(html).toContain(`<link rel="canonical" href="${origin}/property-details/${approvedId}" />`);
    expect(html).toContain(`hreflang="en" href="${origin}/property-details/${approvedId}?lang=en"`);
    expect(metaContent(html, 'property', 'og:title')).toBe('شقة مشمسة في حدة | منزل');
    // The biggest variant (1600) of the first photo, as an absolute URL.
    expect(metaContent(html, 'property', 'og:image')).toBe(`${origin}/uploads/listings/${approvedId}/fixture0-1600.webp`);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${origin}/uploads/listings/${approvedId}/fixture0-1600.webp`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const ld = jsonLd(html);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('RealEstateListing');
    expect(ld.name).toBe('شقة مشمسة في حدة');
    expect(ld.image).toHaveLength(2);
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 65_000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    expect(ld.offers.itemOffered).toMatchObject({ '@type': 'Apartment', numberOfBedrooms: 3, floorSize: { value: 140, unitCode: 'MTK' } });
    expect(ld.offers.itemOffered.geo).toMatchObject({ latitude: 15.3, longitude: 44.19 });
    // The app still boots from the same document, in the page's language.
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<html lang="ar" dir="rtl">');
  });

  it('preloads the cover photo as the details page asks for it (same src, srcset, sizes) before any stylesheet or script', async () => {
    const html: string = (await http(url, 'GET', `/property-details/${approvedId}`)).body;
    const tags = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(tags).toHaveLength(1);
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tags[0]!)?.[1]?.replace(/&amp;/g, '&');
    // What the web app renders (features/details ImageCarousel: imageSrc(m, 960), srcSet(m), sizes).
    const api = (await http(url, 'GET', `/api/v1/listings/${approvedId}`)).body as { media: { variants: { url: string; width: number }[] }[] };
    const variants = [...api.media[0]!.variants].sort((a, b) => a.width - b.width);
    expect(attr('href')).toBe(`/uploads/listings/${approvedId}/fixture0-960.webp`);
    expect(attr('imagesrcset')).toBe(variants.map((v) => `${v.url} ${v.width}w`).join(', '));
    expect(attr('imagesrcset')).toContain('fixture0-400.webp 400w');
    expect(attr('imagesizes')).toBe(DETAILS_PHOTO_SIZES);
    expect(attr('fetchpriority')).toBe('high');
    // Discovered first: ahead of the stylesheets (and scripts) of the page.
    const at = html.indexOf(tags[0]!);
    for (const other of [/<link[^>]+rel="stylesheet"/, /<script/]) {
      const m = other.exec(html);
      if (m) expect(at).toBeLessThan(m.index);
      else expect(other.source).toBe('<script');
    }
    // A listing without photos, and a listing the public may not see, preload nothing.
    for (const id of [plainId, pendingId]) {
      expect((await http(url, 'GET', `/property-details/${id}`)).body).not.toContain('rel="preload" as="image"');
    }
  });

  it('serves the English preview with ?lang=en', async () => {
    const res = await http(url, 'GET', `/property-details/${approvedId}?lang=en`);
    expect(res.body).toContain('<title>Sunny flat in Hadda | Manzil</title>');
    expect(res.body).toMatch(/<meta property="og:description" content="Apartment for sale · \$65,000 · [^"]*Three bedrooms/);
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/property-details/${approvedId}?lang=en" />`);
    expect(jsonLd(res.body).inLanguage).toBe('en');
  });

  it('says nothing about pending, rejected, inactive or missing listings and keeps them out of search engines', async () => {
    for (const id of [pendingId, rejectedId, inactiveId, 999_999_999, 99_999_999_999_999]) {
      const res = await http(url, 'GET', `/property-details/${id}`);
      // Without the server renderer (this test's build) the browser shows "Property not found"; e2e/hydration
      // checks the rendered page's 404.
      expect(res.status).toBe(200);
      const html: string = res.body;
      expect(html).toContain('<title>منزل</title>');
      expect(html).not.toContain('Secret pending villa');
      expect(html).not.toContain('فيلا معلقة سرية');
      expect(html).not.toContain('og:image');
      expect(html).not.toContain('application/ld+json');
      expect(html).not.toContain('fixture0');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('escapes hostile titles and descriptions everywhere', async () => {
    for (const q of ['', '?lang=en']) {
      const html: string = (await http(url, 'GET', `/property-details/${hostileId}${q}`)).body;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html.match(/<\/script>/g)).toHaveLength(1); // only the JSON-LD's own closing tag
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      const ld = jsonLd(html);
      expect(ld.name).toContain('<script>alert(1)</script>');
    }
    const en: string = (await http(url, 'GET', `/property-details/${hostileId}?lang=en`)).body;
    expect(en).toContain('&quot;quoted&quot; &amp; &#39;single&#39; $&amp;');
  });

  it('falls back to the site icon and a small card for a listing without photos, with no price for "on request"', async () => {
    const html: string = (await http(url, 'GET', `/property-details/${plainId}?lang=en`)).body;
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    const ld = jsonLd(html);
    expect(ld.offers.price).toBeUndefined();
    expect(ld.offers.businessFunction).toContain('LeaseOut');
    expect(ld.offers.itemOffered['@type']).toBe('Place');
    expect(metaContent(html, 'property', 'og:description')).toContain('Price on request');
  });

  it('gives other pages the site description in their language, and no share tags', async () => {
    for (const [path, lang] of [['/faq', 'ar'], ['/property-details?lang=en', 'en']] as const) {
      const html: string = (await http(url, 'GET', path)).body;
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`<title>${lang === 'ar' ? 'منزل' : 'Manzil'}</title>`);
      expect(html).toContain(lang === 'ar' ? 'سوق عقارات اليمن' : 'Yemen&#39;s real-estate marketplace');
      expect(html).not.toContain('og:title');
      expect(html).not.toContain('{{');
    }
  });

  it('serves a well-formed sitemap.xml of approved active listings and the static pages in both languages', async () => {
    const res = await http(url, 'GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const root = parseXml(res.body);
    expect(root.name).toBe('urlset');
    expect(root.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = root.children.map((u) => u.children.find((c) => c.name === 'loc')!.text);
    for (const id of [approvedId, hostileId, plainId]) {
      expect(locs).toContain(`${origin}/property-details/${id}`);
      expect(locs).toContain(`${origin}/property-details/${id}?lang=en`);
    }
    for (const id of [pendingId, rejectedId, inactiveId]) {
      expect(locs.some((l) => l.endsWith(`/property-details/${id}`) || l.includes(`/property-details/${id}?`))).toBe(false);
    }
    for (const p of ['/', '/faq', '/about', '/privacy-policy', '/terms-of-service', '/facebook-data-deletion']) {
      expect(locs).toContain(`${origin}${p}`);
      expect(locs).toContain(`${origin}${p}?lang=en`);
    }
    expect(locs.some((l) => /admin|my-properties|add-property|profile/.test(l))).toBe(false);
    for (const u of root.children) {
      expect(u.name).toBe('url');
      const lastmod = u.children.find((c) => c.name === 'lastmod')?.text;
      expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const langs = u.children.filter((c) => c.name === 'xhtml:link').map((c) => c.attrs.hreflang);
      expect(langs).toEqual(['ar', 'en', 'x-default']);
    }
    const privacy = root.children.find((u) => u.children[0]!.text === `${origin}/privacy-policy`)!;
    expect(privacy.children.find((c) => c.name === 'lastmod')!.text).toBe('2025-09-04');
  });

  it('without PUBLIC_URL, uses http://localhost:PORT and never a forged Host or X-Forwarded-* (TRUST_PROXY=true here)', async () => {
    for (const headers of FORGED) {
      const links = await absoluteLinks(url, approvedId, headers);
      expect(links.all.length).toBeGreaterThan(10);
      for (const link of links.all) expect(link.startsWith(`${origin}/`), link).toBe(true);
      expect(links.raw).not.toMatch(/evil|"><x/);
    }
  });

  it('serves robots.txt that keeps private screens and the API out and names the sitemap', async () => {
    const res = await http(url, 'GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = String(res.body).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin/',
        'Disallow: /my-properties',
        'Disallow: /add-property',
        'Disallow: /edit-property',
        'Disallow: /profile',
        `Sitemap: ${origin}/sitemap.xml`,
      ]),
    );
  });

  it('answers 404 for sitemap pages that do not exist', async () => {
    expect((await http(url, 'GET', '/sitemap-listings-9.xml')).status).toBe(404);
    expect((await http(url, 'GET', '/sitemap-listings-abc.xml')).status).toBe(404);
    const pages = await http(url, 'GET', '/sitemap-pages.xml');
    expect(parseXml(pages.body).children.length).toBe(28);
  });
});

describe('seo with PUBLIC_URL', () => {
  let app: FastifyInstance;
  let url: string;
  let close: () => Promise<void>;
  let listingId: number;

  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-seo-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const config = testConfig({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true', PUBLIC_URL: 'https://manzil.example/' });
    const database = await createTestDatabase('pglite');
    app = await buildApp({ config, database, logger: false });
    await registerWeb(app, { distDir: config.WEB_DIST_DIR, uploadsDir: config.uploadsDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    };
    const { user } = await createUser({ app, db: database.db });
    listingId = await insertListing(database.db, user.id, { title_en: 'Flat with a view', title_ar: 'شقة بإطلالة' });
    await insertMedia(database.db, listingId, 0);
  });

  afterAll(async () => {
    await close?.();
  });

  it('puts PUBLIC_URL (without its trailing slash) into every absolute URL, whatever Host and X-Forwarded-* say', async () => {
    for (const headers of [{}, ...FORGED]) {
      const links = await absoluteLinks(url, listingId, headers);
      for (const link of links.all) expect(link.startsWith('https://manzil.example/'), link).toBe(true);
      expect(links.raw).not.toMatch(/evil|"><x|127\.0\.0\.1|localhost|manzil\.example\/\//);
      expect(links.all).toContain(`https://manzil.example/property-details/${listingId}`);
      expect(links.all).toContain(`https://manzil.example/uploads/listings/${listingId}/fixture0-1600.webp`);
      expect(links.all).toContain('https://manzil.example/sitemap.xml');
    }
  });
});

describe.each(DB_KINDS)('sitemap index (%s)', (kind) => {
  let web: Awaited<ReturnType<typeof createWebTestApp>>;
  let origin: string;
  const hidden: number[] = [];

  /** `n` copies of listing `id` (same owner, texts and state), inserted in one statement. */
  async function cloneListing(id: number, n: number) {
    const cols = (
      await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'listings' and column_name <> 'id' and is_generated = 'NEVER'
        order by ordinal_position`.execute(web.db)
    ).rows.map((r) => sql.ref(r.column_name));
    await sql`insert into listings (${sql.join(cols)}) select ${sql.join(cols)} from listings, generate_series(1, ${n}) where id = ${id}`.execute(web.db);
  }

  const publicIds = async () =>
    (await web.db.selectFrom('listings').select('id').where('status', '=', 'approved').where('is_active', '=', true).execute()).map((r) => r.id);

  /** A sitemap file over HTTP, checked against the protocol's limits and read back. */
  async function sitemapFile(pathname: string) {
    const res = await fetch(web.url + pathname);
    expect(res.status, pathname).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
    const root = parseXml(xml);
    expect(root.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(root.children.length).toBeLessThanOrEqual(50_000);
    return root;
  }

  /** The listing ids of a urlset, each with how often its Arabic and its English URL appear. */
  function listingUrls(root: XmlNode) {
    expect(root.name).toBe('urlset');
    const seen = new Map<number, { ar: number; en: number }>();
    for (const u of root.children) {
      const m = /^(.*)\/property-details\/(\d+)(\?lang=en)?$/.exec(u.children.find((c) => c.name === 'loc')!.text);
      if (!m) continue;
      expect(m[1]).toBe(origin);
      const e = seen.get(Number(m[2])) ?? { ar: 0, en: 0 };
      e[m[3] ? 'en' : 'ar'] += 1;
      seen.set(Number(m[2]), e);
    }
    return seen;
  }

  beforeAll(async () => {
    web = await createWebTestApp({ 'index.html': INDEX }, { kind });
    origin = web.url.replace('127.0.0.1', 'localhost');
    const { user } = await createUser(web);
    const first = await insertListing(web.db, user.id, { title_en: 'One of many flats' });
    // Exactly as many public listings as one file holds: the last count before the split.
    await cloneListing(first, LISTINGS_PER_SITEMAP - 1);
    hidden.push(
      await insertListing(web.db, user.id, { status: 'pending' }),
      await insertListing(web.db, user.id, { status: 'rejected' }),
      await insertListing(web.db, user.id, { is_active: false }),
    );
  }, 120_000);
  afterAll(async () => web?.close());

  it('holds each file within the protocol: two URLs a listing, at most 50,000 URLs a file', () => {
    expect(2 * LISTINGS_PER_SITEMAP).toBeLessThanOrEqual(50_000);
  });

  it('is one file up to the limit, and an index of files, every public listing exactly once, once past it', async () => {
    const ids = await publicIds();
    expect(ids).toHaveLength(LISTINGS_PER_SITEMAP);
    const single = await sitemapFile('/sitemap.xml');
    expect(single.name).toBe('urlset');
    expect(single.children).toHaveLength(2 * STATIC_PAGES.length + 2 * LISTINGS_PER_SITEMAP);
    const once = listingUrls(single);
    expect([...once.keys()].sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    expect([...once.values()].every((e) => e.ar === 1 && e.en === 1)).toBe(true);
    expect((await http(web.url, 'GET', '/sitemap-listings-2.xml')).status).toBe(404);

    // One more public listing crosses the split.
    const { user } = await createUser(web);
    const last = await insertListing(web.db, user.id, { title_en: 'The one too many' });
    const index = await sitemapFile('/sitemap.xml');
    expect(index.name).toBe('sitemapindex');
    const files = index.children.map((c) => {
      expect(c.name).toBe('sitemap');
      expect(c.children.find((x) => x.name === 'lastmod')!.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      return c.children.find((x) => x.name === 'loc')!.text;
    });
    expect(files).toEqual([`${origin}/sitemap-pages.xml`, `${origin}/sitemap-listings-1.xml`, `${origin}/sitemap-listings-2.xml`]);

    const pages = await sitemapFile('/sitemap-pages.xml');
    expect(pages.children).toHaveLength(2 * STATIC_PAGES.length);
    expect(listingUrls(pages).size).toBe(0);
    const parts = [await sitemapFile('/sitemap-listings-1.xml'), await sitemapFile('/sitemap-listings-2.xml')];
    expect(parts.map((p) => p.children.length)).toEqual([2 * LISTINGS_PER_SITEMAP, 2]);
    const counts = new Map<number, { ar: number; en: number }>();
    for (const part of parts) {
      for (const [id, e] of listingUrls(part)) {
        const c = counts.get(id) ?? { ar: 0, en: 0 };
        counts.set(id, { ar: c.ar + e.ar, en: c.en + e.en });
      }
    }
    const all = await publicIds();
    expect(all).toHaveLength(LISTINGS_PER_SITEMAP + 1);
    expect(all).toContain(last);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b));
    expect([...counts.values()].every((e) => e.ar === 1 && e.en === 1)).toBe(true);
    for (const id of hidden) expect(counts.has(id)).toBe(false);
    expect((await http(web.url, 'GET', '/sitemap-listings-3.xml')).status).toBe(404);
  });
});
