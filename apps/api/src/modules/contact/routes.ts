import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDetail, idParam, listingContactBody, MESSAGES, platformContactBody } from '@manzil/shared';
import { sendListingMessage, sendPlatformMessage } from './service.js';

/** Per client address: enough for a person, too few for a spammer (RATE_LIMITS=false turns it off). */
const PER_MINUTE = 5;

const created = z.object({ id: z.number().int(), created_at: z.string() });

/** Routes of the contact area: messages to the platform and to a listing's owner (spec §7 Contact). */
export default async function contactRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['contact'];
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

  app.post(
    '/contact/platform',
    {
      config: limit,
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `Message to the platform (the /contact page); stored, then e-mailed to the platform inbox. ${PER_MINUTE} a minute per address`,
        body: platformContactBody,
        response: { 201: created, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const stored = await sendPlatformMessage(db, config, req.body, { userId: req.user?.id ?? null, ip: req.ip, baseUrl: app.deps.publicUrl() }, req.log);
      return reply.status(201).send(stored);
    },
  );

  app.post(
    '/contact/listing/:id',
    {
      config: limit,
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `Message to a public listing's owner; stored, then e-mailed with Reply-To the sender. The owner gets 403. ${PER_MINUTE} a minute per address`,
        params: idParam,
        body: listingContactBody,
        response: { 201: created, 403: errorDetail, 404: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const stored = await sendListingMessage(db, req.params.id, req.body, { userId: req.user?.id ?? null, ip: req.ip, baseUrl: app.deps.publicUrl() });
      return reply.status(201).send(stored);
    },
  );
}
