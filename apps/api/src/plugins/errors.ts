/**
 * The error contract of DESIGN §4: JSON `{"detail": ...}` with the right status, validation errors as
 * 422 with a list of {loc, msg, type}, never a stack trace.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    webFallback: ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
  }
}
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@manzil/shared';
import { HttpError } from '../lib/errors.js';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const detail = err.validation.map((v) => ({
        loc: [where, ...String(v.instancePath ?? '').split('/').filter(Boolean)],
        msg: v.message,
        type: String(v.keyword ?? 'value_error'),
      }));
      return reply.status(422).send({ detail });
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).headers(err.headers).send({ detail: err.message });
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type, multipart limits).
      let detail = err.message;
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') detail = MESSAGES.badRequest;
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') detail = 'Request body is too large';
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') detail = 'Unsupported content type';
      return reply.status(status).send({ detail });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: MESSAGES.serverError });
  });

  app.decorate('webFallback', null);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/uploads/')) {
      return reply.status(404).send({ detail: 'Not Found' });
    }
    // The web app (when served) answers every other path with its index.html (history fallback).
    if (app.webFallback) return app.webFallback(request, reply);
    return reply.status(404).type('text/plain').send('Not Found');
  });
}
