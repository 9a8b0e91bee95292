import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAction, adminListingsQuery, adminStats, adminUser, adminUsersQuery, approveBody, errorDetail, idParam, listingRead, listOf, moderationEvent, rejectBody } from '@manzil/shared';
import { badRequest } from '../../lib/errors.js';
import * as admin from './service.js';
import { setBlocked } from './block.js';
import { listUsers } from './users.js';

const withHistory = listingRead.extend({ moderation_history: z.array(moderationEvent), admin_actions: z.array(adminAction) });
const pendingQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
const denied = { 401: errorDetail, 403: errorDetail };

/** Routes of the admin area (spec §7 Admin): bearer token of role ADMIN; others 403, anonymous 401. */
export default async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.requireAdmin);

  // Approve is sent with no body by the spec's client, sometimes still labelled JSON: an empty JSON body counts
  // as no body here (this plugin only), instead of a 400. Reject then answers 422: it needs its reason.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Invalid request data. Please check your input.'), undefined);
    }
  });

  app.get(
    '/admin/stats',
    { schema: { tags, security, summary: 'Listing counts by status, computed in one query', response: { 200: adminStats, ...denied } } },
    async () => admin.stats(db),
  );

  app.get(
    '/admin/listings/pending',
    {
      schema: {
        tags,
        security,
        summary: 'Listings waiting for review, oldest first (an array)',
        querystring: pendingQuery,
        response: { 200: z.array(listingRead), ...denied },
      },
    },
    async (req) => admin.pending(db, storage, req.query.offset, req.query.limit),
  );

  app.get(
    '/admin/listings',
    {
      schema: {
        tags,
        security,
        summary: 'All listings, newest first, optionally of one status; each with its moderation history',
        querystring: adminListingsQuery,
        response: { 200: listOf(withHistory), ...denied },
      },
    },
    async (req) => admin.allListings(db, storage, req.query),
  );

  app.get(
    '/admin/listings/review/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One listing of any status with its moderation history',
        params: idParam,
        response: { 200: withHistory, 404: errorDetail, ...denied },
      },
    },
    async (req) => admin.review(db, storage, req.params.id),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/listings/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === 'approve'
              ? 'Approve a listing (sets posted_at on first approval), record it and e-mail the owner; approving an approved listing that has not expired changes nothing'
              : 'Reject a listing with its reason (required), record it and e-mail the owner the reason; the same rejection again changes nothing',
          params: idParam,
          body: action === 'approve' ? approveBody : rejectBody,
          response: { 200: withHistory, 404: errorDetail, ...denied },
        },
      },
      async (req) =>
        admin.decide(db, storage, {
          listingId: req.params.id,
          adminId: req.user!.id,
          action,
          reason: req.body?.reason || null,
          // Links in the owner's mail: the one public origin, never the request's (forgeable) Host.
          baseUrl: app.deps.publicUrl(),
        }),
    );
  }

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users, newest first: by any part of the e-mail or name (q), only the blocked or active ones (status), with how many listings each owns',
        querystring: adminUsersQuery,
        response: { 200: listOf(adminUser), ...denied },
      },
    },
    async (req) => listUsers(db, req.query),
  );

  const blockState = z.object({ id: z.number().int(), blocked: z.boolean(), blocked_at: z.string().nullable() });
  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === 'block'
              ? "Block a user: they can no longer sign in, their sessions end and their listings leave public view ('blocked'); recorded, and the user is e-mailed. Again changes nothing (and mails nothing)"
              : "Unblock a user: they may sign in again and 'blocked' leaves their listings; recorded, and the user is e-mailed. Again changes nothing (and mails nothing)",
          params: idParam,
          response: { 200: blockState, 404: errorDetail, 409: errorDetail.describe('The user is an administrator'), ...denied },
        },
      },
      async (req) =>
        setBlocked(db, {
          userId: req.params.id,
          adminId: req.user!.id,
          block: action === 'block',
          // Links in the user's mail: the one public origin, never the request's (forgeable) Host.
          baseUrl: app.deps.publicUrl(),
        }),
    );
  }
}
