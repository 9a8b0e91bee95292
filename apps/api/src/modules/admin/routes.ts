import type { FastifyInstance } from 'fastify';

/** Routes of the admin area (being built). */
export default async function adminRoutes(_app: FastifyInstance) {}
