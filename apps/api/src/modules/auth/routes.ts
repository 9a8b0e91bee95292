import type { FastifyInstance } from 'fastify';

/** Routes of the auth area (being built). */
export default async function authRoutes(_app: FastifyInstance) {}
