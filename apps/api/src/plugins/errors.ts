/**
 * The error contract of DESIGN §4: JSON `{"detail": ...}` with the right status, validation errors as
 * 422 with a list of {loc, msg, type}, never a stack trace.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
      // A malformed request header (Idempotency-Key) is a bad request (RFC 9110), not a form rule: 400 with its message.
      if (where === 'headers') return reply.status(400).send({ detail: err.validation[0]?.message ?? MESSAGES.badRequest });
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

  // The paths of the API and their methods: a known path asked with another method answers 405 with Allow.
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url
      .replace(/\/+$/, '')
      .split(/(:\w+|\*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    routes.push({ pattern: new RegExp(`^${source}/*$`), methods: [route.method].flat() });
  });

  app.decorate('webFallback', null);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/uploads/')) {
      const path = request.url.split('?')[0]!;
      const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))];
      if (allowed.length) return reply.status(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' });
      return reply.status(404).send({ detail: 'Not Found' });
    }
    // The web app (when served) answers every other path with its index.html (history fallback).
    if (app.webFallback) return app.webFallback(request, reply);
    return reply.status(404).type('text/plain').send('Not Found');
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them keep the error contract too (Fastify's default
 * answers {"error", "message", "statusCode"}): a method it does not know 501 (RFC 9110 §15.6.2), headers past
 * Node's limit (16 KB) 431, a client too slow 408, anything else that is not HTTP 400. They concern the
 * connection, not an operation: the document says so once, in its description.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail]: [number, string] =
    err.code === 'HPE_INVALID_METHOD'
      ? [501, 'Request method is not implemented']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request timed out']
          : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
