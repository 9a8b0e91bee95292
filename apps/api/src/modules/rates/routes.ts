import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent, ratesResponse } from '@manzil/shared';
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
