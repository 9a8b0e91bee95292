import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadPage } from './router';
import { isHomePath, pageRoutes } from './routes';

const SPEC_ROUTES = [
  '/', '/home-v1', '/home-v2', '/home-v3', '/home-v4', '/property', '/availavbe-property', '/property-details',
  '/property-details/:id', '/search-list', '/search-grid', '/search-map', '/properties-by-city',
  '/properties-by-city/:city/:listingType', '/my-properties', '/recent-properties', '/add-property',
  '/edit-property/:id', '/profile', '/registration', '/contact', '/faq', '/about', '/privacy-policy',
  '/terms-of-service', '/facebook-data-deletion', '/advisor', '/news', '/news-details', '/user-list', '/error',
  '/admin/dashboard', '/admin/review', '/admin/listings',
];

const routes = pageRoutes.map((r) => ({ path: r.path }));
const matched = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.path;

describe('route table', () => {
  it('has every route of the spec and a catch-all', () => {
    const paths = pageRoutes.map((r) => r.path);
    for (const p of SPEC_ROUTES) expect(paths).toContain(p);
    expect(paths).toContain('*');
  });

  it('matches paths case-insensitively', () => {
    expect(matched('/About')).toBe('/about');
    expect(matched('/about')).toBe('/about');
    expect(matched('/FAQ')).toBe('/faq');
    expect(matched('/Property-Details/42')).toBe('/property-details/:id');
    expect(matched('/Admin/Dashboard')).toBe('/admin/dashboard');
  });

  it('sends unknown paths to the catch-all and resolves params', () => {
    expect(matched('/no-such-page')).toBe('*');
    const m = matchRoutes(routes, '/properties-by-city/sanaa/rent');
    expect(m?.at(-1)?.params).toMatchObject({ city: 'sanaa', listingType: 'rent' });
  });

  it('every page module loads and has a default component', async () => {
    for (const r of pageRoutes) {
      const mod = await loadPage(r);
      expect(typeof mod.default, r.path).toBe('function');
    }
    // Transforming every page and its imports the first time takes ~5 s on a busy 2-core machine.
  }, 60_000);

  it('knows the home paths', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/Home-V3/')).toBe(true);
    expect(isHomePath('/faq')).toBe(false);
  });
});
