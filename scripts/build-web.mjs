#!/usr/bin/env node
/** Builds the web app when its sources are newer than the last build (or it was never built). */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Written only after a whole build: a build cut short (Ctrl-C, a power cut) leaves index.html without the server
// renderer, and the next start must build again rather than serve pages rendered in the browser only.
const STAMP = 'apps/web/dist/.build-complete';
// Everything the build reads: the app, the build steps vite.config.ts imports (apps/web/build) and the shared package.
const sources = ['apps/web/src', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'apps/web/package.json', 'packages/shared/src'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** True when the web app under `dir` was never wholly built, or a source changed since. */
export function webBuildIsStale(dir = root) {
  const stamp = path.join(dir, STAMP);
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return built <= Math.max(...sources.map((s) => newest(path.join(dir, s))));
}

export function buildWebIfStale({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return false;
  const stamp = path.join(root, STAMP);
  console.log('[manzil] building the web app …');
  fs.rmSync(stamp, { force: true });
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale({ force: process.argv.includes('--force') });
