import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Storage } from './storage.js';

/** What route modules need, decorated onto the Fastify instance as `app.deps`. */
export interface Deps {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
