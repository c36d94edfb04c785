import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { isSafeObjectName, type BlobStore } from '../../ports/blob-store.js';

export interface DiskBlobStoreOptions {
  /** Writes bytes to a new file (never an existing one); tests inject one that fails midway. */
  writeNewFile?: (file: string, bytes: Uint8Array) => Promise<void>;
  /** A `.part` file untouched this long is a crashed write's leftover; removed when its bucket is next written. */
  stalePartMs?: number;
  now?: () => number;
}

const PART = '.part';
/** Ten minutes: a 10 MB image is written in well under a second, so no live write is this old. */
export const STALE_PART_MS = 10 * 60_000;

const writeNewFileOnDisk = (file: string, bytes: Uint8Array) => fs.writeFile(file, bytes, { flag: 'wx' });

async function linkNew(temporary: string, file: string, name: string): Promise<void> {
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('CONFLICT', `Object ${name} already exists`);
    throw error;
  }
}

/** Files under `root/<bucket>/<key>`; directories are made on the first write. */
export function createDiskBlobStore(root: string, options: DiskBlobStoreOptions = {}): BlobStore {
  const { writeNewFile = writeNewFileOnDisk, stalePartMs = STALE_PART_MS, now = Date.now } = options;
  const lastSweep = new Map<string, number>();
  const fileOf = (bucket: string, key: string): string => {
    // A `.part` name is a write in progress, never an object.
    if (!isSafeObjectName(bucket) || !isSafeObjectName(key) || key.endsWith(PART)) throw new AppError('BAD_INPUT', `Invalid storage name ${bucket}/${key}`);
    return path.join(root, bucket, key);
  };

  /** Removes crashed writes' `.part` files (a process killed mid-write leaves them), at most once per interval. */
  async function sweepStaleParts(dir: string): Promise<void> {
    const at = now();
    if (at - (lastSweep.get(dir) ?? -Infinity) < stalePartMs) return;
    lastSweep.set(dir, at);
    for (const name of await fs.readdir(dir)) {
      if (!name.endsWith(PART)) continue;
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && at - stat.mtimeMs >= stalePartMs) await fs.rm(file, { force: true });
    }
  }

  return {
    async put(bucket, key, bytes) {
      const file = fileOf(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await sweepStaleParts(path.dirname(file));
      // Written aside, then linked into place: a reader never sees half a file, and 'link'
      // fails on an existing name instead of replacing it.
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}${PART}`;
      try {
        await writeNewFile(temporary, bytes);
        await linkNew(temporary, file, `${bucket}/${key}`);
      } finally {
        // Whatever failed (a full disk, a stream error), the partial file goes: it would hold
        // the space a later upload needs. Its own failure must not hide the first error.
        await fs.rm(temporary, { force: true }).catch(() => undefined);
      }
    },
    async get(bucket, key) {
      if (!isSafeObjectName(bucket) || !isSafeObjectName(key) || key.endsWith(PART)) return null;
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
