import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedDetail,
  errorDetail,
  googleAuthBody,
  googleAuthResponse,
  loginForm,
  MESSAGES,
  noContent as noBody,
  passwordResetBody,
  passwordResetCheckBody,
  passwordResetConfirmBody,
  text,
  tokenResponse,
  verifyEmailBody,
} from '@manzil/shared';
import { HttpError, unavailable } from '../../lib/errors.js';
import * as users from '../users/service.js';
import * as account from './service.js';
import { googleKeySource, verifyGoogleIdToken } from './google.js';
import { ACCOUNT_LIMITS } from './limits.js';
import { rateLimitByIp } from './rate-limit.js';

/** OAuth2 password-grant form: username (the e-mail) and password; the other standard fields are ignored. */
const tokenForm = loginForm.extend({
  grant_type: text(50).optional(),
  scope: text(500).optional(),
  client_id: text(200).optional(),
  client_secret: text(200).optional(),
});

const noContent = noBody('Done');

/**
 * Routes of the auth area: password and Google sign-in (each answering a bearer token of a new session),
 * e-mail verification, password reset, and ending sessions.
 */
export default async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config, limits } = app.deps;
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  const { points: lockAfter, duration: lockWindow } = ACCOUNT_LIMITS.failedSignIns;

  app.post(
    '/login/token',
    {
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary: `Sign in with e-mail and password (form-encoded, OAuth2 password style). 429 after 10 attempts a minute from one address, and after ${lockAfter} failed sign-ins on one account within ${lockWindow / 60} minutes (any password, with Retry-After, until the window passes or the password is reset)`,
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenForm,
        response: { 200: tokenResponse, 401: errorDetail, 403: errorDetail.describe('The account is blocked'), 429: errorDetail },
      },
    },
    async (req) => {
      const user = await limits.underSignInLock(req.body.username, () => users.authenticate(db, req.body.username, req.body.password));
      if (!user) throw new HttpError(401, MESSAGES.invalidCredentials);
      await limits.forget('failedSignIns', req.body.username.toLowerCase());
      return { access_token: await app.signToken(user), token_type: 'bearer' as const };
    },
  );

  app.post(
    '/auth/google',
    {
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary: 'Sign in with a Google ID token (verified here; user_info is never trusted); links an account with the same verified e-mail',
        body: googleAuthBody,
        response: { 200: googleAuthResponse, 401: errorDetail, 403: errorDetail.describe('The account is blocked'), 429: errorDetail, 503: errorDetail.describe('Google sign-in is not configured') },
      },
    },
    async (req) => {
      const clientId = config.GOOGLE_CLIENT_ID;
      if (!clientId) throw unavailable(MESSAGES.googleNotConfigured);
      const claims = await verifyGoogleIdToken(req.body.token, clientId, googleKeySource(app.deps.googleKeys));
      const user = await users.findOrCreateGoogleUser(db, claims);
      return { access_token: await app.signToken(user), token_type: 'bearer' as const, user: users.toUserMe(user) };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: rateLimitByIp(config, 20),
      schema: {
        tags,
        summary:
          'Follow a verification link: proves the account e-mail, or makes a requested new address the account e-mail (ending its other sessions). 400 when the link is unknown, used or expired; 409 when the new address was taken meanwhile',
        body: verifyEmailBody,
        response: { 204: noContent, 400: errorDetail, 409: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      await account.verifyEmail(app.deps, req.body.token, account.requestLang(req));
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      preHandler: app.requireUser,
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary: `Send the verification link again: to the pending new address if there is one, else to the unverified e-mail (nothing when verified). 429 after ${ACCOUNT_LIMITS.verificationMail.points} an hour per account`,
        security,
        response: { 202: acceptedDetail, 401: errorDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      await account.resendVerification(app.deps, req.user!, account.requestLang(req));
      return reply.status(202).send({ detail: MESSAGES.verificationSent });
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: rateLimitByIp(config, 5),
      schema: {
        tags,
        summary:
          'Forgot password: e-mails a link to /reset-password, valid 60 minutes, single use; none to a blocked account. Always 202 with the same body, whether or not the address has an account (or it is blocked)',
        body: passwordResetBody,
        response: { 202: acceptedDetail, 429: errorDetail },
      },
    },
    async (req, reply) => {
      // Answer first, then look the address up: the answer's body and time are the same for every address.
      await reply.status(202).send({ detail: MESSAGES.resetEmailSent });
      await account.requestPasswordReset(app.deps, req.body.email, account.requestLang(req)).catch((err) => req.log.error({ err }, 'password reset mail failed'));
      return reply;
    },
  );

  app.post(
    '/auth/password-reset/check',
    {
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary: 'Whether a reset link can still be used, without using it: 204, or 400 when it is unknown, used or expired, 403 when the account is blocked',
        body: passwordResetCheckBody,
        response: { 204: noContent, 400: errorDetail, 403: errorDetail.describe('The account is blocked'), 429: errorDetail },
      },
    },
    async (req, reply) => {
      await account.checkPasswordReset(app.deps.db, req.body.token);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary:
          'Set a new password with a reset link; ends every session of the account. 400 when the link is unknown, used or expired; 403 when the account is blocked (the link stays unused and nothing changes)',
        body: passwordResetConfirmBody,
        response: { 204: noContent, 400: errorDetail, 403: errorDetail.describe('The account is blocked'), 429: errorDetail },
      },
    },
    async (req, reply) => {
      await account.confirmPasswordReset(app.deps, req.body.token, req.body.password, account.requestLang(req));
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Sign out: ends this session (its token answers 401 from now on)', security, response: { 204: noContent, 401: errorDetail } },
    },
    async (req, reply) => {
      await account.logout(db, req.user!.sid);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/logout-all',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Sign out everywhere: ends every session of the account, this one included', security, response: { 204: noContent, 401: errorDetail } },
    },
    async (req, reply) => {
      await account.logoutAll(db, req.user!.id);
      return reply.status(204).send();
    },
  );
}
