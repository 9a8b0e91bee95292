/**
 * Prepares a database for serving: migrations, the locations import, the configured admin, demo content.
 * Shared by server.ts, the benchmark and the browser tests, so each starts from the same steps.
 */
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DbHandle } from './db/client.js';
import { importLocations } from './db/locations-import.js';
import { migrate } from './db/migrate.js';

export type StartupHook = (ctx: { config: Config; database: DbHandle; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }) => Promise<void>;

/** Steps other areas add (admin bootstrap, demo seed), run in order after migrations and locations. */
const hooks: { name: string; run: StartupHook }[] = [];
export function addStartupHook(name: string, run: StartupHook) {
  if (!hooks.some((h) => h.name === name)) hooks.push({ name, run });
}

export async function openConfiguredDatabase(config: Config): Promise<DbHandle> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}

export async function prepareDatabase(config: Config, database: DbHandle, log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>) {
  const applied = await migrate(database.db);
  if (applied.length) log.info(`database: applied migrations ${applied.join(', ')} (${database.kind})`);
  const loc = await importLocations(database.db, config.LOCATIONS_SOURCE!);
  (loc.builtinOnly ? log.warn : log.info).call(log, loc.message);
  for (const h of hooks) {
    try {
      await h.run({ config, database, log });
    } catch (err) {
      // One step failing (demo content, say) must not keep the marketplace from starting.
      log.error(`start-up step "${h.name}" failed: ${(err as Error).message}`);
    }
  }
}

/** Background work (e.g. the mail outbox) started by server.ts; each returns its stop function. */
export type Worker = (app: FastifyInstance) => () => Promise<void>;
const workers: { name: string; start: Worker }[] = [];
export function addWorker(name: string, start: Worker) {
  if (!workers.some((w) => w.name === name)) workers.push({ name, start });
}
export function startWorkers(app: FastifyInstance): () => Promise<void> {
  const stops = workers.map((w) => w.start(app));
  return async () => {
    await Promise.all(stops.map((s) => s()));
  };
}
