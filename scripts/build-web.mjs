#!/usr/bin/env node
/** Builds the web app when its sources are newer than the last build (or it was never built). */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
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

export function buildWebIfStale({ force = false } = {}) {
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const src = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (!force && built > src) return false;
  console.log('[manzil] building the web app …');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale({ force: process.argv.includes('--force') });
