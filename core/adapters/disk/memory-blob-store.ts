import { AppError } from '../../errors.js';
import { isSafeObjectName, type BlobStore } from '../../ports/blob-store.js';

/** A BlobStore in memory: tests, and demos that should leave no files behind. */
export function createMemoryBlobStore(): BlobStore & { readonly size: number } {
  const objects = new Map<string, Uint8Array>();
  const id = (bucket: string, key: string) => {
    if (!isSafeObjectName(bucket) || !isSafeObjectName(key)) throw new AppError('BAD_INPUT', `Invalid storage name ${bucket}/${key}`);
    return `${bucket}/${key}`;
  };
  return {
    get size() {
      return objects.size;
    },
    async put(bucket, key, bytes) {
      const name = id(bucket, key);
      if (objects.has(name)) throw new AppError('CONFLICT', `Object ${name} already exists`);
      objects.set(name, new Uint8Array(bytes));
    },
    async get(bucket, key) {
      if (!isSafeObjectName(bucket) || !isSafeObjectName(key)) return null;
      return objects.get(`${bucket}/${key}`) ?? null;
    },
    async delete(bucket, key) {
      objects.delete(id(bucket, key));
    },
  };
}
