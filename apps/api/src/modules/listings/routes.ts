import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, errorDetail, idParam, listingCreateBody, listingRead, listingUpdateBody, myListingList, myListingsQuery, noContent } from '@manzil/shared';
import { notFound } from '../../lib/errors.js';
import { readListing } from './read.js';
import { ACCOUNT_LIMITS } from '../auth/limits.js';
import * as svc from './service.js';
import { EXPIRY_DAYS, renewListing } from './expiry.js';
import { requestLang } from '../auth/service.js';

/**
 * Routes of the listings area (spec §7 Listings): an owner's create, edit, delete and own list, and the
 * single-listing read. Search lives in modules/search, images in modules/media.
 */
export default async function listingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const tags = ['listings'];
  const security = [{ bearer: [] }];

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

  app.patch(
    '/listings/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Edit one's own listing; fields left out stay. A content change to an approved listing returns it to pending.",
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
