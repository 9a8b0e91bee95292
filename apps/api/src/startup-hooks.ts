/**
 * Registers the start-up steps of each area (admin bootstrap, demo content, background workers).
 * Imported by server.ts and by the test and benchmark harnesses.
 */
import { addStartupHook } from './bootstrap.js';
import { ensureAdmin } from './modules/users/service.js';

// ADMIN_EMAIL + ADMIN_PASSWORD: create or promote that administrator (idempotent; DESIGN §3).
addStartupHook('admin-account', async ({ config, database, log }) => {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (result !== 'unchanged') log.info(`admin account ${config.ADMIN_EMAIL}: ${result}`);
});
