import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteMeBody, errorDetail, noContent, registerBody, updateMeBody, userMe } from '@manzil/shared';
import { unauthorized } from '../../lib/errors.js';
import { ACCOUNT_LIMITS } from '../auth/limits.js';
import { rateLimitByIp } from '../auth/rate-limit.js';
import * as account from '../auth/service.js';
import * as svc from './service.js';

const deletionSummary = z.object({ listings: z.number().int(), photos: z.number().int(), messages: z.number().int() });

/** Routes of the users area: registration and the signed-in user's own account (spec §7 Account). */
export default async function usersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config, limits } = app.deps;
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.post(
    '/users/',
    {
      config: rateLimitByIp(config, 5),
      schema: {
        tags,
        summary:
          'Register an account (e-mail unique regardless of case) and e-mail it a verification link (in the language of Accept-Language); 429 after 5 attempts a minute per address',
        body: registerBody,
        response: { 201: userMe, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      const user = await svc.register(db, req.body);
      await account.sendVerification(app.deps, user, { to: user.email, change: false, lang: account.requestLang(req) });
      return reply.status(201).send(svc.toUserMe(user));
    },
  );

  const me = async (id: number) => {
    const u = await svc.getById(db, id);
    if (!u) throw unauthorized();
    return u;
  };

  app.get(
    '/users/me',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'The signed-in user', security, response: { 200: userMe, 401: errorDetail } },
    },
    async (req) => svc.toUserMe(await me(req.user!.id)),
  );

  app.patch(
    '/users/me',
    {
      preHandler: [app.requireUser, limits.perAccount('profileChange')],
      schema: {
        tags,
        summary: `Change e-mail, full name, phone or password (only the fields sent; full_name is split into first and last name). A new e-mail or password needs current_password (missing, or no password on the account: 400; wrong: 403). A new password ends the other sessions; a new e-mail is kept in pending_email and mailed a link, and becomes the e-mail when it is followed. 429 after ${ACCOUNT_LIMITS.profileChange.points} changes an hour, or while sign-ins on the account are locked`,
        security,
        body: updateMeBody,
        response: { 200: userMe, 400: errorDetail, 401: errorDetail, 403: errorDetail, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req) => {
      const { user, emailToConfirm } = await svc.updateMe(db, req.user!, req.body, limits, { lang: account.requestLang(req), publicUrl: app.deps.publicUrl() });
      if (emailToConfirm) await account.sendVerification(app.deps, user, { to: emailToConfirm, change: true, sessionId: req.user!.sid, lang: account.requestLang(req) });
      return svc.toUserMe(user);
    },
  );

  app.get(
    '/users/me/deletion-summary',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'What deleting the account would remove: listings, their photos, messages received',
        security,
        response: { 200: deletionSummary, 401: errorDetail },
      },
    },
    async (req) => svc.deletionSummary(db, req.user!.id),
  );

  app.delete(
    '/users/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Delete the account with its listings, photos and messages received, in one transaction that also queues a confirmation e-mail to its address (in the language of Accept-Language first). Confirmed with the password (missing: 400; wrong: 403), or, for an account without one, its e-mail typed again (400 when it differs)',
        security,
        body: deleteMeBody,
        response: { 204: noContent('Deleted'), 400: errorDetail, 401: errorDetail, 403: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      await svc.confirmDeletion(db, req.user!.id, req.body ?? {}, limits);
      const notice = { lang: account.requestLang(req), publicUrl: app.deps.publicUrl() };
      const deleted = await svc.deleteAccount(db, storage, req.user!.id, notice, req.log);
      if (!deleted) throw unauthorized();
      return reply.status(204).send();
    },
  );
}
