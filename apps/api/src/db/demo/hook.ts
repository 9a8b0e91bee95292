/** Start-up step: demo content on an empty database unless SEED_DEMO=false (DESIGN §3). */
import { addStartupHook } from '../../bootstrap.js';
import { createStorage } from '../../lib/s3-storage.js';
import { renewDemoListings, seedDemo } from '../seed.js';

addStartupHook('demo-content', async ({ config, database, log }) => {
  if (!config.SEED_DEMO) return;
  const started = Date.now();
  const storage = createStorage(config);
  const result = await seedDemo(database.db, storage, config.EXCHANGE_RATES).finally(() => storage.close?.());
  if (!result.seeded) {
    const renewed = await renewDemoListings(database.db);
    if (renewed > 0) log.info(`demo content: ${renewed} listings renewed for 90 days`);
    return;
  }
  log.info(`demo content: ${result.listings} approved listings by "Manzil Demo" in ${Date.now() - started} ms (SEED_DEMO=false turns this off)`);
  // Printed once: the password exists nowhere else.
  if (result.password) log.info(`demo owner account: ${result.email} / password: ${result.password}`);
});
