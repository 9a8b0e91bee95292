/**
 * Security headers on every answer (@fastify/helmet). The Content-Security-Policy is completed in this file.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    hsts: config.PUBLIC_URL?.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
