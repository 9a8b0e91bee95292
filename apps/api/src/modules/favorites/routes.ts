import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDetail, favoriteList, favoriteParam, favoritesQuery, noContent } from '@manzil/shared';
import { requestLang } from '../auth/service.js';
import * as svc from './service.js';

/** A signed-in user's favourites (issue 27): keep, forget and list, each user only their own. */
export default async function favoritesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const tags = ['favorites'];
  const security = [{ bearer: [] }];

  app.get(
    '/favorites',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's favourites, newest kept first, each with what changed since it was kept",
        description:
          'Each item has the listing as search gives it, or null (with its id, titles and type) when the public ' +
          'cannot see it; `change` is `deleted` (the listing was deleted: the favourite stays, named as it was ' +
          'kept, until its keeper removes it), `unavailable` (not public at the moment: hidden, expired, in ' +
          'review), `sold`, `rented`, `price_down`, `price_up` (compared with `saved_price` in `saved_currency`) ' +
          'or `none`.',
        security,
        querystring: favoritesQuery,
        response: { 200: favoriteList, 401: errorDetail },
      },
    },
    async (req) => svc.listFavorites(db, storage, config.EXCHANGE_RATES, req.user!.id, req.query.skip, req.query.limit),
  );

  app.put(
    '/favorites/:listingId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Keep a listing the public can see (approved and active), with its price now; again changes nothing',
        description:
          'Its keeper is e-mailed when the price drops (at most one e-mail a day, all drops together), in the ' +
          'language of their latest keeping request (Accept-Language: Arabic unless English comes first).',
        security,
        params: favoriteParam,
        response: { 204: noContent('Kept'), 401: errorDetail, 404: errorDetail },
      },
    },
    async (req, reply) => {
      await svc.addFavorite(db, req.user!.id, req.params.listingId, requestLang(req));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/favorites/:listingId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Forget a favourite, its listing deleted or not (204 also when it was not one)',
        security,
        params: favoriteParam,
        response: { 204: noContent('Forgotten'), 401: errorDetail },
      },
    },
    async (req, reply) => {
      await svc.removeFavorite(db, req.user!.id, req.params.listingId);
      return reply.status(204).send();
    },
  );
}
