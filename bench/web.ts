/**
 * `npm run bench:web` — weight and speed of the built web app per route (DESIGN §7, issue 8).
 *
 * 1. Builds apps/web when its sources changed (BENCH_WEB_FORCE=1 always rebuilds).
 * 2. From Vite's manifest: gzip bytes of JavaScript and CSS that start the app (index.html's entry and
 *    everything it imports statically, plus the render-blocking Bootstrap RTL stylesheet, Arabic being the
 *    default) and, per route, of the lazy page chunk and the chunks it imports that the start did not load.
 *    Feature locale files (a few KB each) load on first use and are not in these numbers; Lighthouse's
 *    transferred bytes below include them.
 * 3. Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown, system Chromium) on home, the
 *    search list and a details page, against the real server with demo content in a temporary DATA_DIR
 *    and a local map-tile stub: performance score, FCP, LCP, TBT, CLS, bytes by type.
 *    BENCH_LH_RUNS=n runs each page n times and keeps the median by score (default 3: single runs swing by
 *    10 points here); BENCH_LH=0 skips.
 *    BENCH_LH_SAVE=dir writes each page's median Lighthouse report there as JSON (LCP phases, request chains).
 * 4. Bytes of a first visit (issue 30, bench/first-visit.ts): the same three pages in a fresh Chromium profile at
 *    390 px, every byte the server sends in 10 s after load (service worker included, map tiles not), without and
 *    with `Save-Data: on`, against ≤ 200 KB and ≤ 120 KB. BENCH_FIRST_VISIT=0 skips.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../e2e/harness.js';
import { firstVisitBytes, FIRST_VISIT_SAVER_TARGET_KB, FIRST_VISIT_TARGET_KB, KINDS, type FirstVisit } from './first-visit.js';
import { elapsed, envFlag, envInt, kb, launchChrome, lhBytes, lighthouseRun, machine, observedTimes, publicListingIds, repoRoot, round, table, writeResult, type LhResult } from './shared.js';

const started = Date.now();
const machineAtStart = machine();
const log = (msg: string) => console.log(`[bench:web ${elapsed(started).padStart(7)}] ${msg}`);
const webDir = path.join(repoRoot, 'apps/web');
const builtDist = path.join(webDir, 'dist');
// Measured and served from a private copy: other people's builds empty apps/web/dist while we run.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-web-'));
const manifestFile = path.join(dist, '.vite/manifest.json');
const HOME_JS_BUDGET_KB = 170;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const gz = new Map<string, number>();
function gzipBytes(file: string): number {
  let n = gz.get(file);
  if (n === undefined) {
    n = gzipSync(fs.readFileSync(path.join(dist, file))).length;
    gz.set(file, n);
  }
  return n;
}

/** The chunk and everything it imports statically: the files a browser needs before it runs. */
function closure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !m[key]) return seen;
  seen.add(key);
  for (const k of m[key]!.imports ?? []) closure(m, k, seen);
  return seen;
}

function files(m: Manifest, keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(m[k]!.file);
    for (const c of m[k]!.css ?? []) css.add(c);
  }
  return { js, css };
}

const sum = (s: Iterable<string>) => [...s].reduce((a, f) => a + gzipBytes(f), 0);

/** Route path → page module, read from the router's table (apps/web/src/app/routes.ts). */
function routeModules(): { path: string; key: string }[] {
  const src = fs.readFileSync(path.join(webDir, 'src/app/routes.ts'), 'utf8');
  const out: { path: string; key: string }[] = [];
  // The table names each page's module relative to src/ (`page: 'features/home/pages/HomePage'`), as pages.ts reads it.
  for (const m of src.matchAll(/path:\s*'([^']+)',\s*page:\s*'([^']+)'/g)) out.push({ path: m[1]!, key: `src/${m[2]!}.tsx` });
  return out;
}

async function bundleReport() {
  const { buildWebIfStale } = (await import('../scripts/build-web.mjs')) as { buildWebIfStale: (o: { force?: boolean }) => boolean };
  const force = envFlag('BENCH_WEB_FORCE') || !fs.existsSync(path.join(builtDist, '.vite/manifest.json'));
  const t = Date.now();
  const built = buildWebIfStale({ force });
  log(built ? `web app built in ${elapsed(t)}` : 'web app up to date (BENCH_WEB_FORCE=1 rebuilds)');
  fs.cpSync(builtDist, dist, { recursive: true });
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} missing: build.manifest must be on in apps/web/vite.config.ts`);
  const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const entryKey = Object.keys(m).find((k) => m[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the Vite manifest');
  const startKeys = closure(m, entryKey);
  const start = files(m, startKeys);
  // Render-blocking stylesheets index.html names itself (Bootstrap, chosen by language before first paint).
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const rtlCss = /data-rtl="\/([^"]+)"/.exec(html)?.[1];
  const blockingCss = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((x) => x[1]!);
  const startCss = new Set([...start.css, ...blockingCss, ...(rtlCss ? [rtlCss] : [])]);
  const startJs = sum(start.js);
  const startCssBytes = sum(startCss);

  const seenModule = new Map<string, string[]>();
  for (const r of routeModules()) seenModule.set(r.key, [...(seenModule.get(r.key) ?? []), r.path]);
  const routes = [...seenModule.entries()].map(([key, paths]) => {
    if (!m[key]) return { paths, module: key, missing: true, js: 0, css: 0, total_js: startJs, total_css: startCssBytes, files: [] as string[] };
    const own = files(m, closure(m, key));
    const js = [...own.js].filter((f) => !start.js.has(f));
    const css = [...own.css].filter((f) => !startCss.has(f));
    return {
      paths,
      module: key,
      missing: false,
      js: sum(js),
      css: sum(css),
      total_js: startJs + sum(js),
      total_css: startCssBytes + sum(css),
      files: [...js, ...css],
    };
  });
  const allJs = Object.values(m).filter((c) => c.file.endsWith('.js'));
  return {
    start: { js: startJs, css: startCssBytes, js_files: [...start.js], css_files: [...startCss] },
    routes,
    all_js_gzip: sum(new Set(allJs.map((c) => c.file))),
  };
}

// ---------------------------------------------------------------- Lighthouse

async function lighthouseRuns(baseUrl: string) {
  const runs = envInt('BENCH_LH_RUNS', 3);
  const chrome = await launchChrome();
  try {
    const [id] = await publicListingIds(baseUrl);
    if (!id) throw new Error('the demo content has no public listing');
    const pages = [
      { name: 'home', url: `${baseUrl}/` },
      { name: 'search list', url: `${baseUrl}/search-list` },
      { name: 'details', url: `${baseUrl}/property-details/${id}` },
    ];
    const out = [];
    for (const p of pages) {
      const results: LhResult[] = [];
      for (let i = 0; i < runs; i++) {
        const t = Date.now();
        const lhr = await lighthouseRun(chrome.port, p.url);
        results.push(lhr);
        log(`lighthouse ${p.name} run ${i + 1}/${runs}: ${Math.round((lhr.categories.performance.score ?? 0) * 100)} in ${elapsed(t)}`);
      }
      results.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const saveDir = process.env.BENCH_LH_SAVE;
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        fs.writeFileSync(path.join(saveDir, `${p.name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      const a = lhr.audits;
      const bytesBy = (type: string) => lhBytes(lhr, type);
      out.push({
        page: p.name,
        url: p.url.replace(baseUrl, ''),
        runs,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        all_scores: results.map((x) => Math.round((x.categories.performance.score ?? 0) * 100)),
        fcp_ms: round(a['first-contentful-paint']?.numericValue ?? NaN, 0),
        lcp_ms: round(a['largest-contentful-paint']?.numericValue ?? NaN, 0),
        tbt_ms: round(a['total-blocking-time']?.numericValue ?? NaN, 0),
        cls: round(a['cumulative-layout-shift']?.numericValue ?? NaN, 3),
        speed_index_ms: round(a['speed-index']?.numericValue ?? NaN, 0),
        transfer: { script: bytesBy('script'), stylesheet: bytesBy('stylesheet'), image: bytesBy('image'), font: bytesBy('font'), total: bytesBy('total') },
        benchmark_index: lhr.environment?.benchmarkIndex,
        // What Chromium itself did, before Lantern's simulation: unthrottled milliseconds from navigation.
        observed: observedTimes(lhr),
        // What Lighthouse says costs the most (opportunities and diagnostics that did not pass).
        findings: Object.entries(a)
          .filter(([, x]) => x.score != null && x.score < 0.9 && x.displayValue)
          .map(([id, x]) => `${id}: ${x.displayValue}`),
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const bundles = await bundleReport();
  const routeRows = bundles.routes
    .sort((a, b) => b.total_js - a.total_js)
    .map((r) => [r.paths.join(' '), kb(r.js), kb(r.css), kb(r.total_js), kb(r.total_css)]);
  console.log(`\nWeb app, gzip KB (level 6). Start = index.html entry + static imports; JS ${kb(bundles.start.js)}, CSS ${kb(bundles.start.css)} (Bootstrap RTL included).\n`);
  console.log(table(['route', 'page JS', 'page CSS', 'JS total', 'CSS total'], routeRows));
  const home = bundles.routes.find((r) => r.paths.includes('/'))!;
  const homeOk = home.total_js / 1024 <= HOME_JS_BUDGET_KB;
  console.log(`\nHome initial JavaScript ${kb(home.total_js)} KB gzip — budget ${HOME_JS_BUDGET_KB} KB ${homeOk ? 'met' : 'NOT met'}. All JS chunks together ${kb(bundles.all_js_gzip)} KB.`);

  let lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> | null = null;
  let firstVisit: FirstVisit[] | null = null;
  const runLh = process.env.BENCH_LH !== '0';
  const runFirstVisit = process.env.BENCH_FIRST_VISIT !== '0';
  if (runLh || runFirstVisit) {
    log('starting the server with demo content …');
    const t = Date.now();
    const server = await startServer({ SEED_DEMO: 'true', RATE_LIMITS: 'false', WEB_DIST_DIR: dist });
    log(`server up at ${server.url} in ${elapsed(t)}`);
    try {
      if (runLh) lighthouse = await lighthouseRuns(server.url);
      if (runFirstVisit) {
        const [id] = await publicListingIds(server.url);
        const t2 = Date.now();
        firstVisit = await firstVisitBytes(server.url, [
          { name: 'home', path: '/' },
          { name: 'search list', path: '/search-list' },
          { name: 'details', path: `/property-details/${id}` },
        ]);
        log(`first visits measured in ${elapsed(t2)}`);
      }
    } finally {
      await server.stop();
    }
  }
  if (firstVisit) {
    console.log('\nBytes of a first visit, 390 px, fresh profile, 10 s after load (on the wire, service worker included, map tiles not):\n');
    console.log(
      table(
        ['page', 'KB', `≤ ${FIRST_VISIT_TARGET_KB}`, 'photos', 'KB data saver', `≤ ${FIRST_VISIT_SAVER_TARGET_KB}`, 'photos (saver)'],
        firstVisit.map((v) => [
          v.page,
          kb(v.bytes),
          v.bytes / 1024 <= FIRST_VISIT_TARGET_KB ? 'met' : 'NOT met',
          v.photo_requests,
          kb(v.saver_bytes),
          v.saver_bytes / 1024 <= FIRST_VISIT_SAVER_TARGET_KB ? 'met' : 'NOT met',
          v.saver_photo_requests,
        ]),
      ),
    );
    // Where the bytes go: per kind (the service worker's own script is "sw"; what it precaches is counted under
    // its kind, and a file asked for twice shows as ×2 below), then the ten largest answers of each visit.
    console.log('\nPer kind, KB (data saver after the slash):\n');
    console.log(table(['page', ...KINDS], firstVisit.map((v) => [v.page, ...KINDS.map((k) => `${kb(v.kinds[k])} / ${kb(v.saver_kinds[k])}`)])));
    if (envFlag('BENCH_FIRST_VISIT_URLS'))
      for (const v of firstVisit)
        for (const [mode, urls] of [['plain', v.urls], ['saver', v.saver_urls]] as const)
          console.log(`  ${v.page} (${mode}): ${urls.slice(0, 12).map((u) => `${u.url.replace(/^\/assets\//, '')} ${kb(u.bytes)}${u.requests > 1 ? ` ×${u.requests}` : ''}`).join(', ')}`);
  }
  if (lighthouse) {
    console.log('\nLighthouse, mobile preset (simulated throttling), system Chromium:\n');
    console.log(
      table(
        ['page', 'score', 'FCP ms', 'LCP ms', 'SI ms', 'TBT ms', 'CLS', 'JS KB', 'CSS KB', 'font KB', 'total KB'],
        lighthouse.map((l) => [l.page, l.score, l.fcp_ms, l.lcp_ms, l.speed_index_ms, l.tbt_ms, String(l.cls), kb(l.transfer.script), kb(l.transfer.stylesheet), kb(l.transfer.font), kb(l.transfer.total)]),
      ),
    );
    for (const l of lighthouse) if (l.findings.length) console.log(`  ${l.page}: ${l.findings.join('; ')}`);
    // A first frame presented long after the document was ready, with the main thread idle in between, is
    // Chromium holding the frame (paint holding under DevTools' mobile emulation: README, "Why single runs still
    // swing"; GoogleChrome/lighthouse#17148 sees the same on PSI), not the page. Lantern then counts every request
    // made before that frame. Said on each run so nobody chases it in the page's code.
    for (const l of lighthouse) {
      const { dom_content_loaded_ms: dcl, first_paint_ms: fp } = l.observed;
      if (dcl != null && fp != null && fp - dcl > 500)
        console.log(`  ${l.page}: Chromium presented its first frame at ${fp} ms, ${fp - dcl} ms after DOMContentLoaded (${dcl} ms), unthrottled: the frame was held (README, "Why single runs still swing").`);
    }
    console.log(`  Lighthouse BenchmarkIndex of this machine: ${lighthouse.map((l) => Math.round(l.benchmark_index ?? NaN)).join(' / ')}; Lantern multiplies this machine's main-thread times by 4.`);
    const lhOk = lighthouse.every((l) => l.score >= 90);
    console.log(`\nLighthouse performance ≥ 90 on all three ${lhOk ? 'met' : 'NOT met'} (KB as transferred, compressed by the server).`);
  }
  const file = writeResult('web', {
    date: new Date().toISOString(),
    machine: machineAtStart,
    bundles,
    home_js_budget_kb: HOME_JS_BUDGET_KB,
    home_js_ok: homeOk,
    lighthouse,
    first_visit: firstVisit,
    load_average_at_end: os.loadavg().map((x) => round(x, 2)),
    total_seconds: round((Date.now() - started) / 1000, 1),
  });
  log(`results: ${path.relative(process.cwd(), file)}; done in ${elapsed(started)}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dist, { recursive: true, force: true }));
