/**
 * Where uploaded files live (design §5: local disk under DATA_DIR/storage by default). Keys are
 * plain file names chosen by core; adapters refuse anything that could leave the bucket.
 */
export interface BlobStore {
  /** Stores new bytes; throws AppError CONFLICT when the key is taken (never overwrites). */
  put(bucket: string, key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(bucket: string, key: string): Promise<Uint8Array | null>;
  /** Removes the object if it exists. */
  delete(bucket: string, key: string): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Bucket and key names adapters accept: no separators, no leading dot, nothing to escape. */
export function isSafeObjectName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}
