/**
 * Registers the start-up steps of each area (admin bootstrap, demo content, background workers).
 * Imported by server.ts and by the test and benchmark harnesses.
 */
import { addStartupHook, addWorker } from './bootstrap.js';
import { startPriceDropJob } from './modules/favorites/price-drop.js';
import { startExpiryJob } from './modules/listings/expiry.js';
import { startAlertsWorker } from './modules/alerts/worker.js';
import { startMailWorker } from './modules/mail/worker.js';
import { startMediaSweeper } from './modules/media/sweep.js';
import { startIdempotencySweep } from './lib/idempotency.js';
import { startVariantBytesBackfill } from './modules/media/variant-bytes.js';
import { zonelessGovernorates } from './modules/rates/service.js';
import { ensureAdmin } from './modules/users/service.js';

// ADMIN_EMAIL + ADMIN_PASSWORD: that address is the operator's administrator, signed in with ADMIN_PASSWORD,
// whoever registered it first (users/service.ts ensureAdmin; idempotent once applied).
addStartupHook('admin-account', async ({ config, database, log }) => {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (result === 'created') log.info(`admin account ${config.ADMIN_EMAIL}: created`);
  if (result === 'reset') log.warn(`admin account ${config.ADMIN_EMAIL}: made ADMIN with ADMIN_PASSWORD; its other sessions, Google link and pending e-mail change were ended`);
});

// Rate zones (issue 29): EXCHANGE_RATES' YER only prices governorates in no zone; say which, if any.
addStartupHook('rate-zones', async ({ config, database, log }) => {
  const missing = await zonelessGovernorates(database.db);
  if (missing.length) log.warn(`rates: governorates in no rate zone (${missing.join(', ')}) convert rials at EXCHANGE_RATES' YER=${config.EXCHANGE_RATES.YER}; put them in a zone at /admin/rates`);
  else log.info(`rates: every governorate is in a rate zone (/admin/rates); EXCHANGE_RATES gives USD and SAR, its YER applies to none`);
});

// The mail outbox delivery worker (contact messages, moderation e-mails).
addWorker('mail-outbox', (app) => startMailWorker(app.deps.db, app.deps.config, app.log));

// Favourites' price drops: one e-mail a day at most per user, all their drops together.
addWorker('price-drop-mail', (app) => startPriceDropJob(app.deps, app.log));

// Listings that expire (issue 28): expire after 90 days, remind owners 7 days before, sold homes out of search after 14.
addWorker('listing-expiry', (app) => startExpiryJob(app.deps, app.log));

// Saved-search alerts: match listings that became public, mail instant alerts and the daily/weekly digests.
addWorker('alerts', (app) => startAlertsWorker(app.deps, app.log));

// Upload files no row points to (a crash between writing them and the commit), at start and every hour.
addWorker('media-sweep', (app) =>
  startMediaSweeper(app.deps.db, app.deps.storage, app.log, { graceMs: app.deps.config.MEDIA_SWEEP_GRACE_SECONDS * 1000 }),
);

// Idempotency-Key answers (issue 30) are kept 24 hours, then removed, at start and every hour.
addWorker('idempotency-sweep', (app) => startIdempotencySweep(app.deps.db, app.log));

// Sizes of photos stored before migration 032, for the data saver's "show photo (34 KB)" (issue 30).
addWorker('media-variant-bytes', (app) => startVariantBytesBackfill(app.deps.db, app.deps.storage, app.log));

// Demo content on an empty database (SEED_DEMO, DESIGN §3).
import './db/demo/hook.js';
