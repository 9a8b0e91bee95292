import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtItem, governorateItem, locationSearchQuery, locationSuggestion, uzlahItem, villageItem } from '@manzil/shared';
import * as svc from './service.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The spec's form passes the uzlah id as `uzaal_id`; `uzlah_id` is read when `uzaal_id` is not there. */
const villagesQuery = z.preprocess(
  (q) => {
    const o = q as Record<string, unknown> | undefined;
    return o && o.uzaal_id === undefined && o.uzlah_id !== undefined ? { ...o, uzaal_id: o.uzlah_id } : o;
  },
  z.object({
    uzaal_id: z.preprocess(
      (v) => (v === undefined ? v : Number(v)),
      z.number({ error: (issue) => (issue.input === undefined ? 'uzaal_id is required' : undefined) }).int().positive().max(2_147_483_647),
    ),
    uzlah_id: id.optional().describe('The same id under its other spelling, read when uzaal_id is not sent'),
  }),
);
const CACHE = 'public, max-age=86400';

export default async function locationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['locations'];

  app.get('/locations/governorates', { schema: { tags, response: { 200: z.array(governorateItem) } } }, async (_r, reply) => {
    reply.header('cache-control', CACHE);
    return svc.governorates(db);
  });

  app.get(
    '/locations/districts',
    { schema: { tags, querystring: z.object({ governorate_id: id }), response: { 200: z.array(districtItem) } } },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return svc.districts(db, req.query.governorate_id);
    },
  );

  app.get(
    '/locations/uzaal',
    { schema: { tags, querystring: z.object({ district_id: id }), response: { 200: z.array(uzlahItem) } } },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return svc.uzaal(db, req.query.district_id);
    },
  );

  app.get(
    '/locations/villages',
    { schema: { tags, querystring: villagesQuery, response: { 200: z.array(villageItem) } } },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return svc.villages(db, req.query.uzaal_id);
    },
  );

  app.get(
    '/locations/search',
    {
      schema: {
        tags,
        summary: 'Location suggestions over governorates, districts, uzaal and villages (Arabic-normalised)',
        querystring: locationSearchQuery,
        response: { 200: z.array(locationSuggestion) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return svc.searchLocations(db, req.query.q, req.query.limit, req.query.type);
    },
  );
}
