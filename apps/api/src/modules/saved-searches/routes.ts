import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDetail, noContent, savedSearchCreate, savedSearchList, savedSearchParam, savedSearchPatch, savedSearchRead } from '@manzil/shared';
import { requestLang } from '../auth/service.js';
import * as svc from './service.js';

/** A signed-in user's saved searches (issue 27): each user sees and changes only their own (others' ids: 404). */
export default async function savedSearchesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['saved-searches'];
  const security = [{ bearer: [] }];

  app.get(
    '/saved-searches',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's saved searches, newest first, each with how many new listings matched since it was last opened",
        security,
        response: { 200: savedSearchList, 401: errorDetail },
      },
    },
    async (req) => svc.listSavedSearches(db, req.user!.id),
  );

  app.post(
    '/saved-searches',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Save a search: a name, a POST /listings/search body as `filters` (skip, limit and view are dropped) and how often to be alerted',
        description: 'At most 50 per user: the 51st is refused with 409. Its alerts are written in the language the request asks for (Accept-Language: Arabic unless English comes first).',
        security,
        body: savedSearchCreate,
        response: { 201: savedSearchRead, 401: errorDetail, 409: errorDetail },
      },
    },
    async (req, reply) => reply.status(201).send(await svc.createSavedSearch(db, req.user!.id, req.body, requestLang(req))),
  );

  app.patch(
    '/saved-searches/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Rename a saved search, change how often it alerts, or mark it seen (`seen: true` starts its "new" count again)',
        security,
        params: savedSearchParam,
        body: savedSearchPatch,
        response: { 200: savedSearchRead, 401: errorDetail, 404: errorDetail },
      },
    },
    async (req) => svc.updateSavedSearch(db, req.user!.id, req.params.id, req.body, requestLang(req)),
  );

  app.delete(
    '/saved-searches/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a saved search and its alerts',
        security,
        params: savedSearchParam,
        response: { 204: noContent('Deleted'), 401: errorDetail, 404: errorDetail },
      },
    },
    async (req, reply) => {
      await svc.deleteSavedSearch(db, req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );
}
