import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findListingById, updateListing } from '../db/repositories/business-listings.js';
import { findUpload, insertUpload } from '../db/repositories/uploads.js';
import type { DB } from '../db/schema.js';
import { imageFileName } from '../domain/directory.js';
import { AppError, isAppError } from '../errors.js';
import type { BlobStore } from '../ports/blob-store.js';
import { checkImage } from './image-check.js';
import { isUuid } from '../domain/ids.js';

/** Spec §3: the storage bucket for business-listing images. */
export const BUSINESS_IMAGES_BUCKET = 'business-images';
/** Where the server serves stored objects: `${path}/<bucket>/<key>`. */
const DEFAULT_PUBLIC_PATH = '/api/storage';

const NAME_ATTEMPTS = 5;

export interface BusinessImageUpload {
  bytes: Uint8Array;
  originalName: string | null;
  /** The listing it is for: names the file (spec §5) and gets the URL as its image. */
  businessId?: string | undefined;
  uploadedBy?: string | null | undefined;
}

export interface StoredImage {
  url: string;
  key: string;
  contentType: string;
  sizeBytes: number;
}

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  sha256: string;
  createdAt: Date;
}

export interface UploadServiceOptions {
  db: Kysely<DB>;
  blobStore: BlobStore;
  publicPath?: string;
  now?: () => Date;
}

/** Uploaded files: checked, stored in the BlobStore, recorded in `uploads`, served by a public path. */
export function createUploadService({ db, blobStore, publicPath = DEFAULT_PUBLIC_PATH, now = () => new Date() }: UploadServiceOptions) {
  const urlOf = (bucket: string, key: string) => `${publicPath}/${bucket}/${key}`;

  async function uploadBusinessImage(upload: BusinessImageUpload): Promise<StoredImage> {
    const image = await checkImage(upload.bytes, upload.originalName);
    const listing = upload.businessId === undefined ? undefined : await requireListing(upload.businessId);
    const key = await storeUnderFreeName(listing?.name ?? 'business', image.extension, upload.bytes);
    const url = urlOf(BUSINESS_IMAGES_BUCKET, key);
    try {
      await db.transaction().execute(async (trx) => {
        await insertUpload(trx, {
          bucket: BUSINESS_IMAGES_BUCKET,
          object_key: key,
          content_type: image.contentType,
          size_bytes: upload.bytes.byteLength,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          original_name: upload.originalName?.slice(0, 255) ?? null,
          uploaded_by: upload.uploadedBy ?? null,
          business_id: listing?.id ?? null,
        });
        if (listing && !(await updateListing(trx, listing.id, { image_url: url }))) {
          throw new AppError('NOT_FOUND', `Business "${listing.id}" was deleted meanwhile`);
        }
      });
    } catch (error) {
      await blobStore.delete(BUSINESS_IMAGES_BUCKET, key).catch(() => undefined);
      throw error;
    }
    return { url, key, contentType: image.contentType, sizeBytes: upload.bytes.byteLength };
  }

  async function requireListing(id: string) {
    const listing = isUuid(id) ? await findListingById(db, id) : undefined;
    if (!listing) throw new AppError('NOT_FOUND', `Business "${id}" not found`);
    return listing;
  }

  // Two uploads for one business in the same millisecond would share a name: move on a millisecond.
  async function storeUnderFreeName(businessName: string, extension: string, bytes: Uint8Array): Promise<string> {
    const start = now().getTime();
    for (let attempt = 0; ; attempt += 1) {
      const key = imageFileName(businessName, `upload.${extension}`, new Date(start + attempt));
      try {
        await blobStore.put(BUSINESS_IMAGES_BUCKET, key, bytes);
        return key;
      } catch (error) {
        if (!isAppError(error) || error.code !== 'CONFLICT' || attempt + 1 >= NAME_ATTEMPTS) throw error;
      }
    }
  }

  /** A stored object with its recorded type; only objects recorded in `uploads` are served. */
  async function readObject(bucket: string, key: string): Promise<StoredObject> {
    const record = await findUpload(db, bucket, key);
    const bytes = record ? await blobStore.get(bucket, key) : null;
    if (!record || !bytes) throw new AppError('NOT_FOUND', `No stored file ${bucket}/${key}`);
    return { bytes, contentType: record.content_type, sha256: record.sha256, createdAt: record.created_at };
  }

  return { uploadBusinessImage, readObject, publicUrl: urlOf };
}

export type UploadService = ReturnType<typeof createUploadService>;
