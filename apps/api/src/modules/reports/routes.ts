import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDetail, hideBody, idParam, REPORT_HOLD_REPORTERS, reportBody, reportCase, reportCaseList, reportCasesQuery, reportCreated } from '@manzil/shared';
import { rateLimitByIp } from '../auth/rate-limit.js';
import * as svc from './service.js';

const denied = { 401: errorDetail, 403: errorDetail };

/** Reports a minute per address: a few listings for a person, too few to take listings down by flooding. */
const PER_MINUTE = 5;

/** Anyone reports a public listing (issue 28). */
export async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/listings/:id/report',
    {
      config: rateLimitByIp(config, PER_MINUTE),
      preHandler: app.optionalUser,
      schema: {
        tags: ['reports'],
        summary: `Report a public listing; anonymous or signed in. ${PER_MINUTE} a minute per address`,
        description:
          `A signed-in user reports a listing once (409 after); an address counts once per open case. After ${REPORT_HOLD_REPORTERS} ` +
          'different reporters (users or addresses) the listing leaves public view until an administrator decides. ' +
          "No address is stored, only a keyed hash to tell reporters apart. The listing's owner gets 403; a listing " +
          'the public cannot see, 404.',
        params: idParam,
        body: reportBody,
        response: { 201: reportCreated, 403: errorDetail, 404: errorDetail, 409: errorDetail },
      },
    },
    async (req, reply) => {
      const created = await svc.reportListing(db, { listingId: req.params.id, userId: req.user?.id ?? null, ip: req.ip, secret: config.JWT_SECRET, body: req.body });
      return reply.status(201).send(created);
    },
  );
}

/** The administrators' side: the cases and their decisions (admin only: anonymous 401, others 403). */
export async function adminReportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        security,
        summary: 'Report cases of one status (open by default): the listing, counts per reason, distinct reporters, the reports and the admin actions',
        querystring: reportCasesQuery,
        response: { 200: reportCaseList, ...denied },
      },
    },
    async (req) => svc.listCases(db, storage, req.query),
  );

  app.post(
    '/admin/reports/:id/dismiss',
    {
      schema: {
        tags,
        security,
        summary: "Dismiss an open case: 'reported' leaves the listing's withheld reasons (it is public again unless withheld otherwise); recorded",
        params: idParam,
        response: { 200: reportCase, 404: errorDetail, 409: errorDetail, ...denied },
      },
    },
    async (req) => svc.decideCase(db, storage, { caseId: req.params.id, adminId: req.user!.id, action: 'dismiss', reason: null, baseUrl: app.deps.publicUrl() }),
  );

  app.post(
    '/admin/reports/:id/hide',
    {
      schema: {
        tags,
        security,
        summary: "Hide the listing of an open case with a reason (required): 'hidden' replaces 'reported', the owner is e-mailed the reason; recorded",
        params: idParam,
        body: hideBody,
        response: { 200: reportCase, 404: errorDetail, 409: errorDetail, ...denied },
      },
    },
    async (req) => svc.decideCase(db, storage, { caseId: req.params.id, adminId: req.user!.id, action: 'hide', reason: req.body.reason, baseUrl: app.deps.publicUrl() }),
  );

  app.post(
    '/admin/reports/:id/unhide',
    {
      schema: {
        tags,
        security,
        summary: "Show a hidden case's listing again: 'hidden' leaves its withheld reasons and the case reads as dismissed; recorded. 409 unless the case is hidden",
        params: idParam,
        response: { 200: reportCase, 404: errorDetail, 409: errorDetail, ...denied },
      },
    },
    async (req) => svc.decideCase(db, storage, { caseId: req.params.id, adminId: req.user!.id, action: 'unhide', reason: null, baseUrl: app.deps.publicUrl() }),
  );
}
