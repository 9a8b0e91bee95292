#!/usr/bin/env node
/**
 * Installs dependencies when they are missing or the manifests changed since the last install, so that
 * `npm start` and `npm test` work as the first command on a fresh clone.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifests = ['package.json', 'package-lock.json', 'packages/shared/package.json', 'apps/api/package.json', 'apps/web/package.json'];
const stampFile = path.join(root, 'node_modules', '.manzil-deps-stamp');

function digest() {
  const h = createHash('sha256');
  for (const m of manifests) {
    const f = path.join(root, m);
    if (fs.existsSync(f)) h.update(m).update(fs.readFileSync(f));
  }
  return h.digest('hex');
}

export function ensureDeps() {
  const want = digest();
  const have = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (have === want) return;
  // `npm install` follows package-lock.json; `npm ci` is not used because npm 11 rejects a lock that
  // lists only this platform's optional packages (rollup, esbuild), which is how npm itself writes it here.
  // --include=dev: under NODE_ENV=production (as hosts set it) npm would leave out the build and test tools.
  const cmd = 'npm install --include=dev --no-audit --no-fund';
  console.log(`[manzil] installing dependencies (${cmd}) …`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampFile, digest());
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
