/**
 * Accessibility bar (DESIGN §7): no serious or critical axe-core findings on the main pages, in both
 * languages, on a server with the demo content.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, openApp, type RunningServer, startServer } from './harness.js';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let server: RunningServer;
let browser: Browser;
let listingId = 0;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  browser = await launchBrowser();
  const r = await api(server, 'POST', '/listings/search', { body: { limit: 1 } });
  listingId = r.body.items[0].id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = ['/', '/search-list', '/search-grid', '/property', '/property-details/:id', '/faq', '/about', '/contact', '/add-property', '/privacy-policy'];

describe.each(['ar', 'en'] as const)('accessibility (%s)', (lang) => {
  it.each(PAGES)('%s has no serious or critical axe findings', async (route) => {
    const ctx = await newContext(browser, { lang });
    const page = await ctx.newPage();
    await openApp(page, server.url + route.replace(':id', String(listingId)));
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const res = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return res.violations
        .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
        .map((v: any) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
    });
    await ctx.close();
    expect(violations).toEqual([]);
  });
});
