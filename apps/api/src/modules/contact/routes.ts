import type { FastifyInstance } from 'fastify';

/** Routes of the contact area (being built). */
export default async function contactRoutes(_app: FastifyInstance) {}
