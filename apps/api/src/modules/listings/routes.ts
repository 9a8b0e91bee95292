import type { FastifyInstance } from 'fastify';

/** Routes of the listings area (being built). */
export default async function listingsRoutes(_app: FastifyInstance) {}
