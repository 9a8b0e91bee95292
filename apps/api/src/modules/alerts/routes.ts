import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertOneClickBodyDoc,
  alertUnsubscribeBody,
  alertUnsubscribeQuery,
  alertUnsubscribeRead,
  errorDetail,
  MESSAGES,
  noContent,
  validationError,
} from '@manzil/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { rateLimitByIp } from '../auth/rate-limit.js';
import { readUnsubscribeToken } from './token.js';

/**
 * Turning a saved search's alerts off from its mail, without signing in (issue 27): the token in the link is
 * the search's id signed by the server, so it can only do that, and answers only the search's name and
 * frequency (nothing of its owner). Rate-limited per address: a token cannot be guessed, but the routes still
 * should not be a free oracle.
 */
function searchOf(secret: string, token: string): number {
  const id = readUnsubscribeToken(secret, token);
  if (id === null) throw badRequest(MESSAGES.alertUnsubscribeInvalid);
  return id;
}

/** The search's frequency becomes off; again changes nothing (204 both times). */
async function turnOff(db: Database, secret: string, token: string): Promise<void> {
  const id = searchOf(secret, token);
  const res = await db.updateTable('saved_searches').set({ frequency: 'off' }).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MESSAGES.savedSearchNotFound);
}

export default async function alertsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['alerts'];

  app.get(
    '/alerts/unsubscribe',
    {
      config: rateLimitByIp(config, 30),
      schema: {
        tags,
        summary: "The saved search an alert mail's unsubscribe link is about: its name and how often it alerts",
        querystring: alertUnsubscribeQuery,
        response: { 200: alertUnsubscribeRead, 400: errorDetail, 404: errorDetail },
      },
    },
    async (req) => {
      const id = searchOf(config.JWT_SECRET, req.query.token);
      const row = await db.selectFrom('saved_searches').select(['name', 'frequency']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(MESSAGES.savedSearchNotFound);
      return row;
    },
  );

  app.post(
    '/alerts/unsubscribe',
    {
      config: rateLimitByIp(config, 30),
      schema: {
        tags,
        summary: "Turn off the alerts of the saved search an alert mail's link is about (its frequency becomes off)",
        description: 'For the web page of the link. Mail clients use POST /alerts/unsubscribe?token=… (one-click) instead.',
        body: alertUnsubscribeBody,
        response: { 204: noContent('Its alerts are off (again, if they were)'), 400: errorDetail, 404: errorDetail },
      },
    },
    async (req, reply) => {
      await turnOff(db, config.JWT_SECRET, req.body.token);
      return reply.status(204).send();
    },
  );
}

/**
 * The options of an RFC 8058 one-click unsubscribe at the site's root (a search's alerts here, favourites' price
 * drops in favorites/routes.ts): a mail client POSTs to the exact URL of List-Unsubscribe (`…?token=…`), whose GET
 * is the web app's page saying what it did. Registered outside /api/v1, so it states every status itself
 * (plugins/openapi.ts adds them only to /api/v1).
 */
export function oneClickUnsubscribeOptions(config: Config, doc: { tag: string; summary: string; done: string; gone: string }) {
  return {
    config: rateLimitByIp(config, 30),
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      description: 'The body is `List-Unsubscribe=One-Click` as form data, or nothing. The GET of this URL is the web page.',
      querystring: alertUnsubscribeQuery,
      documentedBody: alertOneClickBodyDoc,
      consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
      response: {
        204: noContent(doc.done),
        400: errorDetail.describe('Bad request: a body that does not parse, or a token this server did not sign'),
        404: errorDetail.describe(doc.gone),
        413: errorDetail.describe('The body is too large'),
        415: errorDetail.describe('The content type is not one this operation reads'),
        422: validationError.describe('Invalid request: `detail` lists the failed rules as {loc, msg, type}'),
        ...(config.RATE_LIMITS ? { 429: errorDetail.describe('Too many requests: try again after Retry-After seconds') } : {}),
      },
    },
  };
}

export async function alertsOneClickRoute(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  app.post(
    '/alerts/unsubscribe',
    oneClickUnsubscribeOptions(config, {
      tag: 'alerts',
      summary: "One-click unsubscribe (RFC 8058) from the List-Unsubscribe header of an alert mail: the search's alerts turn off",
      done: 'Its alerts are off (again, if they were)',
      gone: 'The saved search is gone',
    }),
    async (req, reply) => {
      await turnOff(db, config.JWT_SECRET, req.query.token);
      return reply.status(204).send();
    },
  );
}
