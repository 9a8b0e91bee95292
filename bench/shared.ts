/** Helpers shared by the benchmarks: environment numbers, percentiles, tables, result files, machine info. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
