import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { AppError, BUSINESS_IMAGES_BUCKET, INVALID_TYPE, MAX_IMAGE_BYTES, tooLarge, type Core } from '../../core/index.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { nulRefusal } from '../middleware/reject-nul.js';
import { parseRequest } from '../middleware/validate.js';
import { text, uuid } from './common.js';

const uploadFieldsSchema = z.object({ business_id: uuid.optional() });
export const objectParams = z.object({ bucket: z.literal(BUSINESS_IMAGES_BUCKET), key: text(200).regex(/^[a-z0-9-]+(?:\.[a-z0-9]+)?$/) });

/** Stored files never change (the name carries a timestamp), so browsers may keep them. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const MULTIPART_OVERHEAD = 64 * 1024;

const receiveFile = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
}).single('file');

/** Not multipart at all: spec §5's wrong-type message, with what to send instead. */
const notMultipart = () =>
  new AppError('UNSUPPORTED_MEDIA', INVALID_TYPE.message, { details: { description: 'Send the image as multipart/form-data in the field "file"' } });

/** Multipart parsing with spec §5's two refusals; anything else malformed is a 400. */
function receiveImage(req: Request, res: Response, next: NextFunction): void {
  if (Number(req.get('content-length') ?? 0) > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) return next(tooLarge());
  if (!req.is('multipart/form-data')) return next(notMultipart());
  receiveFile(req, res, (error: unknown) => {
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(tooLarge());
      return next(new AppError('BAD_INPUT', `Upload refused: ${error.message}`));
    }
    // Memory storage cannot fail on its own: any other error is the body's (no or a wrong
    // boundary, a truncated or aborted body, a malformed part header).
    if (error) return next(new AppError('BAD_INPUT', 'The upload could not be read: malformed multipart body'));
    // The form's text fields and the file name reach the database (uploads.original_name).
    next(nulRefusal(req.body, 'form') ?? nulRefusal(req.file?.originalname, 'file name'));
  });
}

/**
 * Business images (spec §5, §7 storage): upload for admins (it may set a listing's image, so it
 * empties the public cache), public reads with a long cache.
 */
export function createUploadsRouter(core: Core, cache: CacheInvalidation): Router {
  const router = Router();

  router.post('/admin/uploads/business-images', requireAdmin, receiveImage, cache.invalidates(async (req, res) => {
    const fields = parseRequest(uploadFieldsSchema, req);
    if (!req.file) throw new AppError('BAD_INPUT', INVALID_TYPE.description);
    // Core refuses what is not an image or too large with spec §5's message and description.
    const stored = await core.storage.uploadBusinessImage({
      bytes: req.file.buffer,
      originalName: req.file.originalname,
      businessId: fields.business_id,
      uploadedBy: req.user?.id ?? null,
    });
    res.status(201).json({ url: stored.url, key: stored.key, content_type: stored.contentType, size_bytes: stored.sizeBytes });
  }));

  router.get('/storage/:bucket/:key', async (req, res) => {
    const { bucket, key } = parseRequest(objectParams, req, 'params');
    const object = await core.storage.readObject(bucket, key);
    const etag = `"${object.sha256}"`;
    res.set({
      'Cache-Control': IMMUTABLE_CACHE,
      ETag: etag,
      'Last-Modified': object.createdAt.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    });
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    res.type(object.contentType).send(Buffer.from(object.bytes));
  });

  return router;
}
