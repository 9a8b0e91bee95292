import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDetail, googleAuthBody, googleAuthResponse, loginForm, MESSAGES, tokenResponse } from '@manzil/shared';
import { HttpError, unavailable } from '../../lib/errors.js';
import * as users from '../users/service.js';
import { googleKeySource, verifyGoogleIdToken } from './google.js';
import { rateLimitByIp } from './rate-limit.js';

/** OAuth2 password-grant form: username (the e-mail) and password; the other standard fields are ignored. */
const tokenForm = loginForm.extend({
  grant_type: z.string().max(50).optional(),
  scope: z.string().max(500).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

/** Routes of the auth area: password sign-in and Google sign-in, both answering a bearer token. */
export default async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['auth'];

  app.post(
    '/login/token',
    {
      config: rateLimitByIp(config, 10),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (form-encoded, OAuth2 password style); 429 after 10 attempts a minute',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenForm,
        response: { 200: tokenResponse, 401: errorDetail, 429: errorDetail },
      },
    },
    async (req) => {
      const user = await users.authenticate(db, req.body.username, req.body.password);
      if (!user) throw new HttpError(401, MESSAGES.invalidCredentials);
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
        response: { 200: googleAuthResponse, 401: errorDetail, 429: errorDetail, 503: errorDetail },
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
}
