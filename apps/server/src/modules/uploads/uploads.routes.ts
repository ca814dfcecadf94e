import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import { idParamsSchema } from '@annasetu/domain';
import { collections, donations, uploads } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { currentUser, requireAnyRole, requireSignedIn } from '../../plugins/policy.js';
import { findRequestPhoto } from '../collections/collections.queries.js';
import type { PhotoStore } from './photo-store.js';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_SIDE = 1600;

/** JPEG, PNG or WebP, recognised by their signatures (the only types a photo may be). */
export function isAllowedImage(data: Buffer): boolean {
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  const png = data
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp =
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}

/**
 * The one file of a multipart upload. A body that is not well-formed multipart (no boundary,
 * another boundary, cut off) is MALFORMED_MULTIPART; a file over the limit FILE_TOO_LARGE.
 */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let part: MultipartFile | undefined;
  let data: Buffer;
  try {
    part = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    if (!part) throw new AppError('UPLOAD_NOT_IMAGE');
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE');
    }
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError('MALFORMED_MULTIPART');
  }
  // The stream stops at the limit; a cut-off file is refused, never decoded.
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
  return data;
}

/**
 * Collection photos. The upload must be a JPEG, PNG or WebP by its content, and is decoded as an
 * image (a script renamed .jpg fails here),
 * turned upright, scaled to at most 1600 px and re-encoded as JPEG, which drops EXIF, so no
 * location or device data leaves the volunteer's phone. Photos are shown only to the volunteer,
 * the donor, the destination and admins. A photo not yet attached can be deleted by its owner
 * (the volunteer removed or replaced it before recording the collection).
 */
const uploadRoutes: FastifyPluginAsyncZod<{ store: PhotoStore }> = async (app, { store }) => {
  app.post(
    '/photos',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['workflow'],
        summary:
          'Upload a collection photo (multipart field "photo"; JPEG, PNG or WebP, up to 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ photoId: z.string(), url: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const original = await readPhoto(request);
      // Decided by the bytes, not the name or the declared type: SVG, GIF, TIFF, HEIC... are
      // refused before any decoder sees them.
      if (!isAllowedImage(original)) throw new AppError('UPLOAD_NOT_IMAGE');
      let encoded: { data: Buffer; info: OutputInfo };
      try {
        encoded = await sharp(original, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new AppError('UPLOAD_NOT_IMAGE');
      }
      const id = randomUUID();
      await store.put(id, encoded.data);
      await app.database.db.insert(uploads).values({
        id,
        ownerId: user.id,
        contentType: 'image/jpeg',
        bytes: encoded.data.length,
        width: encoded.info.width,
        height: encoded.info.height,
      });
      return reply.code(201).send({ photoId: id, url: `/api/uploads/photos/${id}` });
    },
  );

  app.get(
    '/photos/:id',
    {
      preValidation: requireSignedIn,
      schema: { tags: ['workflow'], summary: 'A collection photo', params: idParamsSchema },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [row] = await app.database.db
        .select({
          ownerId: uploads.ownerId,
          donorId: donations.donorId,
          destinationUserId: collections.destinationUserId,
        })
        .from(uploads)
        .leftJoin(collections, eq(collections.id, uploads.collectionId))
        .leftJoin(donations, eq(donations.id, collections.donationId))
        .where(eq(uploads.id, request.params.id))
        .limit(1);
      const allowed =
        row &&
        (user.role === 'admin' ||
          [row.ownerId, row.donorId, row.destinationUserId].includes(user.id));
      if (!allowed) throw new AppError('NOT_FOUND');
      const photo = await store.open(request.params.id);
      if (!photo) throw new AppError('NOT_FOUND');
      if (photo.bytes !== undefined) reply.header('content-length', photo.bytes);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(photo.body);
    },
  );

  app.delete(
    '/photos/:id',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['workflow'],
        summary: 'Delete my photo that is not attached to a collection yet',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [removed] = await app.database.db
        .delete(uploads)
        .where(
          and(
            eq(uploads.id, request.params.id),
            eq(uploads.ownerId, user.id),
            isNull(uploads.collectionId),
          ),
        )
        .returning({ id: uploads.id });
      if (!removed) throw new AppError('NOT_FOUND');
      // The row goes first: a photo without its row can never be attached or shown.
      await store.delete(removed.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/requests/:id/photo',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['workflow'],
        summary: 'The collection photo of a request I take part in (null when there is none)',
        params: idParamsSchema,
        response: { 200: z.object({ photoUrl: z.string().nullable() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await findRequestPhoto(app.database.db, request.params.id);
      if (!found || (user.role !== 'admin' && !found.viewers.includes(user.id))) {
        throw new AppError('NOT_FOUND');
      }
      return { photoUrl: found.photoUrl };
    },
  );
};

export default uploadRoutes;
