/**
 * Builds the Fastify app: plugins, the error contract, and every route module under /api/v1.
 * No listen here — tests import it; server.ts listens and serves the web app.
 */
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS, MESSAGES } from '@manzil/shared';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { Deps } from './lib/deps.js';
import { createStorage } from './lib/s3-storage.js';
import type { Storage } from './lib/storage.js';
import adminRoutes from './modules/admin/routes.js';
import { adminReportRoutes, reportRoutes } from './modules/reports/routes.js';
import { adminRatesRoutes, ratesRoutes } from './modules/rates/routes.js';
import alertsRoutes, { alertsOneClickRoute } from './modules/alerts/routes.js';
import authRoutes from './modules/auth/routes.js';
import choicesRoutes from './modules/choices/routes.js';
import contactRoutes from './modules/contact/routes.js';
import favoritesRoutes, { priceDropsOneClickRoute } from './modules/favorites/routes.js';
import savedSearchesRoutes from './modules/saved-searches/routes.js';
import healthRoutes from './modules/health/routes.js';
import listingsRoutes from './modules/listings/routes.js';
import marketRoutes from './modules/market/routes.js';
import locationRoutes from './modules/locations/routes.js';
import mediaRoutes from './modules/media/routes.js';
import searchRoutes from './modules/search/routes.js';
import { AccountLimits } from './modules/auth/limits.js';
import { ViewCounter } from './modules/listings/views.js';
import usersRoutes from './modules/users/routes.js';
import authPlugin from './plugins/auth.js';
import { registerCompression } from './plugins/compress.js';
import { clientErrorHandler, registerErrorHandling } from './plugins/errors.js';
import { documentStatuses, openapiTransform } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';

export interface BuildOptions {
  config: Config;
  database: DbHandle;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Extra dependencies for tests (e.g. a Google key source); modules read them from app.deps. */
  overrides?: Partial<Deps> & Record<string, unknown>;
  /** gzip/brotli responses (the server turns it on; tests over inject leave it off). */
  compress?: boolean;
  /** Redis keys of the views counted (modules/listings/views.ts): tests of other databases on one Redis keep apart. */
  viewsKeyPrefix?: string;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (a broken %-escape, a path parameter past maxParamLength) keep the error contract.
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const raw = reply as unknown as FastifyReply;
      void raw.code(tooLong ? 414 : 400).send({ detail: tooLong ? 'Request path is too long' : MESSAGES.badRequest });
    },
    // What Node's HTTP parser refuses (an unknown method, headers past 16 KB) answers {"detail": ...} too.
    clientErrorHandler,
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One Redis connection for every limit of this server (per address and per account) and the views counted.
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) : null;
  const views = new ViewCounter(database.db, redis, { flushMs: config.VIEWS_FLUSH_MS, keyPrefix: opts.viewsKeyPrefix, log: app.log });
  // The views left are written before Redis closes (and before server.ts closes the database).
  app.addHook('onClose', async () => {
    await views.close().catch((err) => app.log.warn({ err }, 'views could not be written'));
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });

  const storage = opts.storage ?? createStorage(config);
  if (!opts.storage && storage.close) app.addHook('onClose', async () => storage.close!());

  const deps: Deps = {
    db: database.db,
    dbKind: database.kind,
    config,
    storage,
    publicUrl: () => {
      if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
      const address = app.server.address();
      return `http://localhost:${address && typeof address === 'object' ? address.port : config.PORT}`;
    },
    limits: new AccountLimits(redis, config.RATE_LIMITS),
    views,
    ...opts.overrides,
  };
  app.decorate('deps', deps);

  registerErrorHandling(app);
  // Every status a route can answer, in the document (plugins/openapi.ts); before any route is added.
  app.addHook('onRoute', documentStatuses(app));
  // Bodies are JSON, form data or multipart: Fastify's default text/plain parser would hand a route a string
  // (then 422 "expected object"), where the answer is 415.
  app.removeContentTypeParser('text/plain');
  await registerSecurityHeaders(app, config);
  if (opts.compress) await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Manzil API',
        version: '1.0.0',
        description:
          'Bilingual real-estate marketplace for Yemen. This document is the contract: generated from the schemas the server validates with, ' +
          'it lists every status an operation answers, with its body. Errors are JSON `{"detail": "message"}`; validation errors are 422 ' +
          'with a list of `{loc, msg, type}`. Text fields refuse control characters (their patterns) and halves of surrogate pairs. ' +
          'Before any operation, the server itself answers, with `{"detail": ...}`: 400 to what is not HTTP, 404 to an unknown path, ' +
          '405 (with Allow) to a known path asked with another method, 408 to a request too slow to arrive, 431 to headers past 16 KB, ' +
          'and 501 to a method it does not know.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, detail: 'Too many requests. Please try again later.', retryAfter: ctx.after }),
  });
  await app.register(authPlugin, { db: database.db, secret: config.JWT_SECRET, expiresInSeconds: config.JWT_EXPIRES_IN_SECONDS });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(locationRoutes);
      await api.register(choicesRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(listingsRoutes);
      await api.register(mediaRoutes);
      await api.register(searchRoutes);
      await api.register(contactRoutes);
      await api.register(favoritesRoutes);
      await api.register(savedSearchesRoutes);
      await api.register(adminRoutes);
      await api.register(reportRoutes);
      await api.register(adminReportRoutes);
      await api.register(ratesRoutes);
      await api.register(adminRatesRoutes);
      await api.register(alertsRoutes);
      await api.register(marketRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The one-click unsubscribe URL of alert mails is a page's URL (its GET is the web app's page).
  await app.register(alertsOneClickRoute);
  await app.register(priceDropsOneClickRoute);
  return app;
}
