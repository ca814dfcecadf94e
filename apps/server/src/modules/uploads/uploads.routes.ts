import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import { idParamsSchema } from '@annasetu/domain';
import { AppError } from '../../lib/errors.js';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { findRequestPhoto } from '../carrying/collections.queries.js';
import type { PhotoStore } from './photo-store.js';
import { can, mayAttempt, type UploadAction } from './uploads.policy.js';
import { deleteUpload, findPhotoWithParties, insertUpload, lockPhoto } from './uploads.queries.js';
import { mediaAnswer } from '../../lib/openapi.js';

/** The route guard of an action: the uploads policy's role rule. */
const guard = (action: UploadAction) => requireAllowed((user) => mayAttempt(user, action));

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
      preValidation: guard('upload'),
      // A multipart body has no JSON schema, so its kind does not bring 413 (FILE_TOO_LARGE).
      config: { errors: [413] },
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
      await insertUpload(app.database.db, {
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
      preValidation: guard('view'),
      schema: {
        tags: ['workflow'],
        summary: 'A collection photo',
        params: idParamsSchema,
        response: { 200: mediaAnswer('image/jpeg', 'The photo') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await findPhotoWithParties(app.database.db, request.params.id);
      if (!row || !can(user, 'view', row)) throw new AppError('NOT_FOUND');
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
      preValidation: guard('delete'),
      schema: {
        tags: ['workflow'],
        summary: 'Delete my photo that is not attached to a collection yet',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Locked, so a collection recorded at the same moment either attaches it first (and it
      // stays) or finds it gone.
      const removed = await app.database.db.transaction(async (tx) => {
        const photo = await lockPhoto(tx, request.params.id);
        if (!photo || !can(user, 'delete', photo)) throw new AppError('NOT_FOUND');
        await deleteUpload(tx, photo.id);
        return photo;
      });
      // The row goes first: a photo without its row can never be attached or shown.
      await store.delete(removed.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/requests/:id/photo',
    {
      preValidation: guard('viewRequestPhoto'),
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
      if (!found || !can(user, 'viewRequestPhoto', found)) throw new AppError('NOT_FOUND');
      return { photoUrl: found.photoUrl };
    },
  );
};

export default uploadRoutes;
