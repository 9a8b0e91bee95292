import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtItem, governorateItem, locationSearchQuery, locationSuggestion, uzlahItem, villageItem } from '@manzil/shared';
import * as svc from './service.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
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

  // The spec's form passes the uzlah id as `uzaal_id`; `uzlah_id` is accepted too.
  app.get(
    '/locations/villages',
    {
      schema: {
        tags,
        querystring: z
          .object({ uzaal_id: id.optional(), uzlah_id: id.optional() })
          .refine((q) => q.uzaal_id ?? q.uzlah_id, { message: 'uzaal_id is required', path: ['uzaal_id'] }),
        response: { 200: z.array(villageItem) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return svc.villages(db, (req.query.uzaal_id ?? req.query.uzlah_id)!);
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
