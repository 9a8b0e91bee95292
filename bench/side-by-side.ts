/**
 * `npm run bench:compare` — the build before a change and the build after it, served at the same time and
 * measured alternately (issue 23: the move to server-side rendering).
 *
 * - before: BENCH_BEFORE_REF (default 7f3c1fc) as a whole checkout, API and web app: a detached git worktree at
 *   ../bench-before-<sha> next to this repository (so that its `../shared` is the same data directory), installed
 *   with `npm ci` and built once; kept for the next run, which reuses it.
 * - after: this working tree, uncommitted changes included, its web app built into a private temporary dist
 *   (BENCH_AFTER_DIST=dir serves a dist built beforehand instead, e.g. while the tree's build is broken mid-edit).
 * - Each side's server is started by its own checkout's e2e/harness.ts (its own API code, a temporary DATA_DIR with
 *   the demo content, a local map-tile stub); both run at once. They start one after the other, and a start that
 *   misses the harness's 90 s deadline on a busy machine is tried again on the same DATA_DIR
 *   (BENCH_COMPARE_START_TRIES, default 3).
 * - Lighthouse (mobile preset, system Chromium, the helpers of `npm run bench:web`) on home, /search-list and a
 *   listing both servers have, BENCH_COMPARE_RUNS times each (default 5), alternating before/after and after/before
 *   on the next run so that drift of the machine cancels out. Pages are asked for with ?lang=ar, or with ?lang=en
 *   when BENCH_COMPARE_LANG=en. BENCH_LH_THROTTLING=devtools slows Chromium itself instead of simulating it.
 * - Prints the medians per page and side as a markdown table and writes it, with every run, to
 *   bench/results/compare-<date>.md (and .json).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as afterHarness from '../e2e/harness.js';
import {
  elapsed,
  envInt,
  kb,
  launchChrome,
  lhBytes,
  lighthouseRun,
  machine,
  publicListingIds,
  repoRoot,
  round,
  writeResult,
  type LhResult,
} from './shared.js';

type Harness = typeof afterHarness;
type Server = Awaited<ReturnType<Harness['startServer']>>;
type Side = 'before' | 'after';

const started = Date.now();
const machineAtStart = machine();
const log = (msg: string) => console.log(`[bench:compare ${elapsed(started).padStart(7)}] ${msg}`);

const beforeRef = process.env.BENCH_BEFORE_REF || '7f3c1fc';
const runs = envInt('BENCH_COMPARE_RUNS', 5);
const lang = process.env.BENCH_COMPARE_LANG || 'ar';
if (lang !== 'ar' && lang !== 'en') {
  console.error(`BENCH_COMPARE_LANG must be ar or en (got ${JSON.stringify(lang)})`);
  process.exit(2);
}

const git = (args: string[], cwd = repoRoot) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Runs a command; its output is shown only when it fails (Vite and npm list every file). */
function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 2 ** 20, env: { ...process.env, NODE_ENV: '' } });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed with ${r.status ?? r.signal}:\n${out}`);
  }
}

// ---------------------------------------------------------------- the two builds

/** The before checkout: made, installed and built on first use, then reused (it never changes: the name holds the commit). */
function prepareBefore() {
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', `${beforeRef}^{commit}`]);
  } catch {
    throw new Error(`BENCH_BEFORE_REF=${beforeRef} is not a commit of this repository`);
  }
  const short = sha.slice(0, 7);
  const dir = path.join(path.dirname(repoRoot), `bench-before-${short}`);
  if (!fs.existsSync(dir)) {
    log(`git worktree add --detach ${dir} ${short} …`);
    git(['worktree', 'add', '--detach', dir, sha]);
  } else {
    let head = '';
    try {
      head = git(['rev-parse', 'HEAD'], dir);
    } catch {
      /* not a checkout */
    }
    if (head !== sha) throw new Error(`${dir} exists but is not a checkout of ${sha} (HEAD ${head || 'none'}): remove it (git worktree remove --force ${dir}) and run again`);
    log(`reusing the before checkout ${dir}`);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules/.bin/tsx'))) {
    const t = Date.now();
    log('installing its dependencies (npm ci --include=dev) …');
    try {
      run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], dir);
    } catch (err) {
      // npm 11 can reject a lock that lists only this platform's optional packages (scripts/ensure-deps.mjs).
      log(`npm ci failed (${String(err).split('\n')[0]}); npm install --include=dev instead …`);
      run('npm', ['install', '--include=dev', '--no-audit', '--no-fund'], dir);
    }
    log(`installed in ${elapsed(t)}`);
  }
  const dist = path.join(dir, 'apps/web/dist');
  const builtMark = path.join(dist, '.bench-compare-built');
  if (!fs.existsSync(builtMark)) {
    const t = Date.now();
    log('building its web app (npm run build -w apps/web) …');
    run('npm', ['run', 'build', '-w', 'apps/web'], dir);
    fs.writeFileSync(builtMark, `${sha}\n`);
    log(`built in ${elapsed(t)}`);
  }
  return { dir, sha, dist };
}

/** This working tree's web app, built into a private directory (other people's builds empty apps/web/dist). */
function buildAfter(dist: string) {
  const t = Date.now();
  log(`building this working tree's web app into ${dist} …`);
  run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], path.join(repoRoot, 'apps/web'));
  log(`built in ${elapsed(t)}`);
  const head = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=normal']) !== '';
  return { sha: head, label: `working tree at ${head.slice(0, 7)}${dirty ? ' + uncommitted changes' : ''}` };
}

/**
 * Starts a server with a checkout's own harness. The harness checks process.env.WEB_DIST_DIR (or its own
 * apps/web/dist) before its first await, so it is set for that moment; the child gets the dist explicitly.
 */
function startWith(harness: Harness, dist: string, dataDir: string): Promise<Server> {
  const saved = process.env.WEB_DIST_DIR;
  process.env.WEB_DIST_DIR = dist;
  try {
    return harness.startServer({ SEED_DEMO: 'true', RATE_LIMITS: 'false', WEB_DIST_DIR: dist, DATA_DIR: dataDir });
  } finally {
    if (saved === undefined) delete process.env.WEB_DIST_DIR;
    else process.env.WEB_DIST_DIR = saved;
  }
}

// ---------------------------------------------------------------- measuring

interface Sample {
  score: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  html_bytes: number;
  script_bytes: number;
  total_bytes: number;
}

function sample(lhr: LhResult, url: string): Sample {
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const doc = requests.find((x) => x.resourceType === 'Document' && x.url === url) ?? requests.find((x) => x.resourceType === 'Document');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp_ms: round(a['first-contentful-paint']?.numericValue ?? NaN, 0),
    lcp_ms: round(a['largest-contentful-paint']?.numericValue ?? NaN, 0),
    tbt_ms: round(a['total-blocking-time']?.numericValue ?? NaN, 0),
    cls: round(a['cumulative-layout-shift']?.numericValue ?? NaN, 3),
    html_bytes: doc?.transferSize ?? NaN,
    script_bytes: lhBytes(lhr, 'script'),
    total_bytes: lhBytes(lhr, 'total'),
  };
}

function median(xs: number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const metrics: (keyof Sample)[] = ['score', 'fcp_ms', 'lcp_ms', 'tbt_ms', 'cls', 'html_bytes', 'script_bytes', 'total_bytes'];
const medians = (xs: Sample[]) => Object.fromEntries(metrics.map((k) => [k, median(xs.map((x) => x[k]))])) as unknown as Sample;

function mdTable(head: string[], rows: (string | number)[][]): string {
  const line = (r: (string | number)[]) => `| ${r.join(' | ')} |`;
  return [line(head), `| ${head.map((_, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`, ...rows.map(line)].join('\n');
}

const signed = (x: number, digits = 0) => (Number.isFinite(x) ? `${x > 0 ? '+' : ''}${round(x, digits)}` : 'n/a');
const fmtRow = (s: Sample) => [round(s.score, 0), round(s.fcp_ms, 0), round(s.lcp_ms, 0), round(s.tbt_ms, 0), round(s.cls, 3), kb(s.html_bytes), kb(s.script_bytes), kb(s.total_bytes)];
const deltaRow = (b: Sample, a: Sample) => [
  signed(a.score - b.score),
  signed(a.fcp_ms - b.fcp_ms),
  signed(a.lcp_ms - b.lcp_ms),
  signed(a.tbt_ms - b.tbt_ms),
  signed(a.cls - b.cls, 3),
  signed((a.html_bytes - b.html_bytes) / 1024, 1),
  signed((a.script_bytes - b.script_bytes) / 1024, 1),
  signed((a.total_bytes - b.total_bytes) / 1024, 1),
];
const HEAD = ['page', 'side', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'HTML KB', 'JS KB', 'total KB'];

// ---------------------------------------------------------------- main

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup() {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch (err) {
      console.error(err);
    }
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping the servers …`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const [load] = os.loadavg();
  if (load! > os.cpus().length * 2)
    log(`warning: the machine is busy (load ${round(load!, 1)} on ${os.cpus().length} cores): the numbers will be noisy, and a server start can miss the harness's 90 s deadline`);
  const before = prepareBefore();
  let afterDist = process.env.BENCH_AFTER_DIST ? path.resolve(process.env.BENCH_AFTER_DIST) : '';
  let after: { sha: string; label: string };
  if (afterDist) {
    if (!fs.existsSync(path.join(afterDist, 'index.html'))) throw new Error(`BENCH_AFTER_DIST=${afterDist} has no index.html`);
    const head = git(['rev-parse', 'HEAD']);
    after = { sha: head, label: `API of the working tree at ${head.slice(0, 7)}, web app from ${afterDist}` };
    log(`after serves ${afterDist} (BENCH_AFTER_DIST, not rebuilt)`);
  } else {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-compare-'));
    cleanups.push(() => fs.rmSync(dist, { recursive: true, force: true }));
    afterDist = dist;
    after = buildAfter(dist);
  }

  const beforeHarnessFile = path.join(before.dir, 'e2e/harness.ts');
  const beforeHarness = (await import(pathToFileURL(beforeHarnessFile).href)) as Harness;
  if (typeof beforeHarness.startServer !== 'function') throw new Error(`${beforeHarnessFile} has no startServer()`);

  // One after the other (both then serve at once). A cold start (PGlite's first boot, migrations, the locations
  // import, demo photos) takes 20–30 s of CPU: on a 2-core machine that other test runs keep busy it can miss the
  // harness's 90 s deadline. The DATA_DIR is ours, so a retry keeps what the killed try committed (each
  // migration and the demo seed are one transaction) and gets further.
  const tries = envInt('BENCH_COMPARE_START_TRIES', 3);
  const start = async (side: Side, harness: Harness, dist: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `manzil-bench-compare-data-${side}-`));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    for (let attempt = 1; ; attempt++) {
      const t = Date.now();
      log(`starting the ${side} server with demo content${attempt > 1 ? ` (try ${attempt}/${tries})` : ''} …`);
      try {
        const server = await startWith(harness, dist, dataDir);
        cleanups.push(() => server.stop());
        log(`${side} at ${server.url}, up in ${elapsed(t)}`);
        return server;
      } catch (err) {
        const late = /did not start in time/.test(String(err));
        if (!late || attempt >= tries) throw new Error(`the ${side} server did not start: ${String(err)}`);
        log(`the ${side} server missed the harness's 90 s deadline (load ${round(os.loadavg()[0]!, 1)}); again on the same DATA_DIR`);
      }
    }
  };
  const beforeServer = await start('before', beforeHarness, before.dist);
  const afterServer = await start('after', afterHarness, afterDist);
  const servers: Record<Side, Server> = { before: beforeServer, after: afterServer };

  // A listing both have: the demo content is the same unless the change touched it.
  const [beforeIds, afterIds] = await Promise.all([publicListingIds(beforeServer.url, 50), publicListingIds(afterServer.url, 50)]);
  const common = beforeIds.find((id) => afterIds.includes(id));
  const notes: string[] = [];
  const detailsId: Record<Side, number> = { before: common ?? beforeIds[0]!, after: common ?? afterIds[0]! };
  if (!detailsId.before || !detailsId.after) throw new Error('the demo content has no public listing');
  if (common === undefined) notes.push(`No listing id is public on both servers: details compares listing ${detailsId.before} (before) with ${detailsId.after} (after).`);

  // Always named: without it the server answers by Accept-Language (Lighthouse's Chromium asks for English) while
  // 7f3c1fc's pages start in Arabic, and the two sides would not measure the same language.
  const query = `?lang=${lang}`;
  // BENCH_COMPARE_PAGES=home,details measures only those (names as printed; default all three).
  const only = process.env.BENCH_COMPARE_PAGES?.split(',').map((s) => s.trim());
  const pages = [
    { name: 'home', path: () => `/${query}` },
    { name: 'search list', path: () => `/search-list${query}` },
    { name: 'details', path: (side: Side) => `/property-details/${detailsId[side]}${query}` },
  ].filter((p) => !only || only.includes(p.name));

  const chrome = await launchChrome();
  cleanups.push(() => chrome.kill());
  const samples: { page: string; run: number; side: Side; order: number; path: string; sample: Sample; benchmark_index?: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const order: Side[] = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const p of pages) {
      for (const [k, side] of order.entries()) {
        const url = servers[side].url + p.path(side);
        const t0 = Date.now();
        const lhr = await lighthouseRun(chrome.port, url);
        const s = sample(lhr, url);
        samples.push({ page: p.name, run: i + 1, side, order: k + 1, path: p.path(side), sample: s, benchmark_index: lhr.environment?.benchmarkIndex });
        log(`run ${i + 1}/${runs} ${p.name.padEnd(11)} ${side.padEnd(6)} score ${s.score}, LCP ${s.lcp_ms} ms, TBT ${s.tbt_ms} ms, HTML ${kb(s.html_bytes)} KB, total ${kb(s.total_bytes)} KB in ${elapsed(t0)}`);
      }
    }
  }

  const summary = pages.map((p) => {
    const of = (side: Side) => medians(samples.filter((x) => x.page === p.name && x.side === side).map((x) => x.sample));
    return { page: p.name, before: of('before'), after: of('after') };
  });
  const rows = summary.flatMap((s) => [
    [s.page, 'before', ...fmtRow(s.before)],
    [s.page, 'after', ...fmtRow(s.after)],
    [s.page, 'Δ after − before', ...deltaRow(s.before, s.after)],
  ]);
  const home = summary.find((s) => s.page === 'home');
  const bi = median(samples.map((x) => x.benchmark_index ?? NaN));
  const date = new Date().toISOString();
  const md = [
    `# Side by side: before ${beforeRef} (${before.sha.slice(0, 7)}) and after (${after.label})`,
    '',
    `${date}. Lighthouse mobile preset (${process.env.BENCH_LH_THROTTLING === 'devtools' ? 'Chromium slowed by DevTools' : 'simulated'}: slow 4G, 4× CPU), system Chromium, language ${lang}; ${runs} run${runs === 1 ? '' : 's'} per page and side, before/after alternated (after first on even runs), both servers up at once with the demo content. Medians; KB as transferred (compressed by the server): HTML = the document request, JS = all scripts, total = every request.`,
    '',
    mdTable(HEAD, rows),
    '',
    ...(home ? [`Home initial JavaScript (scripts the home page loads before interaction, as transferred): before ${kb(home.before.script_bytes)} KB, after ${kb(home.after.script_bytes)} KB.`] : []),
    `Machine: ${machineAtStart.cpu}, ${machineAtStart.cores} cores, ${machineAtStart.memory_gb} GB; Lighthouse BenchmarkIndex ${round(bi, 0)}. Details page: ${pages[2]!.path('before')}${common === undefined ? ` / ${pages[2]!.path('after')}` : ''}.`,
    ...notes,
    '',
    '## Every run',
    '',
    mdTable(
      ['page', 'side', 'run', 'order', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'HTML KB', 'JS KB', 'total KB'],
      samples.map((x) => [x.page, x.side, x.run, x.order, ...fmtRow(x.sample)]),
    ),
    '',
  ].join('\n');

  const json = writeResult('compare', {
    date,
    machine: machineAtStart,
    before: { ref: beforeRef, sha: before.sha, dir: before.dir },
    after: { sha: after.sha, label: after.label },
    lang,
    runs,
    details_id: detailsId,
    notes,
    medians: summary,
    samples,
    load_average_at_end: os.loadavg().map((x) => round(x, 2)),
    total_seconds: round((Date.now() - started) / 1000, 1),
  });
  const mdFile = json.replace(/\.json$/, '.md');
  fs.writeFileSync(mdFile, md);
  console.log(`\n${md.slice(0, md.indexOf('## Every run')).trimEnd()}\n`);
  log(`results: ${path.relative(process.cwd(), mdFile)} (every run there and in ${path.basename(json)}); done in ${elapsed(started)}`);
}

// Exits when done: a harness whose server failed to start leaves its tile stub listening.
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup().finally(() => process.exit()));
