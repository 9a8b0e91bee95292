import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MARKET_MIN_LISTINGS, errorDetail, idParam, marketInsights, marketInsightsQuery, marketPosition } from '@manzil/shared';
import * as svc from './service.js';

/** How long a browser or a proxy may keep an answer: medians move slowly, and a minute's lag hides nothing. */
const MAX_AGE_SECONDS = 60;

/** District medians of price per m² (issue 29): public reads, anonymous or signed in alike; nothing is written. */
export default async function marketRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/market/insights',
    {
      schema: {
        tags: ['market'],
        summary: `Median price per m² in USD per district, over public listings, where at least ${MARKET_MIN_LISTINGS} listings back it`,
        description:
          'One listing type at a time (`FOR_SALE` unless asked; sale and rent are never mixed), over public listings ' +
          'with a price and an area. Each row is a district and a property type (one row per district with ' +
          '`property_type`), with the median of price_usd / area_sqm and how many listings it is taken over; districts ' +
          `with fewer than ${MARKET_MIN_LISTINGS} such listings are left out. Rent prices are monthly (listings store no ` +
          'other period), so rent medians are USD per m² per month (`price_period: "month"`; sale: `"total"`). With `district_id`, only ' +
          'that district. Highest median first. The same for every reader; may be cached for ' +
          `${MAX_AGE_SECONDS} s.`,
        querystring: marketInsightsQuery,
        response: { 200: marketInsights },
      },
    },
    async (req, reply) => {
      const body = await svc.marketInsights(db, req.query);
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return body;
    },
  );

  app.get(
    '/listings/:id/market-position',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['market'],
        summary: "A listing's price per m² beside its district's median for its listing and property type",
        description:
          'The median is of the public listings of the same listing type, property type and district with a price ' +
          `and an area (the listing itself among them when public), as GET /market/insights gives it. \`comparison\` is ` +
          `null when the listing has no price, area or district, or fewer than ${MARKET_MIN_LISTINGS} listings back ` +
          'the median. 404 as for `GET /listings/{id}`: the public asks about public listings only, the owner and ' +
          `admins also about their own non-public one. About a public listing the answer may be cached by anyone for ` +
          `${MAX_AGE_SECONDS} s; about a non-public one it is not stored.`,
        params: idParam,
        response: { 200: marketPosition, 404: errorDetail },
      },
    },
    async (req, reply) => {
      const found = await svc.marketPosition(db, req.user, req.params.id);
      reply.header('cache-control', found.public ? `public, max-age=${MAX_AGE_SECONDS}` : 'private, no-store');
      return found.body;
    },
  );
}
