#!/usr/bin/env node
/**
 * `npm test`: installs what is missing, then lint, type checks, builds the web app if stale, unit and API tests
 * (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set) and the browser journeys in headless Chromium. Ends
 * with one summary line "N passed, N failed".
 */
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';
import { ensureDeps } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureDeps();

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- api` runs one project
const PROJECTS = ['lint', 'types', 'unit', 'api', 'e2e'];
const unknown = only.filter((p) => !PROJECTS.includes(p));
if (unknown.length) {
  // Anything else would run nothing and still print "all green".
  console.error(`[manzil] unknown test project ${unknown.join(', ')}: choose from ${PROJECTS.join(', ')} (one file: npx vitest run --project api <file>)`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(name, cmd) {
  console.log(`\n[manzil] ${name}: ${cmd}`);
  const r = spawnSync(cmd, { shell: true, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failures.push(name);
    failed += 1;
    return false;
  }
  passed += 1;
  return true;
}

function vitest(projects) {
  const out = path.join(os.tmpdir(), `manzil-vitest-${process.pid}-${projects.join('-')}.json`);
  const args = projects.map((p) => `--project ${p}`).join(' ');
  console.log(`\n[manzil] vitest ${projects.join(', ')}`);
  const r = spawnSync(`npx vitest run ${args} --reporter=default --reporter=json --outputFile.json=${out}`, {
    shell: true,
    stdio: 'inherit',
    env: process.env,
  });
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if ((j.numFailedTests ?? 0) > 0 || r.status !== 0) failures.push(`vitest ${projects.join(',')}`);
    if (r.status !== 0 && (j.numFailedTests ?? 0) === 0) failed += 1; // a suite failed to load
    fs.rmSync(out, { force: true });
  } else {
    failures.push(`vitest ${projects.join(',')} (no report)`);
    failed += 1;
  }
}

const want = (p) => only.length === 0 || only.includes(p);

if (want('lint')) step('lint', 'npx eslint . --max-warnings=0');
if (want('types')) step('type check', 'npx tsc -p packages/shared && npx tsc -p apps/api && npx tsc -p apps/web --noEmit && npx tsc -p e2e');
if (!process.env.TEST_DATABASE_URL) console.log('[manzil] TEST_DATABASE_URL not set: data-layer tests run on PGlite only');
if (!process.env.TEST_REDIS_URL) console.log('[manzil] TEST_REDIS_URL not set: limits shared through Redis are not tested');
// The web app is built before the API tests too: some of them check the built pages (the CSP's script hashes).
let webBuilt = false;
if (want('api') || want('e2e')) {
  try {
    buildWebIfStale();
    webBuilt = true;
  } catch (err) {
    console.error(err);
    failures.push('web build');
    failed += 1;
  }
}
const units = ['unit', 'api'].filter(want);
if (units.length) vitest(units);
if (want('e2e') && webBuilt) {
  if (!fs.existsSync(chrome)) {
    console.error(`[manzil] Chromium not found at ${chrome}. Install it (Debian: "apt-get install -y chromium") or set CHROME_PATH.`);
    failures.push('e2e (no Chromium)');
    failed += 1;
  } else {
    vitest(['e2e']);
  }
}

console.log(`\n[manzil] ${failures.length ? `failed: ${failures.join('; ')}` : 'all green'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
void execSync;
