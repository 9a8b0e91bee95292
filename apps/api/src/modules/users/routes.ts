import type { FastifyInstance } from 'fastify';

/** Routes of the users area (being built). */
export default async function usersRoutes(_app: FastifyInstance) {}
