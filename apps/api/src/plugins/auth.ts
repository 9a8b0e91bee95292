/**
 * Bearer tokens (JWT HS256 with expiry), each naming a revocable session (auth_sessions, its `sid`), and the
 * request guards every write uses. The user and the session are read together on each authenticated request
 * (one join by primary key), so a deleted user, an ended session or a role change applies at once, on every
 * server.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { sql } from 'kysely';
import type { Database } from '../db/client.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { MESSAGES } from '@manzil/shared';

export interface AuthUser {
  id: number;
  email: string;
  role: 'USER' | 'ADMIN';
  first_name: string;
  last_name: string;
  full_name: string;
  /** The session this request's token belongs to. */
  sid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of a live session of an existing user is sent. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 for anonymous, 403 unless role ADMIN. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets request.user when a valid token is sent, never fails. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Starts a session for the user and answers its bearer token. */
    signToken: (user: { id: number; role: string }) => Promise<string>;
  }
}

export interface AuthOptions {
  db: Database;
  secret: string;
  expiresInSeconds: number;
}

/**
 * Ends the user's sessions (all of them, or all but `except`): their tokens answer 401 from the next request.
 * Runs inside the caller's transaction when given one.
 */
export async function endSessions(db: Pick<Database, 'deleteFrom'>, userId: number, except?: string | null): Promise<void> {
  let q = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (except) q = q.where('id', '<>', except);
  await q.execute();
}

export default fp<AuthOptions>(async (app: FastifyInstance, opts) => {
  const key = new TextEncoder().encode(opts.secret);

  app.decorateRequest('user', null);

  app.decorate('signToken', async (user: { id: number; role: string }) => {
    // A blocked user gets no session, whichever way they sign in (password or Google): 403 with the reason.
    const blocked = await opts.db.selectFrom('users').select('blocked_at').where('id', '=', user.id).executeTakeFirst();
    if (blocked?.blocked_at) throw forbidden(MESSAGES.accountBlocked);
    const sid = randomBytes(18).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + opts.expiresInSeconds;
    // The user's sessions that ran out are removed here, not by a sweep: sign-in is the one write that adds them.
    await opts.db.deleteFrom('auth_sessions').where('user_id', '=', user.id).where('expires_at', '<', sql<Date>`now()`).execute();
    await opts.db.insertInto('auth_sessions').values({ id: sid, user_id: user.id, expires_at: new Date(exp * 1000) }).execute();
    return new SignJWT({ role: user.role, sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).setIssuedAt().setExpirationTime(exp).sign(key);
  });

  async function resolve(req: FastifyRequest): Promise<AuthUser | null> {
    const header = req.headers.authorization;
    if (!header?.toLowerCase().startsWith('bearer ')) return null;
    const token = header.slice(7).trim();
    if (!token || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      const sid = payload.sid;
      // Tokens from before sessions existed carry no sid: they are no longer accepted (sign in again).
      if (!Number.isInteger(id) || typeof sid !== 'string' || sid.length > 64) return null;
      const row = await opts.db
        .selectFrom('users as u')
        .innerJoin('auth_sessions as s', 's.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.role', 'u.first_name', 'u.last_name', 'u.full_name', 's.id as sid'])
        .where('s.id', '=', sid)
        .where('u.id', '=', id)
        .where('s.expires_at', '>', sql<Date>`now()`)
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
