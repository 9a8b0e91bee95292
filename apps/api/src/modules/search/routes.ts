import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityStat, MAP_SEARCH, mapSearchAnswer, mapSearchBody, mapSearchResult, searchBody, searchResult, type MapSearchAnswer, type SearchResult } from '@manzil/shared';
import { compileSerializer } from '../../lib/serialize.js';
import { reuseCompressed } from '../../plugins/compress.js';
import { searchMap, writeMapPins } from './map.js';
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
          'marker and its popup show, about a third of the bytes of full listings. A map should ask ' +
          '`/listings/search/map` instead, which answers clusters where a view holds many listings.',
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

  app.post(
    '/listings/search/map',
    {
      schema: {
        tags,
        summary: 'What a map shows of a search at a zoom level: its listings as pins, or clusters counted per grid cell',
        description:
          'The filters, bounds and drawn area of `/listings/search`, and the map\'s `zoom`. A view holding at most ' +
          `${MAP_SEARCH.maxPins} matching listings, or any view from zoom ${MAP_SEARCH.pinsFromZoom} on, answers ` +
          '`{mode: "pins", items, total, total_capped}`: the listings as pins (as `view: "map"` sends them), newest ' +
          `first, at most ${MAP_SEARCH.maxPins}. Otherwise \`{mode: "clusters", clusters, total, total_capped, cell_deg}\`: ` +
          `the view is cut into square cells of about ${MAP_SEARCH.cellPx} px at that zoom (\`cell_deg\` degrees a side, ` +
          `twice or more that when the view would hold over ${MAP_SEARCH.maxCells} cells), and each cell that has listings ` +
          'is a cluster: the mean of their positions, their count, the box around them, their price range in USD and ' +
          'how many are for sale and for rent. Cells are whole, so they may reach a little past the view; `total` is ' +
          'the sum of the counts. The counts of a set of filters are kept like the search\'s totals ' +
          '(SEARCH_COUNT_TTL_SECONDS, forgotten as soon as this server changes a listing); pins are always read afresh.',
        body: mapSearchBody,
        response: { 200: mapSearchAnswer },
      },
    },
    async (req, reply) => {
      const found = await searchMap(db, storage, config, req.body);
      reply.type('application/json; charset=utf-8');
      if (found.mode === 'pins') return reply.serializer(writeMapPins).send(found.answer);
      // Written from the clusters' schema once per set of cells, and compressed once per encoding (map.ts).
      reuseCompressed(reply, found.written.encoded);
      return reply.send(found.written.body as unknown as MapSearchAnswer);
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
