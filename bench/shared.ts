/** Helpers shared by the benchmarks: environment numbers, percentiles, tables, result files, machine info. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(repoRoot, 'bench/results');

export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`${name} must be an integer ≥ ${min} (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return n;
}

export const envFlag = (name: string) => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

/** Nearest-rank percentile of unsorted samples (copied and sorted here). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const round = (x: number, digits = 1) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);

/** A plain text table with right-aligned numbers. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? String(round(c)) : c)))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function machine() {
  const cpus = os.cpus();
  return {
    host: os.hostname(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.type()} ${os.release()}`,
    node: process.version,
    load_average_at_start: os.loadavg().map((x) => round(x, 2)),
  };
}

export function writeResult(kind: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
  const file = path.join(resultsDir, `${kind}-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export const kb = (bytes: number) => round(bytes / 1024, 1);
export const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------- Lighthouse (bench:web, bench:compare)

export interface LhAudit {
  title?: string;
  displayValue?: string;
  numericValue?: number;
  score?: number | null;
  details?: { items?: { resourceType?: string; transferSize?: number; label?: string; url?: string; statusCode?: number }[] };
}
export interface LhResult {
  categories: { performance: { score: number | null } };
  audits: Record<string, LhAudit>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
}

/** System Chromium (CHROME_PATH, default /usr/bin/chromium), headless, for Lighthouse to drive. */
export async function launchChrome() {
  const { launch, Launcher } = await import('chrome-launcher');
  const { OUR_DISABLED_FEATURES } = await import('../e2e/harness.js');
  // Chromium honours only the last --disable-features: ours go into chrome-launcher's list instead of a second
  // switch that would undo it.
  const defaults = Launcher.defaultFlags().map((f) => (f.startsWith('--disable-features=') ? [f, ...OUR_DISABLED_FEATURES].join(',') : f));
  return launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    ignoreDefaultFlags: true,
    chromeFlags: [...defaults, '--disable-setuid-sandbox', '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
}

/**
 * One Lighthouse run (mobile preset, performance only) in the Chromium on `port`. Throws when Lighthouse failed
 * or the page's document, scripts or styles did not load: such a page measures nothing (e.g. a build replaced under us).
 */
export async function lighthouseRun(port: number, url: string, tries = 3): Promise<LhResult> {
  const { default: lighthouse } = await import('lighthouse');
  // BENCH_LH_THROTTLING=devtools: Chromium itself slowed (4× CPU, slow 4G) instead of Lighthouse's simulation.
  const throttlingMethod = process.env.BENCH_LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
  const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod });
  const lhr = r?.lhr as unknown as LhResult | undefined;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  // NO_NAVSTART and its kin are Lighthouse losing its own trace on a busy machine: that run measured nothing.
  if (lhr.runtimeError && tries > 1) return lighthouseRun(port, url, tries - 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const failed = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (x) => ['Script', 'Stylesheet', 'Document'].includes(x.resourceType ?? '') && (x.statusCode ?? 200) >= 400,
  );
  if (failed.length) throw new Error(`${url}: ${failed.map((x) => `${x.url} ${x.statusCode}`).join(', ')}`);
  return lhr;
}

/** Transferred bytes of one resource type ('script', 'stylesheet', 'document', 'total', …) from resource-summary. */
export const lhBytes = (lhr: LhResult, type: string) =>
  (lhr.audits['resource-summary']?.details?.items ?? []).find((x) => x.resourceType === type)?.transferSize ?? 0;

/** Unthrottled times of the run itself (the `metrics` audit), which Lantern's simulation starts from. */
export function observedTimes(lhr: LhResult) {
  const m = (lhr.audits.metrics?.details?.items?.[0] ?? {}) as unknown as Record<string, number | undefined>;
  const ms = (k: string) => (typeof m[k] === 'number' ? Math.round(m[k]) : null);
  return { dom_content_loaded_ms: ms('observedDomContentLoaded'), first_paint_ms: ms('observedFirstPaint'), lcp_ms: ms('observedLargestContentfulPaint') };
}

/** Ids of public listings, newest first, as the search endpoint answers them (the demo content has some). */
export async function publicListingIds(baseUrl: string, limit = 1): Promise<number[]> {
  const res = await fetch(`${baseUrl}/api/v1/listings/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit }),
  });
  if (!res.ok) throw new Error(`${baseUrl}/api/v1/listings/search answered ${res.status}`);
  return ((await res.json()) as { items: { id: number }[] }).items.map((x) => x.id);
}

/** Where a benchmark runs: its server's environment, a label for the report, and what removes it afterwards. */
export interface BenchTarget {
  env: Record<string, string | undefined>;
  label: string;
  cleanup: () => Promise<void>;
}

/**
 * PGlite in a temporary DATA_DIR, or with DATABASE_URL a new database `<prefix>_<time>` on that server, dropped
 * at the end (`reuse`: the given database as it is, left in place).
 */
export async function benchTarget(prefix: string, reuse = false): Promise<BenchTarget> {
  const url = process.env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const rmDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (!url) return { env: { DATA_DIR: dir, DATABASE_URL: undefined }, label: `PGlite in ${dir}`, cleanup: rmDir };
  const safe = new URL(url);
  safe.password = '';
  if (reuse) return { env: { DATA_DIR: dir, DATABASE_URL: url }, label: `PostgreSQL ${safe} (reused)`, cleanup: rmDir };
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  safe.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dir, DATABASE_URL: target.toString() },
    label: `PostgreSQL ${safe} (fresh, dropped at the end)`,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await rmDir();
    },
  };
}
