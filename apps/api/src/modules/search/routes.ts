import type { FastifyInstance } from 'fastify';

/** Routes of the search area (being built). */
export default async function searchRoutes(_app: FastifyInstance) {}
