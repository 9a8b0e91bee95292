import type { FastifyInstance } from 'fastify';

/** Routes of the media area (being built). */
export default async function mediaRoutes(_app: FastifyInstance) {}
