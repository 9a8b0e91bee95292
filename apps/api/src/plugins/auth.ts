/**
 * Bearer tokens (JWT HS256 with expiry) and the request guards every write uses. The user is reloaded on
 * each authenticated request, so a deleted user's token stops working and role changes apply at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../db/client.js';
import { forbidden, unauthorized } from '../lib/errors.js';

export interface AuthUser {
  id: number;
  email: string;
  role: 'USER' | 'ADMIN';
  first_name: string;
  last_name: string;
  full_name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of an existing user is sent. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 for anonymous, 403 unless role ADMIN. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets request.user when a valid token is sent, never fails. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: { id: number; role: string }) => Promise<string>;
  }
}

export interface AuthOptions {
  db: Database;
  secret: string;
  expiresInSeconds: number;
}

export default fp<AuthOptions>(async (app: FastifyInstance, opts) => {
  const key = new TextEncoder().encode(opts.secret);

  app.decorateRequest('user', null);

  app.decorate('signToken', async (user: { id: number; role: string }) =>
    new SignJWT({ role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + opts.expiresInSeconds)
      .sign(key),
  );

  async function resolve(req: FastifyRequest): Promise<AuthUser | null> {
    const header = req.headers.authorization;
    if (!header?.toLowerCase().startsWith('bearer ')) return null;
    const token = header.slice(7).trim();
    if (!token || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) return null;
      const row = await opts.db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'first_name', 'last_name', 'full_name'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    } catch {
      return null;
    }
  }

  app.decorate('optionalUser', async (req: FastifyRequest) => {
    req.user = await resolve(req);
  });
  app.decorate('requireUser', async (req: FastifyRequest) => {
    req.user = await resolve(req);
    if (!req.user) throw unauthorized();
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    req.user = await resolve(req);
    if (!req.user) throw unauthorized();
    if (req.user.role !== 'ADMIN') throw forbidden();
  });
});
