import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, errorDetail, idParam, listingCreateBody, listingRead, listingUpdateBody, myListingList, myListingsQuery, noContent, priceHistory, similarListings, type SimilarListings } from '@manzil/shared';
import { notFound } from '../../lib/errors.js';
import { readListing } from './read.js';
import { ACCOUNT_LIMITS } from '../auth/limits.js';
import * as svc from './service.js';
import { EXPIRY_DAYS, renewListing } from './expiry.js';
import { requestLang } from '../auth/service.js';
import { similarListings as findSimilar, SIMILAR_LIMIT } from './similar.js';
import { PRICE_HISTORY_LIMIT, priceHistoryFor } from './price-history.js';
import { PageCache, type WrittenList } from '../search/page-cache.js';
import { reuseCompressed } from '../../plugins/compress.js';

/**
 * Routes of the listings area (spec §7 Listings): an owner's create, edit, delete and own list, and the
 * single-listing read. Search lives in modules/search, images in modules/media.
 */
export default async function listingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const tags = ['listings'];
  const security = [{ bearer: [] }];
  // Eight full cards under every details page a visitor scrolls through: kept as written, like search's pages.
  const similarKept = new PageCache<WrittenList>();

  app.post(
    '/listings/',
    {
      preHandler: [app.requireUser, app.deps.limits.perAccount('listingCreate')],
      schema: {
        tags,
        summary: `Create a listing (pending until an admin approves it). Keys lat, lng and coordinates are ignored. 429 after ${ACCOUNT_LIMITS.listingCreate.points} an hour per account`,
        security,
        body: listingCreateBody,
        response: { 201: listingRead, 401: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const id = await svc.createListing(db, req.user!, req.body, config.EXCHANGE_RATES, requestLang(req));
      const listing = await readListing(db, storage, id, { contact: true });
      return reply.status(201).send(listing!);
    },
  );

  app.get(
    '/listings/my-listings',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's own listings of every status, newest first, each with message_count and unread_messages",
        security,
        querystring: myListingsQuery,
        response: { 200: myListingList, 401: errorDetail },
      },
    },
    async (req) => svc.myListings(db, storage, req.user!.id, req.query.skip, req.query.limit),
  );

  app.get(
    '/listings/:id',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'One listing with owner contact. Public when approved and active (counts a view, once per visitor and day, shown once written: within seconds); the owner and admins read any.',
        params: idParam,
        response: { 200: listingRead, 404: errorDetail },
      },
    },
    async (req) =>
      svc.getListingFor(db, storage, req.user, req.params.id, () =>
        app.deps.views.record(req.params.id, req.user ? { userId: req.user.id } : { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
      ),
  );

  app.get(
    '/listings/:id/similar',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `Up to ${SIMILAR_LIMIT} public listings like this one, nearest first, as search's cards`,
        description:
          'Same listing type and property type, priced within ±35% of the listing in USD (when it has a price), never ' +
          'the listing itself: those of its district first, then of its governorate, then the rest by distance from ' +
          'its point; listings without a point come after those with one. 404 as for `GET /listings/{id}`: the ' +
          'public asks about public listings only, the owner and admins also about their own non-public one. The ' +
          'answer about a public listing may be cached by anyone for 60 s; about a non-public one it is not stored.',
        params: idParam,
        response: { 200: similarListings, 404: errorDetail },
      },
    },
    async (req, reply) => {
      const found = await findSimilar(db, storage, similarKept, req.user, req.params.id);
      // The same for every visitor, like the by-city counts; only its owner or an admin sees a non-public one's.
      reply.header('cache-control', found.public ? 'public, max-age=60' : 'private, no-store');
      // Already JSON from the same schema (as search's pages): sent as it is, compressed once per encoding.
      reuseCompressed(reply, found.written.encoded);
      return reply.type('application/json; charset=utf-8').send(found.written.body as unknown as SimilarListings);
    },
  );

  app.get(
    '/listings/:id/price-history',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `The listing's price changes, newest first (at most ${PRICE_HISTORY_LIMIT})`,
        description:
          "Each change of the price or currency by the owner's edit: `old_price`/`old_currency` before it, " +
          '`new_price`/`currency` after it (a null price is "price on request"), `changed_at` in UTC. 404 as for ' +
          '`GET /listings/{id}`: the public asks about public listings only, the owner and admins also about their own ' +
          'non-public one.',
        params: idParam,
        response: { 200: priceHistory, 404: errorDetail },
      },
    },
    async (req) => priceHistoryFor(db, req.user, req.params.id),
  );

  app.patch(
    '/listings/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Edit one's own listing; fields left out stay. A content change to an approved listing returns it to pending; a new price alone does not, unless it is under half of the price it was approved at.",
        security,
        params: idParam,
        body: listingUpdateBody,
        response: { 200: listingRead, 401: errorDetail, 403: errorDetail, 404: errorDetail },
      },
    },
    async (req) => {
      await svc.updateListing(db, req.user!, req.params.id, req.body, config.EXCHANGE_RATES, requestLang(req));
      const listing = await readListing(db, storage, req.params.id, { contact: true });
      if (!listing) throw notFound();
      return listing;
    },
  );

  app.post(
    '/listings/:id/renew',
    {
      // A renewal is one small write; 30 a minute per address is far above a person clicking Renew on each card.
      config: config.RATE_LIMITS
        ? {
            rateLimit: {
              max: 30,
              timeWindow: 60_000,
              keyGenerator: (req: FastifyRequest) => req.ip,
              errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) => ({ statusCode: 429, detail: MESSAGES.tooManyRequests, retryAfter: ctx.after }),
            },
          }
        : {},
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: `Renew an approved listing (owner or admin): it stays public for ${EXPIRY_DAYS} more days from now, and an expired one is public again. Someone else's listing is 404 as a missing one; a pending or rejected listing is 409 (it is published by approval).`,
        security,
        params: idParam,
        response: { 200: listingRead, 401: errorDetail, 404: errorDetail, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req) => {
      await renewListing(db, req.user!, req.params.id, requestLang(req));
      const listing = await readListing(db, storage, req.params.id, { contact: true });
      if (!listing) throw notFound();
      return listing;
    },
  );

  app.delete(
    '/listings/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a listing with its images (owner or admin)',
        security,
        params: idParam,
        response: { 204: noContent('Deleted'), 401: errorDetail, 403: errorDetail, 404: errorDetail },
      },
    },
    async (req, reply) => {
      await svc.deleteListing(db, storage, req.user!, req.params.id, req.log);
      return reply.status(204).send();
    },
  );
}
