import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityStat, mapSearchResult, searchBody, searchResult, type SearchResult } from '@manzil/shared';
import { compileSerializer } from '../../lib/serialize.js';
import { reuseCompressed } from '../../plugins/compress.js';
import { PageCache } from './page-cache.js';
import { countsByGovernorate, searchPageJson, searchPins } from './service.js';

/**
 * Public search. '/listings/search' and '/listings/stats/by-city' are static paths, so Fastify prefers
 * them to the listings area's '/listings/:id'.
 */
export default async function searchRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const tags = ['search'];
  // The busiest route: written straight from the schemas (lib/serialize.ts), still only their fields. The
  // route documents both answers; pages of listings come as JSON from page-cache.ts (the pages this server has
  // written, checked against the database on every request), pins through writePins.
  const writePins = compileSerializer(mapSearchResult);
  const pages = new PageCache();

  app.post(
    '/listings/search',
    {
      schema: {
        tags,
        summary: 'Search approved, active listings (spec §7); answers {items, total, total_capped}',
        description:
          '`total` is exact up to a cap that moves with the page: the next multiple of 1,000 at least 500 past ' +
          '`skip + limit` (1,000 for the first pages, 6,000 at skip 5,000). Beyond it `total` is the cap and ' +
          '`total_capped` is true ("more than 1,000"); an exact count of every match would cost far more than ' +
          'the page. Paging on raises the cap, so every page stays reachable. The total of a set of filters is ' +
          'kept for SEARCH_COUNT_TTL_SECONDS (30 s by default) and forgotten as soon as this server publishes, ' +
          'changes or removes a listing; a page that is not full always ends on the exact total. The listings ' +
          'themselves are never served stale: every request asks the database which listings are on the page and ' +
          'at which revision, and only a listing unchanged since this server last wrote that page is not read again. With `view: "map"` the items are pins: id, titles, type, ' +
          'price, the cover photo and the property\'s type, rooms, area, position and place names, what a map ' +
          'marker and its popup show, about a third of the bytes of full listings.',
        body: searchBody,
        response: { 200: z.union([searchResult, mapSearchResult]) },
      },
    },
    async (req, reply) => {
      if (req.body.view !== 'map') {
        const page = await searchPageJson(db, storage, config, req.body, pages);
        // Already JSON, written from the same schema, in UTF-8: sent as it is (and the compression hook
        // compresses it once per page and encoding).
        reuseCompressed(reply, page.encoded);
        return reply.type('application/json; charset=utf-8').send(page.body as unknown as SearchResult);
      }
      // A reply's own serializer leaves the content type to the handler.
      reply.serializer(writePins).type('application/json; charset=utf-8');
      return searchPins(db, storage, config, req.body);
    },
  );

  app.get(
    '/listings/stats/by-city',
    { schema: { tags, summary: 'Approved, active listings per governorate, for sale and for rent', response: { 200: z.array(cityStat) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return countsByGovernorate(db);
    },
  );
}
