import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@manzil/shared';
import type { Config } from '../../config.js';

/**
 * Route config for @fastify/rate-limit (registered with global:false): `max` attempts a minute per client
 * address; 429 with the spec's message. RATE_LIMITS=false turns it off (benchmarks, load tests).
 */
export function rateLimitByIp(config: Config, max: number): { rateLimit?: RateLimitOptions } {
  if (!config.RATE_LIMITS) return {};
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => req.ip,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        detail: MESSAGES.tooManyRequests,
        retryAfter: ctx.after,
      }),
    },
  };
}
