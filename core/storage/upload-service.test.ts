import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from '../adapters/disk/disk-blob-store.js';
import { createMemoryBlobStore } from '../adapters/disk/memory-blob-store.js';
import type { Core } from '../index.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { buildPng } from '../testing/tiny-png.js';
import { checkImage, MAX_IMAGE_BYTES } from './image-check.js';
import { BUSINESS_IMAGES_BUCKET } from './upload-service.js';

describe('checkImage', () => {
  it('judges by content: a PNG is an image whatever its name, text named .png is not', async () => {
    expect(await checkImage(buildPng(), 'logo.PNG')).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(await checkImage(buildPng(), 'logo.jpg')).toEqual({ contentType: 'image/png', extension: 'png' });
    await expect(checkImage(Buffer.from('hello, not an image'), 'evil.png')).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA',
      message: 'Invalid file type',
      details: { description: 'Please select an image file' },
    });
    await expect(checkImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    await expect(checkImage(new Uint8Array(0), 'empty.png')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
  });

  it('refuses more than 10 MB', async () => {
    const big = Buffer.concat([buildPng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    await expect(checkImage(big, 'big.png')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large', details: { description: 'Please select an image smaller than 10MB' } });
  });
});

describe('disk blob store', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-blobs-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores, reads back, never overwrites, refuses escaping names, deletes', async () => {
    const store = createDiskBlobStore(path.join(root, 'storage'));
    await store.put('business-images', 'a-1.png', buildPng());
    expect(Buffer.from((await store.get('business-images', 'a-1.png')) ?? [])).toEqual(buildPng());
    await expect(store.put('business-images', 'a-1.png', Buffer.from('x'))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await fs.readdir(path.join(root, 'storage', 'business-images'))).toEqual(['a-1.png']);
    await expect(store.put('business-images', '../escape.png', Buffer.from('x'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(store.put('..', 'x.png', Buffer.from('x'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await store.get('business-images', '../../etc/passwd')).toBeNull();
    expect(await store.get('business-images', 'missing.png')).toBeNull();
    await store.delete('business-images', 'a-1.png');
    expect(await store.get('business-images', 'a-1.png')).toBeNull();
  });
});

describe.each(TEST_ENGINES)('upload service on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine, { blobStore: createMemoryBlobStore() });
  });
  afterEach(async () => {
    await core.close();
  });

  it('stores a business image under spec §5 name, records it and sets it on the listing', async () => {
    const listing = await testDb(core).insertInto('business_listings').values({ name: "Joe's Café & Bar" }).returningAll().executeTakeFirstOrThrow();
    const stored = await core.storage.uploadBusinessImage({ bytes: buildPng(2, 2), originalName: 'Logo.PNG', businessId: listing.id });
    expect(stored.key).toMatch(/^joe-s-caf-bar-\d{13}\.png$/);
    expect(stored.url).toBe(`/api/storage/${BUSINESS_IMAGES_BUCKET}/${stored.key}`);
    const row = await testDb(core).selectFrom('business_listings').select('image_url').where('id', '=', listing.id).executeTakeFirstOrThrow();
    expect(row.image_url).toBe(stored.url);
    const upload = await testDb(core).selectFrom('uploads').selectAll().executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ bucket: BUSINESS_IMAGES_BUCKET, object_key: stored.key, content_type: 'image/png', original_name: 'Logo.PNG', business_id: listing.id });
    expect(upload.sha256).toMatch(/^[0-9a-f]{64}$/);
    const object = await core.storage.readObject(BUSINESS_IMAGES_BUCKET, stored.key);
    expect(Buffer.from(object.bytes)).toEqual(buildPng(2, 2));
    expect(object.contentType).toBe('image/png');
  });

  it('gives two uploads in the same millisecond different names', async () => {
    const fixed = new Date('2026-05-01T12:00:00Z');
    const { createUploadService } = await import('./upload-service.js');
    const service = createUploadService({ db: testDb(core), blobStore: createMemoryBlobStore(), now: () => fixed });
    const [a, b] = await Promise.all([
      service.uploadBusinessImage({ bytes: buildPng(), originalName: 'a.png' }),
      service.uploadBusinessImage({ bytes: buildPng(), originalName: 'b.png' }),
    ]);
    expect(new Set([a.key, b.key]).size).toBe(2);
  });

  it('a disk that fills up mid-write stores nothing, records nothing, and the next upload works', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-blobs-'));
    try {
      let full = true;
      const blobStore = createDiskBlobStore(root, {
        writeNewFile: async (file, bytes) => {
          await fs.writeFile(file, bytes.subarray(0, full ? 10 : undefined), { flag: 'wx' });
          if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      });
      const { createUploadService } = await import('./upload-service.js');
      const service = createUploadService({ db: testDb(core), blobStore, now: () => new Date('2026-05-01T12:00:00Z') });
      await expect(service.uploadBusinessImage({ bytes: buildPng(), originalName: 'a.png' })).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(await fs.readdir(path.join(root, BUSINESS_IMAGES_BUCKET))).toEqual([]);
      expect(await testDb(core).selectFrom('uploads').selectAll().execute()).toEqual([]);
      full = false;
      const stored = await service.uploadBusinessImage({ bytes: buildPng(), originalName: 'a.png' });
      expect(await fs.readdir(path.join(root, BUSINESS_IMAGES_BUCKET))).toEqual([stored.key]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('refuses non-images and unknown businesses, storing nothing', async () => {
    await expect(core.storage.uploadBusinessImage({ bytes: Buffer.from('plain text'), originalName: 'notes.png' })).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    await expect(core.storage.uploadBusinessImage({ bytes: buildPng(), originalName: 'a.png', businessId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await testDb(core).selectFrom('uploads').selectAll().execute()).toEqual([]);
    await expect(core.storage.readObject(BUSINESS_IMAGES_BUCKET, 'nothing.png')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
