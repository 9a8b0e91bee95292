import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactClickBody,
  errorDetail,
  idempotencyKeyHeaders,
  idParam,
  listingContactBody,
  listingMessageList,
  listingMessagesQuery,
  markMessagesReadBody,
  markMessagesReadResult,
  MESSAGES,
  noContent,
  platformContactBody,
  readIdempotencyKey,
} from '@manzil/shared';
import { hasAnswer } from '../../lib/idempotency.js';
import { countContactClick, listingMessages, markListingMessagesRead, sendListingMessage, sendPlatformMessage, type SendResult } from './service.js';

/** Per client address: enough for a person, too few for a spammer (RATE_LIMITS=false turns it off). */
const PER_MINUTE = 5;
/** Clicks on contact links per address: a person comparing a few homes stays far below it. */
const CLICKS_PER_MINUTE = 30;

const created = z.object({ id: z.number().int(), created_at: z.string() });

/** The answer of a send; a replay (same Idempotency-Key, same body) says so in Idempotent-Replayed. */
function answer(reply: FastifyReply, r: SendResult) {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(r.status).send(r.body);
}

const IDEMPOTENCY =
  ' With an `Idempotency-Key` header the message is sent once per key: the same key and body again answer the first answer ' +
  '(`Idempotent-Replayed: true`) and send nothing, another body 422, while the first is in progress 409; a malformed key 400.';

/**
 * Routes of the contact area: messages to the platform and to a listing's owner (spec §7 Contact), and the
 * owner's reading of the messages to a listing (issue 25).
 */
export default async function contactRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['contact'];
  const security = [{ bearer: [] }];
  const limit = config.RATE_LIMITS
    ? {
        rateLimit: {
          max: PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => req.ip,
          errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) => ({ statusCode: 429, detail: MESSAGES.tooManyRequests, retryAfter: ctx.after }),
        },
      }
    : {};
  // A replay (a key that already has its answer, for this caller and endpoint) sends no message, so it does not
  // count against the limit: an outbox emptying after a long power cut is not refused for resending what went
  // through. Checked before the body is read (the limit runs at onRequest, as without a key), so a reused key with
  // another body is let through too; it only ever gets a 422 and sends nothing either.
  const messageLimit = (endpoint: (req: FastifyRequest) => string) =>
    config.RATE_LIMITS
      ? {
          rateLimit: {
            ...limit.rateLimit!,
            allowList: async (req: FastifyRequest) => {
              const raw = req.headers['idempotency-key'];
              const key = typeof raw === 'string' ? readIdempotencyKey(raw) : null;
              if (!key) return false;
              await app.optionalUser(req, undefined as unknown as FastifyReply); // the caller, as the handler will see them
              return hasAnswer(db, { endpoint: endpoint(req), userId: req.user?.id ?? null, key });
            },
          },
        }
      : {};

  app.post(
    '/contact/platform',
    {
      config: messageLimit(() => 'POST /contact/platform'),
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `Message to the platform (the /contact page); stored, then e-mailed to the platform inbox. ${PER_MINUTE} a minute per address (replays excepted).${IDEMPOTENCY}`,
        headers: idempotencyKeyHeaders,
        body: platformContactBody,
        response: { 201: created, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const ctx = { userId: req.user?.id ?? null, ip: req.ip, baseUrl: app.deps.publicUrl(), idempotencyKey: req.headers['idempotency-key'] };
      return answer(reply, await sendPlatformMessage(db, config, req.body, ctx, req.log));
    },
  );

  app.post(
    '/contact/listing/:id',
    {
      config: messageLimit((req) => `POST /contact/listing/${Number((req.params as { id?: string }).id)}`),
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary:
          `Message to a public listing's owner; stored, then e-mailed with Reply-To the sender. The owner gets 403. ` +
          `${PER_MINUTE} a minute per address (replays excepted).${IDEMPOTENCY}`,
        params: idParam,
        headers: idempotencyKeyHeaders,
        body: listingContactBody,
        response: { 201: created, 403: errorDetail, 404: errorDetail, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const ctx = { userId: req.user?.id ?? null, ip: req.ip, baseUrl: app.deps.publicUrl(), idempotencyKey: req.headers['idempotency-key'] };
      return answer(reply, await sendListingMessage(db, req.params.id, req.body, ctx));
    },
  );

  // A click on a Call or WhatsApp link (issue 28), sent by the browser as a beacon; counted, nothing about the
  // visitor kept. Limited per address so a script cannot inflate an owner's counts.
  app.post(
    '/listings/:id/contact-clicks',
    {
      config: config.RATE_LIMITS
        ? { rateLimit: { ...limit.rateLimit!, max: CLICKS_PER_MINUTE } }
        : {},
      schema: {
        tags,
        summary: `Count a click on a public listing's Call or WhatsApp link. ${CLICKS_PER_MINUTE} a minute per address`,
        params: idParam,
        body: contactClickBody,
        response: { 204: noContent('Counted'), 404: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      await countContactClick(db, req.params.id, req.body.channel);
      return reply.status(204).send();
    },
  );

  // The owner reads the messages; reading writes nothing (a message stays unread until marked below).
  app.get(
    '/listings/:id/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "The messages visitors sent to one's own listing, newest first, each with `unread`; `total` and `unread` count all of them. " +
          'Only the listing\'s owner reads them (others, administrators included, get 403). Reading does not mark them read',
        security,
        params: idParam,
        querystring: listingMessagesQuery,
        response: { 200: listingMessageList, 401: errorDetail, 403: errorDetail, 404: errorDetail },
      },
    },
    async (req) => listingMessages(db, req.user!, req.params.id, req.query.skip, req.query.limit),
  );

  // A POST, not a side effect of the GET: the browser sends the ids of the messages it has shown, once they are on screen.
  app.post(
    '/listings/:id/messages/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Mark messages of one's own listing read, by id (up to 100; ids of other listings' or already read messages change nothing). " +
          'Answers how many were marked and how many of the listing\'s messages are still unread. Owner only',
        security,
        params: idParam,
        body: markMessagesReadBody,
        response: { 200: markMessagesReadResult, 401: errorDetail, 403: errorDetail, 404: errorDetail },
      },
    },
    async (req) => markListingMessagesRead(db, req.user!, req.params.id, req.body.message_ids),
  );
}
