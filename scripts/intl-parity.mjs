#!/usr/bin/env node
/**
 * Server rendering (issue 23) needs every price and date the pages write to come out byte for byte the same in
 * Node (the server's render) and in Chromium (the hydration). This formats a wide set of prices, counts and
 * dates with the app's own functions (formatPrice, groupDigits, formatLongDate, bundled from their sources) and
 * with the Intl formatters they stand in for, in Node and in headless Chromium, under several time zones, and
 * compares every string four ways: app Node = app Chromium, Intl Node = Intl Chromium, app = Intl (each side).
 *
 *   node scripts/intl-parity.mjs            prints a summary and the first mismatches; exit 1 on any mismatch
 *   CHROME_PATH=... node scripts/intl-parity.mjs
 *
 * It also times a page's worth of formatting on a fresh Chromium page both ways: the first Intl formatter of a
 * page starts ICU, which the hand-written functions avoid (and hydration runs them in the browser again).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIME_ZONES = ['UTC', 'Asia/Aden', 'Asia/Riyadh', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];

/** The app's functions and the Intl formatters they stand in for, as one script both runtimes evaluate. */
async function bundle() {
  const entry = `
    import { formatPrice, groupDigits } from './packages/shared/src/price.ts';
    import { formatLongDate } from './apps/web/src/i18n/dates.ts';
    import { CURRENCIES } from './packages/shared/src/enums.ts';
    const cache = new Map();
    const cached = (kind, tag, options) => {
      const key = kind + tag + JSON.stringify(options);
      let f = cache.get(key);
      if (!f) cache.set(key, (f = kind === 'n' ? new Intl.NumberFormat(tag, options) : new Intl.DateTimeFormat(tag, options)));
      return f;
    };
    const intl = {
      groupDigits: (v) => cached('n', 'en-US', { maximumFractionDigits: 0 }).format(v),
      formatPrice: (v, currency, locale) => {
        if (!/^[A-Za-z]{3}$/.test(currency)) return intl.groupDigits(Number(v)) + ' ' + currency;
        const code = currency.toUpperCase();
        return cached('n', locale === 'ar' ? 'ar-YE-u-nu-latn' : 'en-US', {
          style: 'currency', currency: code, currencyDisplay: code === 'USD' ? 'symbol' : 'code',
          minimumFractionDigits: 0, maximumFractionDigits: 0,
        }).format(Number(v));
      },
      formatLongDate: (d, lang, timeZone) =>
        cached('d', lang.startsWith('ar') ? 'ar-YE-u-nu-latn' : 'en-GB', timeZone ? { dateStyle: 'long', timeZone } : { dateStyle: 'long' }).format(d),
    };
    const app = { formatPrice, groupDigits, formatLongDate };

    function cases() {
      const n = [0, -0, 1, 5, 12, 999, 1000, 1500, 12345, 180000, 999999.5, 1234567, 1234567.6, 2 ** 31 - 1, 2 ** 31, 2 ** 53,
        1e12, 25e9, 1e20, 0.4, 0.5, 1.5, 2.5, 0.49999, 1e-7, 123.456, 99.5, -42, -2.5, -1500, -0.4, -1234567.89];
      const out = [];
      for (const v of n) out.push(['groupDigits', [v]]);
      out.push(['groupDigits', [1e21]], ['groupDigits', [123456789012345680000]]);
      for (const locale of ['ar', 'en'])
        for (const currency of [...CURRENCIES, 'usd', 'sar', 'EUR', 'GBP'])
          for (const v of [...n, '180000', '1234567.5']) out.push(['formatPrice', [v, currency, locale]]);
      for (const lang of ['ar', 'en', 'ar-YE', 'en-US'])
        for (let y = 1970; y <= 2100; y += 7)
          for (let m = 0; m < 12; m++)
            for (const [day, h, min] of [[1, 0, 0], [9, 12, 0], [10, 23, 59], [28, 21, 30], [m === 1 ? 29 : 31, 2, 30]]) {
              const t = Date.UTC(y, m, day, h, min);
              out.push(['formatLongDate', [t, lang]], ['formatLongDate', [t, lang, 'UTC']]);
            }
      return out;
    }
    globalThis.__parity = () => {
      const run = (impl) => cases().map(([fn, args]) => {
        const a = fn === 'formatLongDate' ? [new Date(args[0]), ...args.slice(1)] : args;
        try { return impl[fn](...a); } catch (e) { return 'THROWS ' + e.name; }
      });
      const label = (args) => args.map((a) => (Object.is(a, -0) ? '-0' : JSON.stringify(a))).join(', ');
      return { cases: cases().map(([fn, args]) => fn + '(' + label(args) + ')'), app: run(app), intl: run(intl) };
    };
    globalThis.__page = (kind) => {
      const f = kind === 'app' ? app : intl;
      const t0 = performance.now();
      for (let i = 0; i < 24; i++) {
        f.formatPrice(1000 * i + 150000, i % 2 ? 'USD' : 'YER', 'ar');
        f.groupDigits(100 + i * 37);
      }
      f.formatLongDate(new Date(), 'ar');
      return performance.now() - t0;
    };
  `;
  const r = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, format: 'iife', write: false, target: 'es2022' });
  return r.outputFiles[0].text;
}

const code = await bundle();

// Node: one process per time zone (TZ is read at start-up), evaluating the same script.
const nodeRuns = {};
for (const tz of TIME_ZONES) {
  const r = spawnSync(process.execPath, ['-e', `const vm=require('node:vm');vm.runInThisContext(require('node:fs').readFileSync(0,'utf8'));process.stdout.write(JSON.stringify(globalThis.__parity()))`], {
    input: code, env: { ...process.env, TZ: tz }, maxBuffer: 1 << 28, encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  nodeRuns[tz] = JSON.parse(r.stdout);
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const chromeRuns = {};
const chromeVersion = browser.version();
for (const tz of TIME_ZONES) {
  const ctx = await browser.newContext({ timezoneId: tz });
  const page = await ctx.newPage();
  await page.goto('data:text/html,<meta charset=utf-8><p>parity</p>');
  await page.addScriptTag({ content: code });
  chromeRuns[tz] = await page.evaluate(() => globalThis.__parity());
  await ctx.close();
}

// A page's worth of formatting (24 prices in both currencies' styles, 24 areas, one date) on a fresh page, in ms
// (median of 5): through the app's functions, and through Intl (where the first formatter starts ICU).
const timings = { app: [], intl: [] };
for (let i = 0; i < 5; i++)
  for (const kind of Object.keys(timings)) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto('data:text/html,<meta charset=utf-8><p>timing</p>');
    await page.addScriptTag({ content: code });
    timings[kind].push(await page.evaluate((kind) => globalThis.__page(kind), kind));
    await ctx.close();
  }
await browser.close();

let compared = 0;
const mismatches = { appNodeVsChromium: [], intlNodeVsChromium: [], appVsIntlNode: [], appVsIntlChromium: [] };
for (const tz of TIME_ZONES) {
  const n = nodeRuns[tz];
  const c = chromeRuns[tz];
  n.cases.forEach((label, i) => {
    const where = `${tz} ${label}`;
    compared += 1;
    if (n.app[i] !== c.app[i]) mismatches.appNodeVsChromium.push([where, n.app[i], c.app[i]]);
    if (n.intl[i] !== c.intl[i]) mismatches.intlNodeVsChromium.push([where, n.intl[i], c.intl[i]]);
    if (n.app[i] !== n.intl[i]) mismatches.appVsIntlNode.push([where, n.app[i], n.intl[i]]);
    if (c.app[i] !== c.intl[i]) mismatches.appVsIntlChromium.push([where, c.app[i], c.intl[i]]);
  });
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1].toFixed(1);
console.log(`Node ${process.version} (ICU ${process.versions.icu}, CLDR ${process.versions.cldr}) vs Chromium ${chromeVersion}`);
console.log(`${compared} cases (${nodeRuns.UTC.cases.length} per time zone x ${TIME_ZONES.length} time zones), each formatted by the app's function and by Intl, in both runtimes`);
for (const [k, v] of Object.entries(mismatches)) {
  console.log(`  ${k}: ${v.length} mismatches`);
  for (const [where, a, b] of v.slice(0, 5)) console.log(`    ${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}
console.log(`Chromium, a page's worth (24 prices, 24 areas, 1 date) on a fresh page, median of 5: app's functions ${median(timings.app)} ms, Intl ${median(timings.intl)} ms`);
// Not a runtime difference but a hydration hazard all the same: a date in the visitor's time zone (no 'UTC')
// differs when the server's zone is not the visitor's. Server on UTC, visitor in each zone:
const local = nodeRuns.UTC.cases.map((c, i) => (c.startsWith('formatLongDate') && !c.endsWith('"UTC")') ? i : -1)).filter((i) => i >= 0);
const zones = TIME_ZONES.filter((tz) => tz !== 'UTC').map((tz) => `${tz} ${local.filter((i) => nodeRuns.UTC.app[i] !== chromeRuns[tz].app[i]).length}`);
console.log(`Dates in the local zone (${local.length} per zone) that differ between a server on UTC and a visitor in: ${zones.join(', ')}`);
process.exit(Object.values(mismatches).some((v) => v.length) ? 1 : 0);
