import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';

const engine = z.enum(['pglite', 'postgres']);
const healthy = z.object({ status: z.literal('ok'), database: z.object({ reachable: z.literal(true), engine, latency_ms: z.number().int() }) });
const degraded = z
  .object({ status: z.literal('degraded'), database: z.object({ reachable: z.literal(false), engine, error: z.string() }) })
  .describe('The database does not answer');
const clientConfig = z.object({
  map_tile_url: z.string(),
  satellite_tile_url: z.string(),
  google_client_id: z.string().nullable(),
  exchange_rates: z.record(z.string(), z.number()),
});

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['meta'], summary: 'Service and database health', response: { 200: healthy, 503: degraded } } }, async (_req, reply) => {
    const started = performance.now();
    try {
      await sql`select 1`.execute(app.deps.db);
      return { status: 'ok', database: { reachable: true, engine: app.deps.dbKind, latency_ms: Math.round(performance.now() - started) } };
    } catch (err) {
      return reply.status(503).send({ status: 'degraded', database: { reachable: false, engine: app.deps.dbKind, error: (err as Error).message } });
    }
  });

  /** Public client configuration the web app reads at start (tile URLs, Google client id, rates). */
  app.get('/config', { schema: { tags: ['meta'], summary: 'Public client configuration', response: { 200: clientConfig } } }, async (_req, reply) => {
    const c = app.deps.config;
    reply.header('cache-control', 'public, max-age=300');
    return {
      map_tile_url: c.MAP_TILE_URL,
      satellite_tile_url: c.SATELLITE_TILE_URL,
      google_client_id: c.GOOGLE_CLIENT_ID ?? null,
      exchange_rates: c.EXCHANGE_RATES,
    };
  });
}
