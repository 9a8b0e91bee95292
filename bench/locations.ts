/**
 * GET /api/v1/locations/search timed request by request (issue 24): the suggestions the home search box asks
 * for as someone types, on an existing database (DATABASE_URL, or DATA_DIR's PGlite) that holds the real
 * locations and, for the listing counts the ranking reads, some listings (`synthetic.ts 100000`).
 * Each query is asked BENCH_ROUNDS times one after another (no HTTP cache in between); median and p95 in ms.
 *
 *   DATABASE_URL=postgres://…/db node --import tsx bench/locations.ts
 */
import { buildApp } from '../apps/api/src/app.js';
import { openConfiguredDatabase } from '../apps/api/src/bootstrap.js';
import { loadConfig } from '../apps/api/src/config.js';
import { envInt, percentile, round, table } from './shared.js';

const QUERIES = ['صنعاء', 'صن', "Sana'a", 'sanaa', 'حدة', 'السبعين', 'معين', 'عدن', 'Aden', 'ال', 'al', 'حضرموت', 'Hadramout', 'خور مكسر', 'qaryah'];
const rounds = envInt('BENCH_ROUNDS', 30);

const config = loadConfig({ JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...process.env });
const database = await openConfiguredDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const rows: (string | number)[][] = [];
for (const q of QUERIES) {
  const url = `/api/v1/locations/search?q=${encodeURIComponent(q)}&limit=6`;
  const times: number[] = [];
  let first = '';
  for (let i = 0; i < rounds + 2; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${q}: HTTP ${res.statusCode} ${res.body}`);
    if (i >= 2) times.push(ms); // the first two warm the connection and the plan
    first ||= (JSON.parse(res.body) as { displayTextAr: string }[])[0]?.displayTextAr ?? '—';
  }
  rows.push([q, round(percentile(times, 50), 2), round(percentile(times, 95), 2), first]);
}
console.log(table(['query', 'median ms', 'p95 ms', 'first suggestion'], rows));
await app.close();
await database.close();
