import { describe, expect, it } from 'vitest';
import arHome from '../../i18n/locales/ar/home.json';
import enHome from '../../i18n/locales/en/home.json';
import { renderHomeTop } from './home';

/** The static first view of `/` (served in the HTML, issue 8) comes from the real components, in both languages. */
describe('renderHomeTop', () => {
  it.each([
    ['ar', arHome.heroTitle, enHome.heroTitle],
    ['en', enHome.heroTitle, arHome.heroTitle],
  ] as const)('%s: navbar, hero heading and search box in that language only', async (lng, title, other) => {
    const html = await renderHomeTop(lng);
    expect(html).toContain(`<h1 class="home-hero-title">${title}</h1>`);
    expect(html).not.toContain(other);
    expect(html).toMatch(/<header class="site-header site-header-home">/);
    expect(html).toContain('<div class="hero-search" inert="">');
    expect(html).toContain('id="hero-search-panel"');
    expect(html).toContain('<main id="main-content"');
  });
});
