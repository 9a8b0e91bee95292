import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AccountLimits } from '../modules/auth/limits.js';
import type { ViewCounter } from '../modules/listings/views.js';
import type { Storage } from './storage.js';

/** What route modules need, decorated onto the Fastify instance as `app.deps`. */
export interface Deps {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  storage: Storage;
  /**
   * The one public origin of absolute URLs (e-mail links, canonical, og:url, sitemap): PUBLIC_URL, else
   * http://localhost:<the port listened on>. Never the request's Host header, which any client can forge.
   */
  publicUrl: () => string;
  /** Limits per account and per e-mail address (Redis when REDIS_URL is set). */
  limits: AccountLimits;
  /** Views of listings, counted once per visitor and day and written in batches (Redis when REDIS_URL is set). */
  views: ViewCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
