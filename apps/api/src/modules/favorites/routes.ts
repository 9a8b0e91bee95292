import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertUnsubscribeBody,
  errorDetail,
  favoriteList,
  favoriteParam,
  favoritesQuery,
  MESSAGES,
  noContent,
  priceDropMailSetting,
} from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { oneClickUnsubscribeOptions } from '../alerts/routes.js';
import { readUnsubscribeToken } from '../alerts/token.js';
import { requestLang } from '../auth/service.js';
import { rateLimitByIp } from '../auth/rate-limit.js';
import { priceDropMailOn, setPriceDropMail } from './price-drop.js';
import * as svc from './service.js';

/** Price-drop mails off from the mail's link, without signing in: the token is the user's id signed for that alone. */
async function unsubscribeFromPriceDrops(db: Database, secret: string, token: string): Promise<void> {
  const userId = readUnsubscribeToken(secret, token, 'price-drops');
  if (userId === null) throw badRequest(MESSAGES.alertUnsubscribeInvalid);
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  await setPriceDropMail(db, userId, false);
}

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

  app.get(
    '/favorites/price-drop-mail',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Whether the signed-in user's favourites e-mail them when their price drops",
        security,
        response: { 200: priceDropMailSetting },
      },
    },
    async (req) => ({ enabled: await priceDropMailOn(db, req.user!.id) }),
  );

  app.put(
    '/favorites/price-drop-mail',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Turn price-drop e-mails on or off; turned on again, they start from the prices now',
        security,
        body: priceDropMailSetting,
        response: { 200: priceDropMailSetting },
      },
    },
    async (req) => {
      await setPriceDropMail(db, req.user!.id, req.body.enabled);
      return { enabled: req.body.enabled };
    },
  );

  app.post(
    '/favorites/price-drop-mail/unsubscribe',
    {
      config: rateLimitByIp(config, 30),
      schema: {
        tags,
        summary: "Turn off the price-drop e-mails of the user a price-drop mail's unsubscribe link is about, without signing in",
        description: 'For the web page of the link. Mail clients use POST /price-drops/unsubscribe?token=… (one-click) instead.',
        body: alertUnsubscribeBody,
        response: {
          204: noContent('They are off (again, if they were)'),
          400: errorDetail.describe('Bad request: a body that does not parse, or a token this server did not sign'),
          404: errorDetail.describe('The account is gone'),
        },
      },
    },
    async (req, reply) => {
      await unsubscribeFromPriceDrops(db, config.JWT_SECRET, req.body.token);
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

/** The one-click unsubscribe of price-drop mails' List-Unsubscribe, at the site's root as the alerts' one. */
export async function priceDropsOneClickRoute(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  app.post(
    '/price-drops/unsubscribe',
    oneClickUnsubscribeOptions(config, {
      tag: 'favorites',
      summary: "One-click unsubscribe (RFC 8058) from the List-Unsubscribe header of a price-drop mail: its user's price-drop e-mails turn off",
      done: 'They are off (again, if they were)',
      gone: 'The account is gone',
    }),
    async (req, reply) => {
      await unsubscribeFromPriceDrops(db, config.JWT_SECRET, req.query.token);
      return reply.status(204).send();
    },
  );
}
