import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { isSafeObjectName, type BlobStore } from '../../ports/blob-store.js';

/** Files under `root/<bucket>/<key>`; directories are made on the first write. */
export function createDiskBlobStore(root: string): BlobStore {
  const fileOf = (bucket: string, key: string): string => {
    if (!isSafeObjectName(bucket) || !isSafeObjectName(key)) throw new AppError('BAD_INPUT', `Invalid storage name ${bucket}/${key}`);
    return path.join(root, bucket, key);
  };

  return {
    async put(bucket, key, bytes) {
      const file = fileOf(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then linked into place: a reader never sees half a file, and 'link'
      // fails on an existing name instead of replacing it.
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      try {
        await fs.link(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('CONFLICT', `Object ${bucket}/${key} already exists`);
        throw error;
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async get(bucket, key) {
      if (!isSafeObjectName(bucket) || !isSafeObjectName(key)) return null;
      try {
        return new Uint8Array(await fs.readFile(fileOf(bucket, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await fs.rm(fileOf(bucket, key), { force: true });
    },
  };
}
