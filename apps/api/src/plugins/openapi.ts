/**
 * The OpenAPI document is the contract (issue 21): generated from the same zod schemas that validate requests and
 * write answers, and listing every status an operation can answer, with its body. A route module declares what is
 * its own (200/201, 404 of a missing listing, 409, the 429 of an account limit...); the statuses every route of a
 * kind answers are added here, once, so a route added later documents them too:
 *
 * - 422 (validationError) where a body, query or path parameter is validated;
 * - 400, 413 and 415 where Fastify reads a body (every method but GET and HEAD, with or without a body schema):
 *   JSON or form data that does not parse, a body past the limit, a content type no parser takes;
 * - 400 and 414 where the path has parameters: a broken %-escape, a parameter past maxParamLength;
 * - 401 behind requireUser, 401 and 403 behind requireAdmin; 429 under a rate limit of @fastify/rate-limit.
 *
 * Each error status gets its description here, and a 204 declares no content.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorDetail, validationError } from '@manzil/shared';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body of a route that reads it itself (a multipart upload), as JSON Schema, for the document only:
     * Fastify does not validate it (schema.body would).
     */
    documentedBody?: Record<string, unknown>;
  }
}

/** What each error status means, wherever it is answered. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: a body that is not valid JSON or form data, a broken %-escape in the path, or a rule of this operation (see its summary)',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found',
  409: 'Conflicts with what is stored (see the summary)',
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'The content type is not one this operation reads',
  422: 'Invalid request: `detail` lists the failed rules as {loc, msg, type}; or, for a rule about stored data, `detail` is a message',
  429: 'Too many requests: try again after Retry-After seconds',
  503: 'Unavailable',
};

const described = new Map<number, z.ZodType>();
/** The error body of `status`, with its description (one schema per status). */
export function errorBody(status: number): z.ZodType {
  let s = described.get(status);
  if (!s) {
    const base = status === 422 ? validationError : errorDetail;
    s = ERROR_DESCRIPTIONS[status] ? base.describe(ERROR_DESCRIPTIONS[status]) : base;
    described.set(status, s);
  }
  return s;
}

const BODYLESS = new Set(['GET', 'HEAD']);

/** Adds the statuses of the list above to every route of /api/v1 (onRoute: before Fastify compiles the route). */
export function documentStatuses(app: FastifyInstance) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1') || !route.schema || route.schema.hide) return;
    const schema = route.schema;
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
    const add = (status: number) => {
      // A route's own error body keeps its place; the shared errorDetail gets the status's description.
      if (response[status] === undefined || response[status] === errorDetail) response[status] = errorBody(status);
    };
    const methods = [route.method].flat();
    const hooks: unknown[] = [route.onRequest, route.preHandler].flat().filter(Boolean);
    if (schema.body || schema.querystring || schema.params || schema.documentedBody) response[422] = errorBody(422);
    if (methods.some((m) => !BODYLESS.has(m))) [400, 413, 415].forEach(add);
    if (route.url.includes(':')) [400, 414].forEach(add);
    if (hooks.includes(app.requireUser) || hooks.includes(app.requireAdmin)) add(401);
    if (hooks.includes(app.requireAdmin)) add(403);
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) add(429);
    for (const status of Object.keys(response)) if (Number(status) >= 400) add(Number(status));
    route.schema = { ...schema, response };
  };
}

/** fastify-type-provider-zod's transform, plus the body a route documents itself (documentedBody). */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const { documentedBody, ...schema } = (out.schema ?? {}) as Record<string, unknown>;
  return { ...out, schema: documentedBody ? { ...schema, body: documentedBody } : schema };
};
