/**
 * Once per e2e run: a data folder with every migration applied and the locations imported (PGlite), which each
 * test file's server starts from as a copy (harness.ts startServer). Building that from nothing took every
 * server about 13 s of a quiet 2-core machine, most of it PGlite applying migrations and importing 41,494
 * villages; a copy of the folder is read as is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './harness';

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-e2e-template-'));
  // Applying the migrations and importing the villages took over 90 s (a test server's limit) five times running
  // on the shared 2-core machine at load 13-25, failing the whole run before any test: this one gets 5 minutes.
  const server = await startServer({ DATA_DIR: dir }, { startTimeout: 300_000 });
  await server.stop();
  // Read by the harness in each test file's worker, which inherits the environment.
  process.env.MANZIL_E2E_DATA_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
