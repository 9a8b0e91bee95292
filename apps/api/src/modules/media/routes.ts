import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, MESSAGES, errorDetail, imageOrderBody, imageUploadQuery, mediaItem, noContent } from '@manzil/shared';
import { HttpError, tooLarge, unprocessable, unsupportedMedia } from '../../lib/errors.js';
import { ACCOUNT_LIMITS } from '../auth/limits.js';
import * as svc from './service.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Listing photos: upload one (multipart field `file`), delete one (spec §7), put them in order (issue 25). */
export default async function mediaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  const tags = ['media'];
  const security = [{ bearer: [] }];

  app.post(
    '/listings/:id/upload-image/',
    {
      preHandler: [app.requireUser, app.deps.limits.perAccount('imageUpload')],
      schema: {
        tags,
        summary:
          `Upload one photo (multipart field \`file\`; JPEG, PNG or WebP by content, at most 5 MB, 10 per listing). Stored as WebP variants without metadata. ` +
          `\`position\` places it among the photos (0 the cover), so photos uploaded in parallel keep the order they were picked in. 429 after ${ACCOUNT_LIMITS.imageUpload.points} uploads an hour per account`,
        security,
        consumes: ['multipart/form-data'],
        params: z.object({ id }),
        querystring: imageUploadQuery,
        documentedBody: {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary', description: `JPEG, PNG or WebP, at most ${LIMITS.imageBytes / 1024 / 1024} MB` } },
          required: ['file'],
        },
        response: {
          201: mediaItem,
          401: errorDetail,
          403: errorDetail,
          404: errorDetail,
          409: errorDetail.describe('The listing has its 10 photos already'),
          413: errorDetail,
          415: errorDetail.describe('Not multipart/form-data, or the file is not a JPEG, PNG or WebP image'),
          429: errorDetail,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw unsupportedMedia('Expected multipart/form-data with a field named file');
      await svc.checkCanUpload(db, req.user!, req.params.id);
      let buffer: Buffer | null = null;
      try {
        // Only the `file` field is read; multipart limits (app.ts) cap its size at 5 MB and the part count.
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !buffer) buffer = await part.toBuffer();
            else part.file.resume();
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(MESSAGES.fileTooLarge);
        if (err instanceof HttpError) throw err;
        throw unprocessable('Malformed multipart body');
      }
      if (!buffer || buffer.length === 0) throw unprocessable('A file field named file is required');
      const processed = await svc.processImage(buffer);
      const item = await svc.addImage(db, storage, req.user!, req.params.id, processed, req.query.position);
      return reply.status(201).send(item);
    },
  );

  app.put(
    '/listings/:id/images/order',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Put the listing's photos in this order, the first the cover (owner only, as editing the listing). `image_ids` lists every photo " +
          'of the listing exactly once; otherwise 422 with a message. Answers the photos in their new order',
        security,
        params: z.object({ id }),
        body: imageOrderBody,
        response: {
          200: z.array(mediaItem).describe("The listing's photos in their new order, the cover first"),
          401: errorDetail,
          403: errorDetail,
          404: errorDetail,
        },
      },
    },
    async (req) => svc.reorderImages(db, storage, req.user!, req.params.id, req.body.image_ids),
  );

  app.delete(
    '/listings/:id/images/:imageId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete one photo and its files (owner or admin)',
        security,
        params: z.object({ id, imageId: id }),
        response: { 204: noContent('Deleted'), 401: errorDetail, 403: errorDetail, 404: errorDetail },
      },
    },
    async (req, reply) => {
      const failed = await svc.deleteImage(db, storage, req.user!, req.params.id, req.params.imageId);
      if (failed) req.log.warn({ listingId: req.params.id, imageId: req.params.imageId, failed }, 'some image files could not be removed');
      return reply.status(204).send();
    },
  );
}
