import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPng } from '../../testing/tiny-png.js';
import { createDiskBlobStore, STALE_PART_MS } from './disk-blob-store.js';

const BUCKET = 'business-images';

function diskFull(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

/** Writes the first half of the bytes for real, then fails as a full disk does. */
async function writeHalfThenFail(file: string, bytes: Uint8Array): Promise<void> {
  await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)), { flag: 'wx' });
  throw diskFull();
}

/** A stream whose source errors after its first chunk reached the file. */
async function streamThatBreaks(file: string, bytes: Uint8Array): Promise<void> {
  async function* chunks() {
    yield Buffer.from(bytes.subarray(0, 8));
    throw new Error('stream broke');
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file, { flags: 'wx' }));
}

describe('disk blob store when a write fails midway', () => {
  let root: string;
  let dir: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-blobs-'));
    dir = path.join(root, BUCKET);
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it.each([
    ['a full disk', writeHalfThenFail, /ENOSPC/],
    ['a stream error', streamThatBreaks, /stream broke/],
  ])('%s leaves no partial file, and the same name can be stored afterwards', async (_label, failingWrite, message) => {
    let failNext = true;
    const store = createDiskBlobStore(root, {
      writeNewFile: async (file, bytes) => {
        if (!failNext) return fs.writeFile(file, bytes, { flag: 'wx' });
        failNext = false;
        return failingWrite(file, bytes);
      },
    });
    await expect(store.put(BUCKET, 'shop-1.png', buildPng())).rejects.toThrow(message);
    expect(await fs.readdir(dir)).toEqual([]);
    expect(await store.get(BUCKET, 'shop-1.png')).toBeNull();

    await store.put(BUCKET, 'shop-1.png', buildPng());
    expect(await fs.readdir(dir)).toEqual(['shop-1.png']);
    expect(Buffer.from((await store.get(BUCKET, 'shop-1.png')) ?? [])).toEqual(buildPng());
  });

  it("removes a crashed write's stale .part files when the bucket is next written, and keeps fresh ones", async () => {
    await fs.mkdir(dir, { recursive: true });
    const stale = path.join(dir, 'old-1.png.4242.abc.part');
    const fresh = path.join(dir, 'new-1.png.4343.def.part');
    await fs.writeFile(stale, 'half');
    await fs.writeFile(fresh, 'in progress');
    const longAgo = new Date(Date.now() - STALE_PART_MS - 60_000);
    await fs.utimes(stale, longAgo, longAgo);

    const store = createDiskBlobStore(root);
    await store.put(BUCKET, 'old-1.png', buildPng());
    expect((await fs.readdir(dir)).sort()).toEqual(['new-1.png.4343.def.part', 'old-1.png']);
  });

  it('never serves nor accepts a .part name as an object', async () => {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'x.png.1.a.part'), 'half');
    const store = createDiskBlobStore(root);
    expect(await store.get(BUCKET, 'x.png.1.a.part')).toBeNull();
    await expect(store.put(BUCKET, 'y.part', buildPng())).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
