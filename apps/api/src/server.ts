/**
 * Starts ONE server on PORT: the API under /api/v1, uploads under /uploads, the web app with history
 * fallback. Shuts down gracefully on SIGINT/SIGTERM so in-flight requests finish.
 */
import { buildApp } from './app.js';
import { openConfiguredDatabase, prepareDatabase, startWorkers } from './bootstrap.js';
import { loadConfigOrExit } from './config.js';
import { DataDirInUse } from './db/data-dir-lock.js';
import './startup-hooks.js';
import { registerWeb } from './plugins/web.js';

async function main() {
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL },
    compress: true,
  });
  await prepareDatabase(config, database, app.log);
  await registerWeb(app, { distDir: config.WEB_DIST_DIR });
  let stopWorkers = async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await stopWorkers();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Once listening: a server that cannot (its port taken) sends no mail and matches no alerts on its way out.
  stopWorkers = startWorkers(app);
  if (!config.PUBLIC_URL) {
    app.log.warn(`PUBLIC_URL is not set: links in e-mails, canonical URLs and the sitemap use ${app.deps.publicUrl()}`);
  }
  const where = app.deps.publicUrl();
  app.log.info(`Manzil is running at ${where} (database: ${database.kind}${config.DATABASE_URL ? '' : ` at ${config.DATA_DIR}`})`);
}

main().catch((err) => {
  // What the operator can act on, said plainly; anything else with its stack.
  if (err instanceof DataDirInUse) console.error(err.message);
  else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`${(err as Error).message}: another server is listening there; stop it or set PORT`);
  else console.error(err);
  process.exit(1);
});
