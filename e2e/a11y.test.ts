/**
 * Accessibility bar (DESIGN §7): no serious or critical axe-core findings on the main pages, in both
 * languages, on a server with the demo content; also the account e-mails' pages, the verify banner, the
 * profile asking for the current password and the sign-in modal's forgot mode.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, openApp, registerUser, type RunningServer, startServer } from './harness.js';

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

// The account e-mails' pages: the reset form (a well-formed token; nothing is sent before submit) and a
// verification link the server refuses.
const LINK_TOKEN = 'a'.repeat(43);
const PAGES = [
  '/', '/search-list', '/search-grid', '/property', '/property-details/:id', '/faq', '/about', '/contact', '/add-property', '/privacy-policy',
  `/reset-password?token=${LINK_TOKEN}&email=someone%40example.test`, `/verify-email?token=${LINK_TOKEN}`,
];

async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the page's CSP refuses inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const res = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return res.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
  });
}

describe.each(['ar', 'en'] as const)('accessibility (%s)', (lang) => {
  it.each(PAGES)('%s has no serious or critical axe findings', async (route) => {
    const ctx = await newContext(browser, { lang });
    const page = await ctx.newPage();
    await openApp(page, server.url + route.replace(':id', String(listingId)));
    await page.waitForLoadState('networkidle');
    const violations = await seriousFindings(page);
    await ctx.close();
    expect(violations).toEqual([]);
  });

  it('signed in and not verified: the verify banner and the profile asking for the current password; the forgot mode', async () => {
    const user = await registerUser(server);
    const ctx = await newContext(browser, { lang, token: user.token });
    const page = await ctx.newPage();
    await openApp(page, server.url + '/profile');
    await page.getByTestId('verify-banner').waitFor();
    await page.locator('input[autocomplete="new-password"]').first().fill('changed-77');
    await page.locator('input[autocomplete="current-password"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
    await ctx.close();

    const anon = await newContext(browser, { lang });
    const home = await anon.newPage();
    await openApp(home, server.url + '/');
    await home.evaluate(() => window.dispatchEvent(new CustomEvent('openLoginModal', { detail: { mode: 'forgot' } })));
    await home.locator('.modal.show input[type="email"]').waitFor();
    await home.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousFindings(home)).toEqual([]);
    await anon.close();
  });
});
