import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDetail, idParam, noContent, rateChangeList, rateChangesQuery, ratesResponse, rateZonePatch, rateZoneUpdated } from '@manzil/shared';
import { rateLimitByIp } from '../auth/rate-limit.js';
import * as svc from './service.js';

/** Short: an administrator's change reaches visitors within a minute; the ETag makes re-asking cheap. */
const CACHE = 'public, max-age=60';

/** Exchange rates, public (issue 29). */
export async function ratesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/rates',
    {
      schema: {
        tags: ['rates'],
        summary: "Exchange rates: the rial's rate zones with their governorates and district exceptions, and the national rates",
        description:
          'Units per US dollar. A YER price converts with the zone of its district if the district is listed in one, ' +
          'else the zone of its governorate, else `default_yer_per_usd`. USD and SAR are national. Cacheable for a ' +
          'minute, with an ETag (If-None-Match → 304).',
        response: { 200: ratesResponse, 304: noContent('The rates have not changed since the ETag sent') },
      },
    },
    async (req, reply) => {
      const body = await svc.readRates(db, config.EXCHANGE_RATES);
      const etag = svc.etagOf(body);
      reply.header('cache-control', CACHE).header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return body;
    },
  );
}

/** Changes a minute per address: an administrator's edits, too few to keep the database repricing. */
const WRITES_PER_MINUTE = 20;

/** The administrators' side (admin only: anonymous 401, others 403). */
export async function adminRatesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const denied = { 401: errorDetail, 403: errorDetail };
  app.addHook('onRequest', app.requireAdmin);

  app.patch(
    '/admin/rates/zones/:id',
    {
      config: rateLimitByIp(config, WRITES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary: `Change a rate zone's rials per dollar and/or its governorates and district exceptions; recorded, and every affected listing repriced at once. ${WRITES_PER_MINUTE} a minute per address`,
        description:
          'Fields left out stay. `governorate_ids` and `district_ids` are the whole lists: a governorate listed moves here ' +
          'from its zone, and one left out must have been moved to another zone first (422); a district left out goes back ' +
          "to its governorate's zone; an exception in its own governorate's zone is dropped. Unknown ids, or a body with " +
          "no field: 422. An unknown zone: 404. Each zone changed gets a history row; listings' USD values are recomputed " +
          'in one statement and search totals are counted again.',
        params: idParam,
        body: rateZonePatch,
        response: { 200: rateZoneUpdated, 404: errorDetail, 429: errorDetail, ...denied },
      },
    },
    async (req) => svc.updateZone(db, { zoneId: req.params.id, adminId: req.user!.id, patch: req.body, national: config.EXCHANGE_RATES }),
  );

  app.get(
    '/admin/rates/history',
    {
      schema: {
        tags,
        security,
        summary: 'Every change of a rate zone, newest first: who, when, the zone before and after, listings repriced',
        querystring: rateChangesQuery,
        response: { 200: rateChangeList, ...denied },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return svc.listChanges(db, req.query);
    },
  );
}
